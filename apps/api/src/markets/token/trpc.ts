import {
  FREE_TIER_LAB_IDS,
  LAB_CATALOG,
  PUBLIC_ACCESS,
  freeWindow,
  isFreeTierLab,
} from "@tpi/domain";
import { z } from "zod";
import { keylessAnswer, keylessRouteProcedure } from "../../platform/trpc/route-procedure";
import { orNull, t, toTrpcError } from "../../platform/trpc/init";
import { sessionRouteProcedure } from "../../platform/trpc/session-procedure";
import { otpiConstituentsRoute } from "./routes/details";
import { otpiRoute } from "./routes/otpi";
import { sourceDaysInputSchema } from "./schemas/details";
import { methodologyDocument } from "./services/methodology";
import { answerSourceDays } from "./services/provenance";
import { TOKEN_TYPES_BODY, TOKEN_TYPES_FREE_BODY } from "./services/catalog";
import { answerRecentTokenVolume } from "./services/volume";
import type { OtpiRow } from "./services/otpi";
import { TOKEN } from "./read-model/state";

/**
 * The token market's procedures for the website, which is public: each answers what a keyless
 * caller of the REST routes sees, through the same routes (`keylessRouteProcedure`,
 * `keylessAnswer`) or the same published values. They sit at the router's top level, where the
 * website has called them since before markets were modules.
 */
export const tokenRouter = t.router({
  /** The lab catalog in display order, with the free tier marked. */
  labs: t.procedure.query(() =>
    LAB_CATALOG.map(({ lab, label, freeTier }) => ({ lab, label, freeTier })),
  ),

  /** What a keyless caller of `GET /api/otpi` sees for the same parameters. */
  publicIndex: keylessRouteProcedure(otpiRoute),

  /**
   * What `GET /api/otpi` answers a key of the signed-in reader's plan (`sessionToken`, from the
   * website's cookie), or a keyless caller without a live plan: the signed-in lab pages and CSV.
   */
  planIndex: sessionRouteProcedure(otpiRoute),

  /** `GET /api/otpi/constituents` for the signed-in reader's plan, as `planIndex`. */
  planConstituents: sessionRouteProcedure(otpiConstituentsRoute),

  /**
   * The free window as a keyless caller sees it (`GET /api/otpi?startDate=&endDate=[&lab=]` over
   * the trailing month), with the window itself so that the website never computes it from a
   * second clock. An empty window is an empty list rather than NOT_FOUND: pages render "no data".
   */
  freeWindowIndex: t.procedure
    .input(z.object({ lab: z.string().optional() }).strict())
    .query(async ({ ctx, input }) => {
      const window = freeWindow(ctx.deps.clock());
      const result = await keylessAnswer(otpiRoute, ctx, { ...window, lab: input.lab });
      if (result.ok) return { access: result.value.access, ...window, rows: result.value.data };
      if (result.error.code === "no_data")
        return { access: PUBLIC_ACCESS, ...window, rows: [] as OtpiRow[] };
      throw toTrpcError(result.error);
    }),

  /**
   * The volume page: the latest settled days of the free-tier labs (the website shows what a
   * keyless caller may see of the labs; shares and totals are over those labs), from the same
   * published values as `GET /api/token-volume?labs=<the free-tier labs>`.
   */
  recentTokenVolume: t.procedure.query(({ ctx }) =>
    answerRecentTokenVolume(TOKEN.of(ctx.deps).index, FREE_TIER_LAB_IDS),
  ),

  /**
   * The latest settled day of each keyed lab, in catalog order, and nothing else: the website
   * shows keyless readers that a keyed lab is current (the date) while its value stays locked.
   * No value, token count or constituent may be added here, since keyless pages render it.
   */
  keyedLatestDays: t.procedure.query(({ ctx }) =>
    LAB_CATALOG.filter(({ lab }) => !isFreeTierLab(lab)).map(({ lab, label }) => ({
      lab,
      label,
      latestDate: TOKEN.of(ctx.deps).index.latestDayWith([lab]) ?? null,
    })),
  ),

  /** The same bodies as `GET /api/token-types` and `GET /api/token-types-free`. */
  tokenTypes: t.procedure.query(() => ({
    all: TOKEN_TYPES_BODY.data,
    free: TOKEN_TYPES_FREE_BODY.data,
  })),

  /** The methodology document built from the rules this api runs with (configuration included). */
  methodology: t.procedure.query(({ ctx }) => {
    const { rules, index } = TOKEN.of(ctx.deps);
    return methodologyDocument(rules, index.dataSources);
  }),

  /** The sources behind the published data (the methodology's `dataSources`): sample or real, cited. */
  dataProvenance: t.procedure.query(({ ctx }) => TOKEN.of(ctx.deps).index.dataSources),

  /** Synced days of a range, oldest first: source, as-of time, citation, price basis and coverage. */
  sourceDays: t.procedure
    .input(sourceDaysInputSchema)
    .query(({ ctx, input }) => answerSourceDays(ctx.deps.db, input)),

  /**
   * `GET /api/otpi/constituents` as a keyless caller sees it: free-tier labs inside the free
   * window. A lab-day without constituents yet (not settled) is null rather than NOT_FOUND, so
   * pages render "no data".
   */
  constituents: t.procedure
    .input(z.object({ date: z.string(), lab: z.string() }).strict())
    .query(async ({ ctx, input }) =>
      orNull(await keylessAnswer(otpiConstituentsRoute, ctx, input)),
    ),
});
