/**
 * The benchmarks' shared pieces: the compiled api in its own process, the load generator in
 * its own process, and baseline servers (bare Express, raw node:http) in their own processes
 * serving the same bytes as the target they are compared with.
 */
export {
  API_DIR,
  cpuSeconds,
  ensureApiBuilt,
  freePort,
  ownChildProcess,
  residentBytes,
  startApiProcess,
  type ApiProcess,
} from "./api-process";
export {
  BASELINE_DESCRIPTIONS,
  recordResponse,
  startBaselineServer,
  type BaselineKind,
  type BaselineServer,
  type RecordedResponse,
} from "./baselines";
export { fullPlanKey } from "./bench-key";
export { runLoad, type LoadEngine, type LoadFigures, type LoadOptions } from "./load";
export { formatStageShares, summarizeCpuProfile, type StageShare } from "./cpu-profile";
