import {
  GPU_CATALOG,
  gpuFreeWindow,
  PUBLIC_ACCESS,
  VOLATILITY_WINDOW_DEFAULT_DAYS,
  authorizeGpu,
  isFreeTierGpu,
  type GpuName,
} from "@tpi/domain";
import { z } from "zod";
import type { Route } from "../../platform/core/route";
import { parseParams } from "../../platform/http/input";
import { orNull, t, unwrap } from "../../platform/trpc/init";
import { keylessAnswer, keylessRouteProcedure } from "../../platform/trpc/route-procedure";
import { sessionRouteProcedure } from "../../platform/trpc/session-procedure";
import { marketRouter } from "../../platform/trpc/market-router";
import { gpuPathParamsSchema } from "./schemas/prices";
import { dailyIndexAllRoute, gpuIndexHistoryRoute, gpuMethodologyRoute } from "./routes/prices";
import { gpuConstituentsRoute } from "./routes/constituents";
import { answerGpuIndexHistory } from "./services/prices";
import { answerGpuVolatility } from "./services/analytics";
import { answerHourly, answerRollingAverage } from "./services/series";
import { GPU } from "./read-model/state";

/** A free-tier GPU named by the website: the REST routes' path schema, then the keyless rule. */
function publicGpu(gpu: string): GpuName {
  const { gpuName } = unwrap(parseParams(gpuPathParamsSchema, { gpuName: gpu }));
  return unwrap(authorizeGpu(gpuName, PUBLIC_ACCESS));
}

/** The operationIds of the REST routes serving each part of a GPU's page. */
const GPU_PAGE_OPERATIONS = {
  rollingAverage: "getGpuRollingAverage",
  hourly: "getGpuHourly",
  daily: "getGpuIndexHistory",
  volatility: "getGpuVolatility",
} as const;

/**
 * The REST route serving a part of the page, for its link (the /docs anchor is
 * `route-<operationId>`), read from the route list the api serves so the path and access text
 * cannot drift; null where the caller passed no route list.
 */
function routeFor(routes: readonly Route[] | undefined, operationId: string, gpu: GpuName) {
  const route = routes?.find((candidate) => candidate.operationId === operationId);
  if (route === undefined) return null;
  return {
    operationId,
    path: route.path.replace("{gpuName}", encodeURIComponent(gpu)),
    access: route.docs.access ?? null,
  };
}

/**
 * GPU procedures for the website. The website is public, so they answer what a keyless caller of
 * the REST routes sees, through the same schemas and service functions.
 */
export const gpuRouter = marketRouter("gpu", {
  /** Every GPU in display order with the free tier marked. */
  catalog: t.procedure.query(() =>
    GPU_CATALOG.map(({ gpuName, freeTier }) => ({ gpuName, freeTier })),
  ),
  /** The latest settled daily value of each free-tier GPU. */
  latestDaily: keylessRouteProcedure(dailyIndexAllRoute),
  /**
   * The GPUs outside the free tier with the UTC day and instant of their latest settled daily
   * value, and never the value: the website's GPU list shows that a keyed GPU is published and
   * how recent it is, and locks the number behind a key. `date` is null before the first
   * settlement.
   */
  keyedLatest: t.procedure.query(({ ctx }) =>
    GPU_CATALOG.filter(({ gpuName }) => !isFreeTierGpu(gpuName)).map(({ gpuName }) => {
      const latest = GPU.of(ctx.deps).index.latestDaily(gpuName);
      return {
        gpu_type: gpuName,
        day: latest?.day ?? null,
        date: latest?.settledAt.toISOString() ?? null,
      };
    }),
  ),
  /**
   * The GPU methodology in force, section by section, from the domain text the chat quotes, with
   * the winsorizing bounds the settlement runs with and the version history.
   */
  methodology: keylessRouteProcedure(gpuMethodologyRoute),
  /**
   * Where the published GPU values come from, per source: the trades (the generated sample or
   * market trades) and the quote sources, with citation and licence.
   */
  dataProvenance: t.procedure.query(({ ctx }) => GPU.of(ctx.deps).index.dataSources),
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
    .query(async ({ ctx, input: { gpu, ...days } }) =>
      unwrap(await keylessAnswer(gpuIndexHistoryRoute, ctx, { gpuName: gpu, ...days })),
    ),
  /**
   * What `GET /api/gpu/{gpuName}/index-history` answers a key of the signed-in reader's plan
   * (`sessionToken`, from the website's cookie), or a keyless caller without a live plan: the
   * signed-in GPU pages and their daily CSV.
   */
  planIndexHistory: sessionRouteProcedure(gpuIndexHistoryRoute),
  /**
   * `GET /api/gpu/{gpuName}/constituents` as a keyless caller sees it: free-tier GPUs inside the
   * free window. A GPU-day not settled yet is null rather than NOT_FOUND, so pages render "no
   * data".
   */
  constituents: t.procedure
    .input(z.object({ gpu: z.string(), date: z.string() }).strict())
    .query(async ({ ctx, input: { gpu, date } }) =>
      orNull(await keylessAnswer(gpuConstituentsRoute, ctx, { gpuName: gpu, date })),
    ),
  /**
   * One free-tier GPU's page: the REST envelopes of its latest rolling 24 h average, its trailing
   * 24 hourly prints (oldest first), its daily series over the keyless window and the 30-day
   * rolling volatility over that window, each null when nothing is published for it yet. The
   * ranged routes behind the last three need a key; the website shows this trailing view of the
   * free GPUs publicly (its methodology note says so), full ranges and other grains stay keyed.
   */
  detail: t.procedure.input(z.object({ gpu: z.string() }).strict()).query(({ ctx, input }) => {
    const gpuName = publicGpu(input.gpu);
    const now = ctx.deps.clock();
    const index = GPU.of(ctx.deps).index;
    const window = gpuFreeWindow(now);
    return {
      gpu_type: gpuName,
      window,
      volatility_window_days: VOLATILITY_WINDOW_DEFAULT_DAYS,
      routes: {
        rollingAverage: routeFor(ctx.routes, GPU_PAGE_OPERATIONS.rollingAverage, gpuName),
        hourly: routeFor(ctx.routes, GPU_PAGE_OPERATIONS.hourly, gpuName),
        daily: routeFor(ctx.routes, GPU_PAGE_OPERATIONS.daily, gpuName),
        volatility: routeFor(ctx.routes, GPU_PAGE_OPERATIONS.volatility, gpuName),
      },
      rollingAverage: orNull(answerRollingAverage(gpuName, index)),
      hourly: orNull(answerHourly(gpuName, {}, index)),
      daily: orNull(answerGpuIndexHistory(gpuName, window, PUBLIC_ACCESS, undefined, now, index)),
      volatility: orNull(
        answerGpuVolatility(
          gpuName,
          { ...window, windowDays: String(VOLATILITY_WINDOW_DEFAULT_DAYS) },
          index,
        ),
      ),
    };
  }),
});
