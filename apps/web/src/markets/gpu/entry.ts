import { GPU_NAMES } from "@tpi/domain";
import type { MarketEntry } from "../../kit/market-entry";
import { GPU_METHODOLOGY_PATH, GPUS_PATH, gpuNameOfSegment, gpuPathOf } from "./paths";

/** The GPU compute price index: every GPU's page and the overview. */
export const gpuMarket: MarketEntry = {
  name: "gpu",
  sections: [{ id: "gpus", href: GPUS_PATH, label: "GPUs" }],
  segments: ["gpus"],
  knowsPage: (_segment, second) => gpuNameOfSegment(second) !== undefined,
  pagePaths: () => [GPUS_PATH, ...GPU_NAMES.map((gpu) => gpuPathOf(gpu)), GPU_METHODOLOGY_PATH],
  // The GPU pages show each hourly print; the methodology changes with a settled day at most.
  changeFrequencyOf: (path) => (path === GPU_METHODOLOGY_PATH ? "daily" : "hourly"),
  footer:
    "GPU index values are USD per GPU-hour, from providers' posted rental prices and executed rental trades",
  cardOf: (segments) => {
    const [first, second, ...rest] = segments;
    if (first !== "gpus" || second === undefined || rest.length > 0) return undefined;
    const gpu = gpuNameOfSegment(second);
    return gpu === undefined
      ? undefined
      : () => import("./card-content").then((card) => card.loadGpuCard(gpu));
  },
  sources: {
    indexName: "GPU",
    evidence: "trades",
    load: () => import("./sources").then((sources) => sources.loadGpuSiteSources()),
  },
  status: () => import("./status").then((status) => status.loadGpuStatus()),
};
