import { describe, expect, it } from "vitest";
import { transactionOnPool } from "../client";
import { databaseForFile } from "../testing/database-for-file";
import {
  cutRelease,
  keptReleases,
  pruneReleases,
  readKeptVintageRows,
  readVintageRows,
  type CutDataset,
  type VintageValues,
} from "./releases";

/**
 * The vintage store's own rules, below the api: reads page through more rows than one page holds
 * in key order, a dataset no market states any more is closed, and retention never removes the
 * latest release (so numbering continues after a long stop).
 */

const { db } = await databaseForFile();
/** A second database for the large diff, so that the releases above keep their numbers. */
const { db: largeDb } = await databaseForFile();

const dataset = (dataset: string, rows: VintageValues[]): CutDataset => ({
  market: "m",
  dataset,
  seriesColumn: "s",
  periodColumn: "p",
  columns: ["s", "p", "v"],
  rows,
});

const cut = (day: string, datasets: CutDataset[]) =>
  cutRelease(db, {
    day,
    cutAt: new Date(`${day}T23:00:00Z`),
    datasets: () => datasets,
    manifest: () => ({}),
    files: async () => [],
  });

describe("the vintage store", () => {
  it("reads a release's rows in series then period order across pages, periods as time", async () => {
    // 12,000 rows: more than two read pages; series whose byte order differs from a locale's.
    const rows: VintageValues[] = [];
    for (const s of ["a_b", "a-b", "B"])
      for (let i = 0; i < 4_000; i += 1)
        rows.push({ s, p: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(), v: i });
    // Cut after the last hour (2026-06-16): a release holds no period after its day.
    expect(await cut("2026-07-01", [dataset("big", rows)])).toMatchObject({
      cut: true,
      opened: 12_000,
    });
    const read = await readVintageRows(db, { market: "m", dataset: "big", release: 1 });
    const expected = [...rows].sort((x, y) =>
      x.s === y.s ? (String(x.p) < String(y.p) ? -1 : 1) : String(x.s) < String(y.s) ? -1 : 1,
    );
    expect(read).toEqual(expected);
    const window = await readVintageRows(db, {
      market: "m",
      dataset: "big",
      release: 1,
      series: ["B"],
      fromPeriod: "2026-01-02",
      toPeriod: "2026-01-02T23:59:59.999Z",
    });
    expect(window.map((row) => row.p)).toHaveLength(24);
  });

  it("diffs a large dataset against its current rows by the stage's key index, within a request's statement timeout", async () => {
    // 30,000 hourly rows (a few months of prints), cut twice before autovacuum analyses them:
    // when the stage's keys did not collate as the vintage rows' ("C"), the second cut compared
    // every row with every other (about a minute) and this pool's 5-second statement timeout
    // cancelled it.
    const hourly = (restated: number): VintageValues[] => {
      const rows: VintageValues[] = [];
      for (let s = 0; s < 10; s += 1)
        for (let i = 0; i < 3_000; i += 1)
          rows.push({
            s: `gpu-${s}`,
            p: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
            v: s === 0 && i === 0 ? restated : i,
          });
      return rows;
    };
    const cutIn = (day: string, rows: VintageValues[]) =>
      cutRelease(largeDb, {
        day,
        cutAt: new Date(`${day}T23:00:00Z`),
        datasets: () => [dataset("hourly", rows)],
        manifest: () => ({}),
        files: async () => [],
      });
    // Cut after the last hour (5 May), so that every row is in the release.
    expect(await cutIn("2026-06-01", hourly(0))).toMatchObject({ cut: true, opened: 30_000 });
    expect(await cutIn("2026-06-02", hourly(1))).toMatchObject({ cut: true, opened: 1, closed: 1 });
  });

  it("closes the rows of a dataset the cut no longer states", async () => {
    expect(await cut("2026-07-02", [])).toMatchObject({ cut: true, release: 2, closed: 12_000 });
    expect(await readVintageRows(db, { market: "m", dataset: "big", release: 2 })).toEqual([]);
    expect(await readVintageRows(db, { market: "m", dataset: "big", release: 1 })).toHaveLength(
      12_000,
    );
  });

  it("refuses to cut a day at or before the latest release's", async () => {
    expect(await cut("2026-07-01", [])).toEqual({
      cut: false,
      reason: "exists",
      latestDay: "2026-07-02",
    });
  });

  it("a cut leaves out the periods after its day, days and instants alike", async () => {
    const rows = [
      { s: "d", p: "2026-07-03", v: 1 },
      { s: "d", p: "2026-07-04", v: 2 },
      { s: "t", p: "2026-07-03T23:00:00.000Z", v: 3 },
      { s: "t", p: "2026-07-04T00:00:00.000Z", v: 4 },
    ];
    expect(await cut("2026-07-03", [dataset("edge", rows)])).toMatchObject({ release: 3 });
    const held = await readVintageRows(db, { market: "m", dataset: "edge", release: 3 });
    expect(held.map((row) => row.p)).toEqual(["2026-07-03", "2026-07-03T23:00:00.000Z"]);
  });

  it("retention keeps the latest release whatever its age, and numbering continues", async () => {
    const pruned = await pruneReleases(db, "2027-01-01");
    expect(pruned).toEqual({ releases: [1, 2], vintageRows: 12_000 });
    expect(await keptReleases(db)).toEqual({ oldest: 3, latest: 3 });
    expect(
      await cut("2027-01-05", [dataset("small", [{ s: "x", p: "2027-01-04", v: 1 }])]),
    ).toMatchObject({
      cut: true,
      release: 4,
    });
  });

  it("a release read while retention removes it is read whole or not at all (one snapshot)", async () => {
    // Release 5 restates release 4's one row: retention removing 4 removes that row too.
    await cut("2027-01-06", [dataset("small", [{ s: "x", p: "2027-01-04", v: 2 }])]);
    let reading: ReturnType<typeof readKeptVintageRows> | undefined;
    await transactionOnPool(db, async (retention) => {
      // Retention holds the vintage rows while it removes releases 3 and 4: the reader has read
      // the kept range (3 to 5) and waits for the rows.
      await retention.query("lock table release_vintage_row in access exclusive mode");
      reading = readKeptVintageRows(db, { market: "m", dataset: "small", release: 4 });
      for (;;) {
        const waiting = await retention.query(
          `select 1 from pg_locks where not granted and relation = 'release_vintage_row'::regclass`,
        );
        if (waiting.rows.length > 0) break;
      }
      await retention.query("delete from data_release where number < 5");
      await retention.query("delete from release_vintage_row where to_release <= 5");
    });
    // Read in the snapshot of the kept range: release 4 whole, not a 200 without its row.
    expect(await reading).toEqual({
      kept: { oldest: 3, latest: 5 },
      rows: [{ s: "x", p: "2027-01-04", v: 1 }],
    });
  });
});
