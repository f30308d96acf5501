import {
  DEFAULT_WINSOR_BOUNDS,
  GPU_CATALOG,
  PUBLIC_ACCESS,
  VOLATILITY_WINDOW_DEFAULT_DAYS,
  authorizeGpu,
  isFreeTierGpu,
  type DomainError,
  type GpuName,
  type Result,
} from "@tpi/domain";
import { z } from "zod";
import type { Route } from "../../platform/http/route";
import { gpuMethodologyDocument } from "./services/methodology";
import { parseParams, parseQuery } from "../../platform/http/input";
import { gpuIndexHistoryQuerySchema, gpuPathParamsSchema } from "./schemas/prices";
import { answerDailyIndexAll, answerGpuIndexHistory } from "./services/prices";
import { answerGpuVolatility } from "./services/analytics";
import { answerHourly, answerRollingAverage } from "./services/series";
import { t, toTrpcError, unwrap } from "../../platform/trpc/init";
import { freeWindows } from "../../platform/trpc/windows";

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

/** A part of a page without published data yet is null, so the page says so; other errors stay errors. */
function orNull<T>(result: Result<T, DomainError>): T | null {
  if (result.ok) return result.value;
  if (result.error.code === "no_data") return null;
  throw toTrpcError(result.error);
}

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
  /**
   * The GPUs outside the free tier with the UTC day and instant of their latest settled daily
   * value, and never the value: the website's GPU list shows that a keyed GPU is published and
   * how recent it is, and locks the number behind a key. `date` is null before the first
   * settlement.
   */
  keyedLatest: t.procedure.query(({ ctx }) =>
    GPU_CATALOG.filter(({ gpuName }) => !isFreeTierGpu(gpuName)).map(({ gpuName }) => {
      const latest = ctx.gpuIndex.latestDaily(gpuName);
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
  methodology: t.procedure.query(({ ctx }) =>
    gpuMethodologyDocument(ctx.winsor ?? DEFAULT_WINSOR_BOUNDS, ctx.gpuIndex.dataSources),
  ),
  /** Where the trades behind the GPU index come from (the generated sample or market trades), per source. */
  dataProvenance: t.procedure.query(({ ctx }) => ctx.gpuIndex.dataSources),
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
      const gpuName = publicGpu(gpu);
      const query = Object.fromEntries(Object.entries(days).filter(([, v]) => v !== undefined));
      const range = unwrap(parseQuery(gpuIndexHistoryQuerySchema, query));
      return unwrap(
        answerGpuIndexHistory(gpuName, range, PUBLIC_ACCESS, undefined, ctx.clock(), ctx.gpuIndex),
      );
    }),
  /**
   * One free-tier GPU's page: the REST envelopes of its latest rolling 24 h average, its trailing
   * 24 hourly prints (oldest first), its daily series over the keyless window and the 30-day
   * rolling volatility over that window, each null when nothing is published for it yet. The
   * ranged routes behind the last three need a key; the website shows this trailing view of the
   * free GPUs publicly (its methodology note says so), full ranges and other grains stay keyed.
   */
  detail: t.procedure.input(z.object({ gpu: z.string() }).strict()).query(({ ctx, input }) => {
    const gpuName = publicGpu(input.gpu);
    const now = ctx.clock();
    const window = freeWindows(now).gpu;
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
      rollingAverage: orNull(answerRollingAverage(gpuName, ctx.gpuIndex)),
      hourly: orNull(answerHourly(gpuName, {}, ctx.gpuIndex)),
      daily: orNull(
        answerGpuIndexHistory(gpuName, window, PUBLIC_ACCESS, undefined, now, ctx.gpuIndex),
      ),
      volatility: orNull(
        answerGpuVolatility(
          gpuName,
          { ...window, windowDays: String(VOLATILITY_WINDOW_DEFAULT_DAYS) },
          ctx.gpuIndex,
        ),
      ),
    };
  }),
});
