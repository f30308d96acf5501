import {
  FREE_TIER_LAB_IDS,
  LAB_CATALOG,
  PUBLIC_ACCESS,
  freeWindow,
  isFreeTierLab,
  isLabId,
} from "@tpi/domain";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { apiReference } from "../openapi/reference";
import {
  constituentsQuerySchema,
  sourceDaysInputSchema,
} from "../../markets/token/schemas/details";
import { answerSourceDays } from "../../markets/token/services/provenance";
import { methodologyDocument } from "../../markets/token/services/methodology";
import { answerConstituents } from "../../markets/token/services/details";
import { answerOtpi, type OtpiRow } from "../../markets/token/services/otpi";
import { TOKEN_TYPES_BODY, TOKEN_TYPES_FREE_BODY } from "../../markets/token/services/catalog";
import { answerRecentTokenVolume } from "../../markets/token/services/volume";
import { accountRouter } from "../accounts/trpc-router";
import { gpuRouter } from "../../markets/gpu/trpc";
import { t, toTrpcError, unwrap } from "./init";
import { freeWindows } from "./windows";

/**
 * The internal tRPC router, used by the website's server-side rendering. It calls the same
 * services as the REST routes, so the two cannot drift. It is mounted behind the internal service
 * token (see app.ts); the website imports only its type: `import type { AppRouter }`.
 */
export type { TrpcContext } from "./init";

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
  gpu: gpuRouter,
  /** The website's accounts: sessions, mail links, own keys and usage, operators. */
  account: accountRouter,
  /** The lab catalog in display order, with the free tier marked. */
  labs: t.procedure.query(() =>
    LAB_CATALOG.map(({ lab, label, freeTier }) => ({ lab, label, freeTier })),
  ),

  /** What a keyless caller of `GET /api/otpi` sees for the same parameters: the website is public. */
  publicIndex: t.procedure.input(otpiQueryInput).query(({ ctx, input }) => {
    const query = Object.fromEntries(
      Object.entries(input).filter(([, value]) => value !== undefined),
    );
    return unwrap(answerOtpi(query, PUBLIC_ACCESS, ctx.clock(), ctx.index));
  }),

  /**
   * The free window as a keyless caller sees it (`GET /api/otpi?startDate=&endDate=[&lab=]` over
   * the trailing month), with the window itself so that the website never computes it from a
   * second clock. An empty window is an empty list rather than NOT_FOUND: pages render "no data".
   */
  freeWindowIndex: t.procedure
    .input(z.object({ lab: z.string().optional() }).strict())
    .query(({ ctx, input }) => {
      const now = ctx.clock();
      const window = freeWindow(now);
      if (input.lab !== undefined && !isLabId(input.lab)) {
        throw new TRPCError({ code: "BAD_REQUEST", message: `Unknown lab '${input.lab}'.` });
      }
      const query = input.lab === undefined ? { ...window } : { ...window, lab: input.lab };
      const result = answerOtpi(query, PUBLIC_ACCESS, now, ctx.index);
      if (result.ok) return { access: result.value.access, ...window, rows: result.value.data };
      if (result.error.code === "no_data")
        return { access: PUBLIC_ACCESS, ...window, rows: [] as OtpiRow[] };
      throw toTrpcError(result.error);
    }),

  /**
   * The volume page: the latest settled days of the free-tier labs (the website shows what a
   * keyless caller may see of the labs; shares are still over every tracked lab), from the same
   * published values as `GET /api/token-volume`.
   */
  recentTokenVolume: t.procedure.query(({ ctx }) =>
    answerRecentTokenVolume(ctx.index, FREE_TIER_LAB_IDS),
  ),

  /** Each index's free window on the api's clock, so that the website never reads its own. */
  windows: t.procedure.query(({ ctx }) => freeWindows(ctx.clock())),

  /**
   * The latest settled day of each keyed lab, in catalog order, and nothing else: the website
   * shows keyless readers that a keyed lab is current (the date) while its value stays locked.
   * No value, token count or constituent may be added here, since keyless pages render it.
   */
  keyedLatestDays: t.procedure.query(({ ctx }) =>
    LAB_CATALOG.filter(({ lab }) => !isFreeTierLab(lab)).map(({ lab, label }) => ({
      lab,
      label,
      latestDate: ctx.index.latestDayWith([lab]) ?? null,
    })),
  ),

  /** The same bodies as `GET /api/token-types` and `GET /api/token-types-free`. */
  tokenTypes: t.procedure.query(() => ({
    all: TOKEN_TYPES_BODY.data,
    free: TOKEN_TYPES_FREE_BODY.data,
  })),

  /** The methodology document built from the rules this api runs with (configuration included). */
  methodology: t.procedure.query(({ ctx }) =>
    methodologyDocument(ctx.rules, ctx.index.dataSources),
  ),

  /** The sources behind the published data (the methodology's `dataSources`): sample or real, cited. */
  dataProvenance: t.procedure.query(({ ctx }) => ctx.index.dataSources),

  /** Synced days of a range, oldest first: source, as-of time, citation, price basis and coverage. */
  sourceDays: t.procedure
    .input(sourceDaysInputSchema)
    .query(({ ctx, input }) => answerSourceDays(ctx.db, input)),

  /**
   * `GET /api/otpi/constituents` as a keyless caller sees it (the website is public): free-tier
   * labs inside the free window. A lab-day without constituents yet (not settled) is null rather
   * than NOT_FOUND, so pages render "no data".
   */
  constituents: t.procedure.input(constituentsQuerySchema).query(async ({ ctx, input }) => {
    const result = await answerConstituents(ctx.db, input, PUBLIC_ACCESS, ctx.clock());
    if (result.ok) return result.value;
    if (result.error.code === "no_data") return null;
    throw toTrpcError(result.error);
  }),
  /**
   * The REST routes described for the website's /docs page; the examples ask for the latest day
   * the free-tier labs have settled (a day still open would answer 404).
   */
  apiReference: t.procedure.query(({ ctx }) =>
    apiReference(ctx.routes ?? [], ctx.clock(), ctx.index.latestDayWith(FREE_TIER_LAB_IDS)),
  ),
});

export type AppRouter = typeof appRouter;
