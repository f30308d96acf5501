import { TRPCError, initTRPC } from "@trpc/server";
import { z } from "zod";

/**
 * Routers standing in for the api in GPU tests: without the `gpu` procedures (the api before the
 * GPU index is merged), with them in the documented shapes, and with them but no data yet.
 */
const t = initTRPC.create();
export const routerWithoutGpu = t.router({ labs: t.procedure.query(() => []) });
export const historyInputs: unknown[] = [];
export const routerWithGpu = t.router({
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

export const routerWithGpuWithoutData = t.router({
  gpu: t.router({
    latestDaily: t.procedure.query(() => {
      throw new TRPCError({ code: "NOT_FOUND", message: "No GPU index data available." });
    }),
  }),
});
