import { TRPCError, initTRPC } from "@trpc/server";
import { z } from "zod";

/**
 * Routers standing in for the api in the GPU rendering tests: the `gpu` procedures in the shapes
 * the api's router returns (the REST envelopes), and with them but no data yet. The browser tests
 * run the page against the real api.
 */
const t = initTRPC.create();

/** The api's free windows on a fixed clock (today 2026-03-30 UTC). */
const windows = t.procedure.query(() => ({
  token: { startDate: "2026-02-28", endDate: "2026-03-30" },
  gpu: { startDate: "2025-12-30", endDate: "2026-03-30" },
}));

export const historyInputs: unknown[] = [];
export const routerWithGpu = t.router({
  windows,
  gpu: t.router({
    latestDaily: t.procedure.query(() => ({
      success: true,
      date: "2026-03-30T20:00:00.000Z",
      data: [
        {
          gpu_type: "H100 SXM",
          region: "global",
          index_value: 2.31,
          date: "2026-03-30T20:00:00.000Z",
        },
        { gpu_type: "B200", region: "global", index_value: 4.1, date: "2026-03-30T20:00:00.000Z" },
      ],
      count: 2,
    })),
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
        return {
          success: true,
          gpu_type: input.gpu,
          access: "public-3mo",
          startDate: input.startDate,
          endDate: input.endDate,
          count: 2,
          data: [
            { timestamp: "2026-03-29T20:00:00.000Z", index_value: input.gpu === "B200" ? 4 : 2.3 },
            {
              timestamp: "2026-03-30T20:00:00.000Z",
              index_value: input.gpu === "B200" ? 4.1 : 2.31,
            },
          ],
        };
      }),
  }),
});

export const routerWithGpuWithoutData = t.router({
  windows,
  gpu: t.router({
    latestDaily: t.procedure.query(() => {
      throw new TRPCError({ code: "NOT_FOUND", message: "No GPU index data available." });
    }),
  }),
});
