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
    // The live set is ~80 MB; collected at 50 % past it, the heap stays near 170 MB (measured
    // 168 MB). V8's own growth, which depends on how cheap collecting is next to the work, let
    // the same child reach 287 MB on a loaded machine and more on a quiet one. Only the bound with
    // the setting is asserted: it does not depend on the machine's speed, as a ratio of two runs
    // would.
    expect(peakHeapMb(true)).toBeLessThan(230);
  }, 60_000);
});
