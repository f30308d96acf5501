import { catalogueIds, type AccessLevel } from "../shared/access";

/**
 * The GPU catalog: the single source of truth for GPU names (exact, case- and space-sensitive,
 * as clients send them URL-decoded in paths), their order (every list and response follows this
 * array) and the free tier. Index values of every GPU are USD per GPU-hour.
 */
export const GPU_CATALOG = [
  { gpuName: "H100 SXM", freeTier: true },
  { gpuName: "H200", freeTier: true },
  { gpuName: "A100 SXM4", freeTier: true },
  { gpuName: "RTX 5090", freeTier: true },
  { gpuName: "B200", freeTier: true },
  { gpuName: "RTX PRO 6000 WS", freeTier: false },
] as const;

export type GpuName = (typeof GPU_CATALOG)[number]["gpuName"];
export const { all: GPU_NAMES, freeTier: FREE_TIER_GPU_NAMES } = catalogueIds(
  GPU_CATALOG,
  "gpuName",
);

/** Only the global index is published; the original returns `""` or `"global"` for the same thing, we always say `global`. */
export const GPU_REGION = "global" as const;

/** The original service's exact 400 message for an unknown GPU name. */
export const INVALID_GPU_MESSAGE = `Invalid GPU type. Allowed: ${GPU_NAMES.join(", ")}`;

export function isGpuName(value: string): value is GpuName {
  return (GPU_NAMES as readonly string[]).includes(value);
}

export function isFreeTierGpu(gpu: GpuName): boolean {
  return FREE_TIER_GPU_NAMES.includes(gpu);
}

/** The GPUs a caller may see, in catalog order. */
export function visibleGpus(access: AccessLevel): readonly GpuName[] {
  return access === "full" ? GPU_NAMES : FREE_TIER_GPU_NAMES;
}
