import { GPU_CATALOG, PUBLIC_ACCESS, authorizeGpu } from "@tpi/domain";
import { z } from "zod";
import { parseParams, parseQuery } from "../schemas/common";
import { gpuIndexHistoryQuerySchema, gpuPathParamsSchema } from "../schemas/gpu";
import { answerDailyIndexAll, answerGpuIndexHistory } from "../services/gpu";
import { t, unwrap } from "./init";

/**
 * GPU procedures for the website. The website is public, so they answer what a keyless caller of
 * the REST routes sees, through the same schemas and service functions.
 */
export const gpuRouter = t.router({
  /** Every GPU in display order with the free tier marked. */
  catalog: t.procedure.query(() =>
    GPU_CATALOG.map(({ gpuName, freeTier }) => ({ gpuName, freeTier })),
  ),
  /** The latest settled daily value of each free-tier GPU. */
  latestDaily: t.procedure.query(({ ctx }) =>
    unwrap(answerDailyIndexAll(PUBLIC_ACCESS, ctx.clock(), ctx.gpuIndex)),
  ),
  /** A free-tier GPU's daily series within the keyless window, as `GET /api/gpu/{gpuName}/index-history`. */
  dailyHistory: t.procedure
    .input(
      z
        .object({
          gpu: z.string(),
          startDate: z.string().optional(),
          endDate: z.string().optional(),
        })
        .strict(),
    )
    .query(({ ctx, input: { gpu, ...days } }) => {
      const { gpuName } = unwrap(parseParams(gpuPathParamsSchema, { gpuName: gpu }));
      unwrap(authorizeGpu(gpuName, PUBLIC_ACCESS));
      const query = Object.fromEntries(Object.entries(days).filter(([, v]) => v !== undefined));
      const range = unwrap(parseQuery(gpuIndexHistoryQuerySchema, query));
      return unwrap(
        answerGpuIndexHistory(gpuName, range, PUBLIC_ACCESS, undefined, ctx.clock(), ctx.gpuIndex),
      );
    }),
});
