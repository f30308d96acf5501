import {
  FREE_TIER_GPU_NAMES,
  FREE_TIER_LAB_IDS,
  GPU_REGION,
  LAB_CATALOG,
  type AccountPlan,
  type GpuName,
  type LabEntry,
  type LabId,
  type MethodologyRules,
  type TokenVolumeRow,
  type WinsorBounds,
} from "@tpi/domain";
import type { ChatSource } from "./schemas";
import type { GpuPublishedIndex } from "../../markets/gpu/read-model/published-index";
import type { PublishedIndex } from "../../markets/token/read-model/published-index";
import type { Subject } from "./intent";
import type { Period } from "./period";

/**
 * Where the chat's numbers come from: the in-memory published sets, the same values the REST
 * routes serve. Each value carries its date and the row of the route that returns it, so every
 * number in an answer can be fetched again and checked. The caller holds a key, so every lab and
 * GPU and all history are in reach.
 */
export type ChatData = {
  /** The caller's plan: hourly data (the rolling 24 h average) is for Full keys only, as in REST. */
  plan: AccountPlan | undefined;
  index: PublishedIndex;
  gpuIndex: GpuPublishedIndex;
  now: Date;
  /** The token method in force, which the chat explains. */
  rules: MethodologyRules;
  /** The GPU method's winsorizing bounds in force, which the chat explains. */
  winsor: WinsorBounds;
};

/** One settled daily value: `at` is its UTC day (tokens) or settlement instant (GPUs), `row` the route's row. */
export type Point = { at: string; value: number; row: Record<string, string | number> };

/** The subject's latest settled daily value. */
export function latestPoint(s: Subject, data: ChatData): Point | undefined {
  if (s.kind === "gpu") {
    const value = data.gpuIndex.latestDaily(s.gpu);
    return (
      value && {
        at: value.settledAt.toISOString(),
        value: value.indexValue,
        row: {
          gpu_type: s.gpu,
          region: GPU_REGION,
          index_value: value.indexValue,
          date: value.settledAt.toISOString(),
        },
      }
    );
  }
  const day = data.index.latestDayWith([s.lab]);
  const row = day === undefined ? undefined : data.index.rowsOn(day, [s.lab])[0];
  return (
    row && {
      at: row.date,
      value: row.indexPerMtok,
      row: {
        date: row.date,
        lab: row.lab,
        indexPerMtok: row.indexPerMtok,
        computedAt: row.computedAt,
      },
    }
  );
}

/** The subject's daily series within the period, oldest first. */
export function series(s: Subject, period: Period, data: ChatData): Point[] {
  if (s.kind === "gpu") {
    return data.gpuIndex.dailyBetween(s.gpu, period.startDate, period.endDate).map((v) => ({
      at: v.settledAt.toISOString(),
      value: v.indexValue,
      row: { timestamp: v.settledAt.toISOString(), index_value: v.indexValue },
    }));
  }
  return data.index.rowsBetween(period.startDate, period.endDate, [s.lab]).map((r) => ({
    at: r.date,
    value: r.indexPerMtok,
    row: { date: r.date, lab: r.lab, indexPerMtok: r.indexPerMtok, computedAt: r.computedAt },
  }));
}

/** The route and parameters that return the subject's latest value, with that value's row. */
export function latestSource(s: Subject, point: Point): ChatSource {
  return s.kind === "gpu"
    ? { endpoint: "/api/daily-index/all", parameters: {}, values: [point.row] }
    : { endpoint: "/api/otpi", parameters: { lab: s.lab, date: point.at }, values: [point.row] };
}

/** The route and parameters that return the subject's series over the period, with the rows an answer used. */
export function seriesSource(s: Subject, period: Period, points: readonly Point[]): ChatSource {
  return s.kind === "gpu"
    ? {
        endpoint: "/api/gpu/{gpuName}/index-history",
        parameters: { gpuName: s.gpu, startDate: period.startDate, endDate: period.endDate },
        values: points.map((p) => p.row),
      }
    : {
        endpoint: "/api/otpi",
        parameters: { lab: s.lab, startDate: period.startDate, endDate: period.endDate },
        values: points.map((p) => p.row),
      };
}

/**
 * A lab's token volume rows (`GET /api/token-volume`'s rows): its latest settled day, or every
 * settled day of a period, oldest first. Shares are over every tracked lab, as the route says.
 */
export function latestVolume(lab: LabId, data: ChatData): TokenVolumeRow | undefined {
  const day = data.index.latestDayWith([lab]);
  return day === undefined ? undefined : data.index.volumeRowsBetween(day, day, [lab])[0];
}

export function volumeSeries(lab: LabId, period: Period, data: ChatData): TokenVolumeRow[] {
  return data.index.volumeRowsBetween(period.startDate, period.endDate, [lab]);
}

/** The `GET /api/token-volume` call that returns the rows an answer used, with those rows. */
export function volumeSource(
  lab: LabId,
  range: { startDate: string; endDate: string },
  rows: readonly TokenVolumeRow[],
): ChatSource {
  return {
    endpoint: "/api/token-volume",
    parameters: { startDate: range.startDate, endDate: range.endDate, lab },
    values: rows.map((row) => ({ ...row })),
  };
}

export type FreeTier = { labs: LabEntry[]; gpus: readonly GpuName[]; sources: ChatSource[] };

/** The free tier from the catalogs, with the keyless routes that list it. */
export function freeTier(): FreeTier {
  const labs = LAB_CATALOG.filter((e) => FREE_TIER_LAB_IDS.includes(e.lab));
  const sources: ChatSource[] = [
    {
      endpoint: "/api/token-types-free",
      parameters: {},
      values: labs.map(({ lab, label }) => ({ lab, label })),
    },
    {
      endpoint: "/api/gpu-types-free",
      parameters: {},
      values: FREE_TIER_GPU_NAMES.map((gpu_name) => ({ gpu_name, region: GPU_REGION })),
    },
  ];
  return { labs, gpus: FREE_TIER_GPU_NAMES, sources };
}
