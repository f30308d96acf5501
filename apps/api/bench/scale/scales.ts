import { GPU_SAMPLE_TRADES_PER_DAY } from "@tpi/db";

/**
 * The data sizes of the cost curve. Each scaled row grows one axis and keeps the others at the
 * sample's size, so that a change in a figure points at one cause.
 */
export type Scale = {
  id: string;
  label: string;
  /** Years of token history ending yesterday; undefined: the sample as the api seeds it (from SAMPLE_START_DAY). */
  tokenYears: number | undefined;
  /** GPU trades a day across all GPUs, over the GPU sample's 18 months. */
  gpuTradesPerDay: number;
  /**
   * Published series added next to the 11 catalog labs, copies of their values under synthetic
   * lab ids, written straight into index_value (the catalog is fixed at 11 labs, so the api can
   * neither settle nor serve them: they measure the stored and in-memory side only).
   */
  syntheticLabs: number;
};

export const SCALES: readonly Scale[] = [
  {
    id: "1x",
    label: "1x: the sample",
    tokenYears: undefined,
    gpuTradesPerDay: GPU_SAMPLE_TRADES_PER_DAY,
    syntheticLabs: 0,
  },
  {
    id: "10y",
    label: "10 years x 11 labs",
    tokenYears: 10,
    gpuTradesPerDay: GPU_SAMPLE_TRADES_PER_DAY,
    syntheticLabs: 0,
  },
  {
    id: "gpu10x",
    label: "10x GPU trades",
    tokenYears: undefined,
    gpuTradesPerDay: 10 * GPU_SAMPLE_TRADES_PER_DAY,
    syntheticLabs: 0,
  },
  {
    id: "labs100",
    label: "100 labs (89 synthetic series)",
    tokenYears: undefined,
    gpuTradesPerDay: GPU_SAMPLE_TRADES_PER_DAY,
    syntheticLabs: 89,
  },
];

/** Synthetic lab ids: never catalog ids, so no route can mistake one for a lab it serves. */
export function syntheticLabId(n: number): string {
  return `synthetic-lab-${String(n).padStart(3, "0")}`;
}
