import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { layerProblems } from "../../../../tooling/eslint/layers.mjs";
import { LAYERS } from "../../layers.config.mjs";

const WEB_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

describe("the website's layers (layers.config.mjs)", () => {
  it("hold: every folder in a layer, imports downwards only, no folder cycle", () => {
    expect(layerProblems(join(WEB_DIR, LAYERS.root), LAYERS)).toEqual([]);
  });

  it("keep the shared parts from naming a market and each market from reaching into another", () => {
    const rules = (LAYERS.forbidden ?? []).map((rule) => `${rule.from} -> ${rule.to}`);
    for (const shared of ["lib", "server", "components", "client", "kit"])
      expect(rules).toContain(`${shared}/** -> markets/**`);
    expect(rules).toContain("markets/*/** -> markets/*/**");
  });
});
