import { ACCOUNT_PLANS, parseReleaseNumber, parseRowLimit, type AccountPlan } from "@tpi/domain";
import { z } from "zod";
import { RELEASE_LIST_LIMIT } from "../release-api/routes";
import { releaseList, releaseManifest } from "../release-api/releases";
import { t, unwrap } from "./init";

/**
 * The daily releases for the website's /downloads page and series pages: the same answers as
 * `GET /api/v1/releases` and `GET /api/v1/releases/{release}`, from the same functions, with the
 * same parameters read by the same domain rules (as the strings a URL would carry).
 */
export const releasesRouter = t.router({
  /** `GET /api/v1/releases?limit&before`: the releases kept, newest first. */
  list: t.procedure
    .input(z.object({ limit: z.string().optional(), before: z.string().optional() }).strict())
    .query(async ({ ctx, input }) => {
      const limit = unwrap(parseRowLimit(input.limit, RELEASE_LIST_LIMIT));
      const before =
        input.before === undefined
          ? undefined
          : unwrap(parseReleaseNumber("Query parameter 'before'", input.before, false));
      const data = await releaseList(ctx.deps.db, {
        limit,
        ...(typeof before === "number" ? { before } : {}),
      });
      return { success: true as const, count: data.length, data };
    }),
  /** `GET /api/v1/releases/{release}` (a number or `latest`): the manifest; unknown: NOT_FOUND. */
  get: t.procedure
    .input(z.object({ release: z.string() }).strict())
    .query(async ({ ctx, input }) => {
      const release = unwrap(parseReleaseNumber("Path parameter 'release'", input.release, true));
      const manifest = unwrap(await releaseManifest(ctx.deps.db, release));
      return { success: true as const, ...manifest };
    }),
  /**
   * Which plans' keys download each dataset's full file (the markets' own rule, asked for every
   * plan): the page says who reads a file it cannot link, and never decides it.
   */
  fullFilePlans: t.procedure.query(({ ctx }) =>
    ctx.deps.marketList.flatMap((market) =>
      market.bulkDatasets.map((dataset) => ({
        market: dataset.market,
        name: dataset.name,
        plans: ACCOUNT_PLANS.filter((plan: AccountPlan) => dataset.keyedAccess?.(plan).ok ?? true),
      })),
    ),
  ),
});
