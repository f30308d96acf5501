import { z } from "zod";
import { RELEASE_LIST_LIMIT } from "../release-api/routes";
import { releaseList, releaseManifest } from "../release-api/releases";
import { t, unwrap } from "./init";

/**
 * The releases for the website's download page (`releases.list`, `releases.get`): the answers of
 * GET /api/v1/releases and GET /api/v1/releases/{release}, same shapes, same refusals.
 */
export const releasesRouter = t.router({
  list: t.procedure
    .input(
      z
        .object({
          limit: z.number().int().min(1).max(RELEASE_LIST_LIMIT.max).optional(),
          before: z.number().int().min(1).optional(),
        })
        .optional(),
    )
    .query(async ({ ctx, input }) => {
      const data = await releaseList(ctx.deps.db, {
        limit: input?.limit ?? RELEASE_LIST_LIMIT.default,
        ...(input?.before === undefined ? {} : { before: input.before }),
      });
      return { success: true as const, count: data.length, data };
    }),
  get: t.procedure
    .input(z.object({ release: z.union([z.number().int().min(1), z.literal("latest")]) }))
    .query(async ({ ctx, input }) => ({
      success: true as const,
      ...unwrap(await releaseManifest(ctx.deps.db, input.release)),
    })),
});
