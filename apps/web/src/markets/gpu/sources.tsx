import "server-only";
import type { LoadedSources } from "../../kit/market-entry";
import { loadGpuSources } from "./loaders";

/** The GPU index's sources, for every page's sample banner and footer. */
export async function loadGpuSiteSources(): Promise<LoadedSources> {
  return { answer: await loadGpuSources(), SampleRemedy: GpuSampleRemedy };
}

/** What the operator of the site does to replace the GPU sample with real prices (on /status). */
function GpuSampleRemedy() {
  return (
    <p data-sample-remedy="gpu">
      For real GPU prices, the api reads the public gpurentalprices ledger (
      <code>GPU_LEDGER_ENABLED</code>, on by default) once it can reach it, or the operator imports
      executed rental trades (<code>pnpm tpi gpu-import FILE --source NAME</code>) into a database
      started with <code>SEED_SAMPLE_ON_EMPTY=false</code>: sample trades once stored stay part of
      the history.
    </p>
  );
}
