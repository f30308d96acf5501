import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const HEAP_MODULE = fileURLToPath(new URL("./heap.ts", import.meta.url));

/**
 * The peak heap (MB) of a child process that holds a live set of ~80 MB and then makes garbage
 * that lives long enough to reach the old generation (a ring of recent batches, as an import's
 * rows and its statements' parameters do), with or without the command line's setting.
 */
function peakHeapMb(withSetting: boolean): number {
  const script = `
    import { collectNearLiveHeapSize } from ${JSON.stringify(HEAP_MODULE)};
    if (${withSetting}) collectNearLiveHeapSize();
    const live = Array.from({ length: 800_000 }, (_, i) => ({ i, text: "live " + i }));
    const ring = [];
    let peak = 0;
    for (let batch = 0; batch < 600; batch++) {
      ring.push(Array.from({ length: 5_000 }, (_, i) => ({ batch, i, text: "row " + batch + " " + i })));
      if (ring.length > 20) ring.shift();
      peak = Math.max(peak, process.memoryUsage().heapTotal);
    }
    console.log(live.length > 0 ? peak / 1048576 : 0);`;
  const child = spawnSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "--eval", script],
    { encoding: "utf8" },
  );
  expect(child.stderr).toBe("");
  return Number(child.stdout.trim());
}

describe("the command line's heap", () => {
  it("is collected near its live size instead of growing to several times it", () => {
    const unset = peakHeapMb(false);
    const set = peakHeapMb(true);
    // Measured 287 MB without the setting and 168 MB with it.
    expect(set).toBeGreaterThan(0);
    expect(set).toBeLessThan(unset * 0.75);
  }, 60_000);
});
