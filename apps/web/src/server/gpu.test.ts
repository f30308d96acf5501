import type { AddressInfo } from "node:net";
import { TRPCError, initTRPC } from "@trpc/server";
import { createHTTPServer } from "@trpc/server/adapters/standalone";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { loadGpuIndex } from "./gpu";

/**
 * The GPU page reads procedures another change adds to the api. These tests serve a real tRPC
 * router over HTTP, once without the `gpu` procedures (the page must say "coming") and once with
 * them in the documented shapes (the page must show them).
 */
const t = initTRPC.create();
const routerWithoutGpu = t.router({ labs: t.procedure.query(() => []) });
const historyInputs: unknown[] = [];
const routerWithGpu = t.router({
  gpu: t.router({
    latestDaily: t.procedure.query(() => [
      { gpu_type: "H100 SXM", region: "global", index_value: 2.31, date: "2026-03-30" },
      { gpu_type: "B200", region: "global", index_value: 4.1, date: "2026-03-30" },
    ]),
    dailyHistory: t.procedure
      .input(
        z.object({
          gpu: z.string(),
          startDate: z.string().optional(),
          endDate: z.string().optional(),
        }),
      )
      .query(({ input }) => {
        historyInputs.push(input);
        return [
          { timestamp: "2026-03-29T00:00:00.000Z", index_value: input.gpu === "B200" ? 4 : 2.3 },
          { timestamp: "2026-03-30T00:00:00.000Z", index_value: input.gpu === "B200" ? 4.1 : 2.31 },
        ];
      }),
  }),
});

const routerWithGpuWithoutData = t.router({
  gpu: t.router({
    latestDaily: t.procedure.query(() => {
      throw new TRPCError({ code: "NOT_FOUND", message: "No GPU index data available." });
    }),
  }),
});

let close: (() => void) | undefined;
afterEach(() => {
  close?.();
  vi.unstubAllEnvs();
});

async function serve(
  router: typeof routerWithoutGpu | typeof routerWithGpu | typeof routerWithGpuWithoutData,
): Promise<void> {
  const server = createHTTPServer({ router, basePath: "/trpc/" });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  close = () => server.close();
  vi.stubEnv("TPI_API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

describe("loadGpuIndex", () => {
  it("reports 'not yet available' when the api has no gpu procedures", async () => {
    await serve(routerWithoutGpu);
    await expect(loadGpuIndex("2025-12-30", "2026-03-30")).resolves.toEqual({
      state: "not-yet-available",
    });
  });

  it("reads the latest values and each GPU's history over the requested window", async () => {
    await serve(routerWithGpu);
    const view = await loadGpuIndex("2025-12-30", "2026-03-30");
    expect(view.state).toBe("available");
    if (view.state !== "available") return;
    expect(view.latest.map((entry) => entry.gpu_type)).toEqual(["H100 SXM", "B200"]);
    expect(view.histories.map((history) => [history.gpu, history.rows.length])).toEqual([
      ["H100 SXM", 2],
      ["B200", 2],
    ]);
    expect(historyInputs).toContainEqual({
      gpu: "B200",
      startDate: "2025-12-30",
      endDate: "2026-03-30",
    });
  });

  it("tells 'no data yet' (NOT_FOUND from an existing procedure) apart from 'coming soon'", async () => {
    await serve(routerWithGpuWithoutData);
    await expect(loadGpuIndex("2025-12-30", "2026-03-30")).resolves.toEqual({
      state: "no-data",
      message: "No GPU index data available.",
    });
  });
});
