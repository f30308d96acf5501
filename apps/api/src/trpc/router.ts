import type { DomainError} from "@tpi/domain";
import { LAB_CATALOG, PUBLIC_ACCESS } from "@tpi/domain";
import { TRPCError, initTRPC } from "@trpc/server";
import { z } from "zod";
import { ERROR_STATUS } from "../http/error-status";
import { answerOtpi } from "../services/otpi";
import type { PublishedIndex } from "../services/published-index";

/**
 * The internal tRPC router, used by the website's server-side rendering. It calls the same
 * services as the REST routes, so the two cannot drift. It is mounted behind the internal service
 * token (see app.ts); the website imports only its type: `import type { AppRouter }`.
 */
export type TrpcContext = { index: PublishedIndex; clock: () => Date };

const t = initTRPC.context<TrpcContext>().create();

function toTrpcError(error: DomainError): TRPCError {
  return new TRPCError({ code: ERROR_STATUS[error.code].trpc, message: error.message, cause: error });
}

/** The same parameters as `GET /api/otpi`; the domain rules validate the values. */
export const otpiQueryInput = z
  .object({
    date: z.string().optional(),
    startDate: z.string().optional(),
    endDate: z.string().optional(),
    lab: z.string().optional(),
  })
  .strict();

export const appRouter = t.router({
  /** The lab catalog in display order, with the free tier marked. */
  labs: t.procedure.query(() => LAB_CATALOG.map(({ lab, label, freeTier }) => ({ lab, label, freeTier }))),

  /** What a keyless caller of `GET /api/otpi` sees for the same parameters: the website is public. */
  publicIndex: t.procedure.input(otpiQueryInput).query(({ ctx, input }) => {
    const query = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    const result = answerOtpi(query, PUBLIC_ACCESS, ctx.clock(), ctx.index);
    if (!result.ok) throw toTrpcError(result.error);
    return result.value;
  }),
});

export type AppRouter = typeof appRouter;
