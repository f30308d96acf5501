import { describe, expect, it } from "vitest";
import { databaseForFile } from "../testing/database-for-file";
import {
  cutRelease,
  readKeptVintageRows,
  readVintageRows,
  vintageRowsAsOf,
  vintageSourceOf,
  type CutDataset,
  type VintageRowQuery,
  type VintageSource,
  type VintageValues,
} from "./releases";

/**
 * `latestPeriods`: the last N periods of each series as a release holds them, read by a bounded
 * backward index scan per series, never the series' whole history.
 */

const { db } = await databaseForFile();

const SERIES = ["gpu-a", "gpu-b", "gpu-c"];
const HOURS = 3_000;
const hourAt = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString();

/** 3 series x 3,000 hourly rows; `restated` restates each series' latest 5 hours. */
const hourly = (restated: boolean): CutDataset => {
  const rows: VintageValues[] = [];
  for (const s of SERIES)
    for (let i = 0; i < HOURS; i += 1)
      rows.push({ s, p: hourAt(i), v: restated && i >= HOURS - 5 ? -i : i });
  return {
    market: "m",
    dataset: "hourly",
    seriesColumn: "s",
    periodColumn: "p",
    columns: ["s", "p", "v"],
    rows,
  };
};

const cut = (day: string, restated: boolean) =>
  cutRelease(db, {
    day,
    cutAt: new Date(`${day}T23:00:00Z`),
    datasets: () => [hourly(restated)],
    manifest: () => ({}),
    files: async () => [],
  });

const ask = (query: Partial<VintageRowQuery>): VintageRowQuery => ({
  market: "m",
  dataset: "hourly",
  release: 1,
  ...query,
});

/** Rows of release_vintage_row the statement reads (returned or filtered out), by EXPLAIN ANALYZE. */
async function rowsScanned(query: VintageRowQuery): Promise<number> {
  const statements: { text: string; params: readonly unknown[] }[] = [];
  const pool = vintageSourceOf(db);
  const recording: VintageSource = {
    query: (text, params) => {
      statements.push({ text, params });
      return pool.query(text, params);
    },
  };
  for await (const _ of vintageRowsAsOf(recording, query));
  let scanned = 0;
  for (const { text, params } of statements) {
    const plan = await db.$queryRawUnsafe<{ "QUERY PLAN": unknown }[]>(
      `explain (analyze, format json) ${text}`,
      ...params,
    );
    const visit = (node: Record<string, unknown>): void => {
      if (node["Relation Name"] === "release_vintage_row") {
        const loops = Number(node["Actual Loops"]);
        scanned +=
          (Number(node["Actual Rows"]) + Number(node["Rows Removed by Filter"] ?? 0)) * loops;
      }
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) visit(child);
    };
    visit((plan[0]?.["QUERY PLAN"] as { Plan: Record<string, unknown> }[])[0]?.Plan ?? {});
  }
  return scanned;
}

describe("reading the latest periods of a release", () => {
  it("cuts two releases of 9,000 rows, the second restating each series' latest hours", async () => {
    // Cut after the last hour (5 May), so that every row is in both releases.
    expect(await cut("2026-06-01", false)).toMatchObject({ cut: true, opened: 9_000 });
    expect(await cut("2026-06-02", true)).toMatchObject({ cut: true, opened: 15, closed: 15 });
    await db.$executeRawUnsafe("analyze release_vintage_row");
  });

  it("answers the same rows as the whole read's tail of each series, ascending", async () => {
    for (const release of [1, 2]) {
      const whole = await readVintageRows(db, ask({ release }));
      const tails = SERIES.flatMap((s) => whole.filter((row) => row.s === s).slice(-24));
      const latest = await readKeptVintageRows(db, ask({ release, latestPeriods: 24 }));
      expect(latest.rows).toEqual(tails);
      const one = await readKeptVintageRows(
        db,
        ask({ release, series: ["gpu-b", "gpu-missing"], latestPeriods: 24 }),
      );
      expect(one.rows).toEqual(tails.filter((row) => row.s === "gpu-b"));
    }
    // The release's own values: release 1 before the restatement, release 2 after it.
    const [first, second] = await Promise.all(
      [1, 2].map((release) => readVintageRows(db, ask({ release, latestPeriods: 1 }))),
    );
    expect(first?.map((row) => row.v)).toEqual([2_999, 2_999, 2_999]);
    expect(second?.map((row) => row.v)).toEqual([-2_999, -2_999, -2_999]);
  });

  it("keeps the latest periods within the range asked, fewer when the range holds fewer", async () => {
    const inRange = await readVintageRows(
      db,
      ask({ series: ["gpu-a"], fromPeriod: hourAt(100), toPeriod: hourAt(199), latestPeriods: 30 }),
    );
    expect(inRange.map((row) => row.v)).toEqual(Array.from({ length: 30 }, (_, i) => 170 + i));
    const short = await readVintageRows(
      db,
      ask({ series: ["gpu-a"], fromPeriod: hourAt(2_990), latestPeriods: 30 }),
    );
    expect(short.map((row) => row.v)).toEqual(Array.from({ length: 10 }, (_, i) => 2_990 + i));
  });

  it("scans at most the periods asked per series (plus a release's closed versions), not the history", async () => {
    // Release 1 reads past the 5 rows release 2 opened in each series: 24 + 5 per series.
    const oneSeries = await rowsScanned(ask({ series: ["gpu-a"], latestPeriods: 24 }));
    expect(oneSeries).toBeGreaterThanOrEqual(24);
    expect(oneSeries).toBeLessThanOrEqual(24 + 5);
    // Every series: one probe per series (and one past the last) to find them, then 24 + 5 each.
    const everySeries = await rowsScanned(ask({ latestPeriods: 24 }));
    expect(everySeries).toBeGreaterThanOrEqual(SERIES.length * 24);
    expect(everySeries).toBeLessThanOrEqual(SERIES.length * (24 + 5) + SERIES.length + 1);
    // The whole read scans the history: what the bound saves.
    expect(await rowsScanned(ask({ series: ["gpu-a"] }))).toBeGreaterThanOrEqual(HOURS);
  });

  it("reads the earliest periods of each series within the range, by a forward scan", async () => {
    for (const release of [1, 2]) {
      const whole = await readVintageRows(db, ask({ release }));
      const heads = SERIES.flatMap((s) => whole.filter((row) => row.s === s).slice(0, 24));
      expect(await readVintageRows(db, ask({ release, earliestPeriods: 24 }))).toEqual(heads);
    }
    const fromAnHour = await readVintageRows(
      db,
      ask({ series: ["gpu-a"], fromPeriod: hourAt(2_997), earliestPeriods: 5 }),
    );
    expect(fromAnHour.map((row) => row.v)).toEqual([2_997, 2_998, 2_999]);
    const scanned = await rowsScanned(ask({ series: ["gpu-a"], earliestPeriods: 24 }));
    expect(scanned).toBeGreaterThanOrEqual(24);
    expect(scanned).toBeLessThan(HOURS);
  });

  it("refuses a count that is not a positive whole number, or both ends at once", async () => {
    await expect(readVintageRows(db, ask({ latestPeriods: 0 }))).rejects.toThrow(RangeError);
    await expect(readVintageRows(db, ask({ earliestPeriods: 1.5 }))).rejects.toThrow(RangeError);
    await expect(
      readVintageRows(db, ask({ latestPeriods: 1, earliestPeriods: 1 })),
    ).rejects.toThrow(RangeError);
  });
});
