import type { AnyTRPCRouter } from "@trpc/server";
import { afterEach, describe, expect, it } from "vitest";
import { serveRouterAsApi } from "../../testing/trpc-fixture";
import { loadGpuIndex } from "./loaders";
import { historyInputs, routerWithGpu, routerWithGpuWithoutData } from "./test-routers";

/**
 * The GPU loader against tRPC routers served over HTTP in the api's GPU shapes, with and without
 * published values.
 */
let close: (() => void) | undefined;
afterEach(() => close?.());

async function serve(router: AnyTRPCRouter): Promise<void> {
  close = await serveRouterAsApi(router);
}

describe("loadGpuIndex", () => {
  it("reads the latest values and each GPU's history over the requested window", async () => {
    await serve(routerWithGpu);
    const view = await loadGpuIndex("2025-12-30", "2026-03-30");
    expect(view.state).toBe("available");
    if (view.state !== "available") return;
    expect(view.latest.map((entry) => entry.gpu_type)).toEqual(["H100 SXM", "B200"]);
    expect(view.histories.map((history) => [history.gpu, history.rows.length])).toEqual([
      ["H100 SXM", 4],
      ["B200", 2],
    ]);
    expect(historyInputs).toContainEqual({
      gpu: "B200",
      startDate: "2025-12-30",
      endDate: "2026-03-30",
    });
  });

  it("reports 'no data yet' when the procedure answers NOT_FOUND", async () => {
    await serve(routerWithGpuWithoutData);
    await expect(loadGpuIndex("2025-12-30", "2026-03-30")).resolves.toEqual({
      state: "no-data",
      message: "No GPU index data available.",
    });
  });
});
