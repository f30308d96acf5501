import type { LayerConfig } from "../../tooling/eslint/layers.mjs";
export const LAYERS: LayerConfig;
