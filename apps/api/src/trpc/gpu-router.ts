import { GPU_CATALOG, PUBLIC_ACCESS, type DomainError, type Result } from "@tpi/domain";
import { TRPCError, initTRPC } from "@trpc/server";
import { z } from "zod";
import { ERROR_STATUS } from "../http/error-status";
import { answerDailyIndexAll, answerGpuIndexHistory } from "../services/gpu";
import type { GpuPublishedIndex } from "../read-models/gpu-published-index";

/**
 * GPU procedures for the website. The website is public, so they answer what a keyless caller of
 * the REST routes sees, through the same service functions.
 */
export type GpuTrpcContext = { gpuIndex: GpuPublishedIndex; clock: () => Date };

const t = initTRPC.context<GpuTrpcContext>().create();

function unwrap<T>(result: Result<T, DomainError>): T {
  if (!result.ok)
    throw new TRPCError({
      code: ERROR_STATUS[result.error.code].trpc,
      message: result.error.message,
      cause: result.error,
    });
  return result.value;
}

export const gpuRouter = t.router({
  /** Every GPU in display order with the free tier marked. */
  catalog: t.procedure.query(() =>
    GPU_CATALOG.map(({ gpuName, freeTier }) => ({ gpuName, freeTier })),
  ),

  /** The latest settled daily value of each free-tier GPU. */
  latestDaily: t.procedure.query(({ ctx }) =>
    unwrap(answerDailyIndexAll({}, PUBLIC_ACCESS, ctx.clock(), ctx.gpuIndex)),
  ),

  /** A free-tier GPU's daily series within the trailing 3 months. */
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
    .query(({ ctx, input }) => {
      const query = Object.fromEntries(
        Object.entries({ startDate: input.startDate, endDate: input.endDate }).filter(
          ([, v]) => v !== undefined,
        ),
      );
      return unwrap(
        answerGpuIndexHistory(input.gpu, query, PUBLIC_ACCESS, ctx.clock(), ctx.gpuIndex),
      );
    }),
});
