// @module-tag zone
import type { BulkRow } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import { collectRows, fixedReleasesApiForFile } from "../../../testing/bulk-rows";
import { GPU_TEST_NOW, GPU_TEST_TRADES } from "../../../testing/gpu-trades";
import { bearer } from "../../../testing/test-api";
import { GPU_INDEX_DAILY, GPU_PRINTS_HOURLY } from "./datasets";

/**
 * `release` on the GPU peer history routes (history-simple, history-range, history and the
 * rolling-average history): release 3 holds H100 SXM's first print, its 03-09 12:00 print and its
 * 03-08 daily value at 42.5 (since restated to the values published now). With `release=3` each
 * route answers the old value; without, the value published now; an unknown release is a 404 and
 * a malformed one a 400.
 */

const GPU = "H100 SXM";
const RESTATED_HOUR = "2026-03-09T12:00:00.000Z";
const RESTATED_DAY = "2026-03-08T20:00:00.000Z";
const OLD_VALUE = 42.5;

const { api, releases } = await fixedReleasesApiForFile(GPU_TEST_NOW);
await api.loadGpuTrades(GPU_TEST_TRADES);
const daily = await collectRows(GPU_INDEX_DAILY.rows(api.db));
const prints = await collectRows(GPU_PRINTS_HOURLY.rows(api.db));
const firstHour = prints.find((row) => row.gpu_type === GPU)?.timestamp as string;
const restate = (rows: BulkRow[], instants: readonly string[]) =>
  rows.map((row) =>
    row.gpu_type === GPU && instants.includes(row.timestamp as string)
      ? { ...row, index_value: OLD_VALUE }
      : row,
  );
releases.hold(3, GPU_INDEX_DAILY, restate(daily, [RESTATED_DAY]));
releases.hold(3, GPU_PRINTS_HOURLY, restate(prints, [firstHour, RESTATED_HOUR]));

type Item = { timestamp: string; index_value: number } & Record<string, unknown>;
type Series = { data: Item[] } & Record<string, unknown>;

async function get<Body>(path: string, key = api.planKeys.full): Promise<Body> {
  const answer = await api.get(path, bearer(key));
  expect(answer.status, path).toBe(200);
  return answer.body as Body;
}

const route = (tail: string) => `/api/gpu/${encodeURIComponent(GPU)}/${tail}`;

/** The series as release 3 holds it: the restated instants at their old value. */
const asOfRelease = (body: Series, restated: readonly string[]): Series => ({
  ...body,
  data: body.data.map((item) =>
    restated.includes(item.timestamp) ? { ...item, index_value: OLD_VALUE } : item,
  ),
});

/** Reads now, then as of release 3, then now again: the release is part of the answer's key. */
async function nowAndAsOf<Body>(path: string, key?: string) {
  const now = await get<Body>(path, key);
  const asOf = await get<Body>(`${path}&release=3`, key);
  expect(await get<Body>(path, key)).toStrictEqual(now);
  return { now, asOf };
}

describe("release on the GPU peer history routes", () => {
  it("history-simple answers the release's hourly and daily values, over a range asked or open", async () => {
    const hours = [firstHour, RESTATED_HOUR];
    const cases: [query: string, restated: readonly string[]][] = [
      ["startDate=2026-03-09&endDate=2026-03-09&granularity=hourly", hours],
      ["startDate=2026-03-05&endDate=2026-03-10&granularity=daily", [RESTATED_DAY]],
      // 30 days up to the latest print, hourly for a Full key: every print of the GPU.
      ["limit=10000", hours],
      // Hourly asked over more than the hourly route's 31 days: every print of the range.
      ["startDate=2026-01-01&endDate=2026-03-10&granularity=hourly&limit=10000", hours],
    ];
    for (const [query, restated] of cases) {
      const { now, asOf } = await nowAndAsOf<Series>(route(`history-simple?${query}`));
      expect(now.data.some((item) => restated.includes(item.timestamp))).toBe(true);
      expect(now.data.every((item) => item.index_value !== OLD_VALUE)).toBe(true);
      expect(asOf).toStrictEqual(asOfRelease(now, restated));
    }
  });

  it("history-simple as a Premium key reads: the release's daily values", async () => {
    const path = route("history-simple?startDate=2026-03-05&endDate=2026-03-10&granularity=hourly");
    const { now, asOf } = await nowAndAsOf<Series>(path, api.planKeys.premium);
    expect(now.granularity).toBe("daily");
    expect(asOf).toStrictEqual(asOfRelease(now, [RESTATED_DAY]));
  });

  it("history-range answers the release's rows", async () => {
    const { now, asOf } = await nowAndAsOf<Series>(
      route("history-range?startDate=2026-03-09&endDate=2026-03-10"),
    );
    expect(now.data.map((item) => item.timestamp)).toContain(RESTATED_HOUR);
    expect(asOf).toStrictEqual(asOfRelease(now, [RESTATED_HOUR]));
  });

  it("history answers the release's nearest print, near the instant or before the first print", async () => {
    type Nearest = { data: { index_value: number; timestamp: string } };
    const exact = await nowAndAsOf<Nearest>(route("history?datetime=2026-03-09%2012:10:00"));
    expect(exact.now.data.timestamp).toBe(RESTATED_HOUR);
    expect(exact.now.data.index_value).not.toBe(OLD_VALUE);
    expect(exact.asOf).toStrictEqual({
      ...exact.now,
      data: { ...exact.now.data, index_value: OLD_VALUE },
    });

    const early = await nowAndAsOf<Nearest>(route("history?datetime=2026-01-01%2000:00:00"));
    expect(early.now.data.timestamp).toBe(firstHour);
    expect(early.asOf).toStrictEqual({
      ...early.now,
      data: { ...early.now.data, index_value: OLD_VALUE },
    });
  });

  it("the rolling-average history averages the release's prints, hourly and over months", async () => {
    type Rolling = {
      data: { timestamp: string; average_usd_per_hour: number; print_count: number }[];
    };
    // Each restated print's value now: the release's average moves by its change over the count.
    const restated = await Promise.all(
      [firstHour, RESTATED_HOUR].map(async (hour) => ({
        at: Date.parse(hour),
        now: (await get<{ data: { index_value: number } }>(route(`history?datetime=${hour}`))).data
          .index_value,
      })),
    );
    const windowMs = 23 * 3_600_000;
    for (const [query, covered] of [
      ["startDate=2026-03-08&endDate=2026-03-10&granularity=hourly", 24],
      // Daily settlements over more than the hourly route's 31 days.
      ["startDate=2026-01-01&endDate=2026-03-10", 2],
    ] as const) {
      const { now, asOf } = await nowAndAsOf<Rolling>(
        route(`rolling-24h-average/history?${query}`),
      );
      expect(asOf.data.map((row) => row.timestamp)).toEqual(now.data.map((row) => row.timestamp));
      let covering = 0;
      now.data.forEach((row, i) => {
        const at = Date.parse(row.timestamp);
        const inWindow = restated.filter((print) => at - windowMs <= print.at && print.at <= at);
        if (inWindow.length > 0) covering += 1;
        const shift = inWindow.reduce((sum, print) => sum + (OLD_VALUE - print.now), 0);
        expect(asOf.data[i]?.average_usd_per_hour).toBeCloseTo(
          row.average_usd_per_hour + shift / row.print_count,
          9,
        );
        expect(asOf.data[i]?.print_count).toBe(row.print_count);
      });
      expect(covering, query).toBe(covered);
    }
  });

  it("answers 404 for a release not kept and 400 for a malformed one, on every route", async () => {
    for (const path of [
      route("history-simple?startDate=2026-03-09&endDate=2026-03-10"),
      route("history-range?startDate=2026-03-09&endDate=2026-03-10"),
      route("history?datetime=2026-03-09%2012:00:00"),
      route("rolling-24h-average/history?startDate=2026-03-08&endDate=2026-03-10"),
    ]) {
      const unknown = await api.get(`${path}&release=4`, bearer(api.planKeys.full));
      expect(unknown.status, path).toBe(404);
      for (const malformed of ["0", "01", "-1", "two", "1.5"]) {
        const refused = await api.get(`${path}&release=${malformed}`, bearer(api.planKeys.full));
        expect(refused.status, `${path} release=${malformed}`).toBe(400);
        expect(refused.body).toMatchObject({ error: expect.any(String), message: /release/ });
      }
    }
  });
});
