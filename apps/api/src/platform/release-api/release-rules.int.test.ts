import { readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { BulkRow } from "@tpi/domain";
import type { MarketBulkDataset } from "../bulk/dataset";
import {
  FIXTURE_PROVENANCE,
  fileOnNewInstance,
  heldRows,
  releasingApiForFile,
} from "../../testing/release-fixture";
import { cutDueRelease, pruneOldReleases, releaseManifest } from "./releases";

/**
 * Release rules over two fixture datasets whose rows the test sets: a row that cannot be released
 * keeps its dataset as the previous release held it (named in the outcome) while the others are
 * released; a file its writer can no longer rebuild is a 503 naming the file and the history
 * route; retention clears half-written files a stopped writer left; numbered manifests are not
 * cached as immutable.
 */

let widgets: BulkRow[] = [];
let gadgets: BulkRow[] = [];

const datasetOf = (name: string, rows: () => BulkRow[]): MarketBulkDataset => ({
  market: "fixture",
  name,
  title: name,
  description: `${name}, in USD.`,
  historyRoute: `/api/fixture/{item}/${name}`,
  seriesColumn: "item",
  periodColumn: "day",
  columns: [
    { name: "item", type: "string", nullable: false, description: "The item" },
    { name: "day", type: "date", nullable: false, description: "The UTC day" },
    { name: "usd", type: "decimal", scale: 2, nullable: false, description: "USD" },
  ],
  freeSeries: [],
  async *rows() {
    yield* rows();
  },
});

const row = (item: string, day: string, usd: string | null): BulkRow => ({
  item,
  day,
  usd,
  ...FIXTURE_PROVENANCE,
});

const { api, context, cacheDir } = await releasingApiForFile(
  [datasetOf("widgets", () => widgets), datasetOf("gadgets", () => gadgets)],
  { now: new Date("2026-05-10T12:00:00Z") },
);

const heldBy = (dataset: string, release: number) =>
  heldRows(api.db, dataset, release, ["item", "day", "usd"]);

describe("release rules", () => {
  it("a row that cannot be released keeps its dataset as the previous release held it, named, and the others are released", async () => {
    widgets = [row("bolt", "2026-05-08", "1.00")];
    gadgets = [row("dial", "2026-05-08", "3.00")];
    api.clock.now = new Date("2026-05-09T02:00:00Z");
    expect(await cutDueRelease(context, 60)).toMatchObject({ cut: true, release: 1, skipped: [] });

    // A null in a non-null column, then a decimal beyond its column's scale.
    widgets = [row("bolt", "2026-05-08", "1.00"), row("bolt", "2026-05-09", null)];
    gadgets = [row("dial", "2026-05-08", "3.00"), row("dial", "2026-05-09", "3.10")];
    api.clock.now = new Date("2026-05-10T02:00:00Z");
    const second = await cutDueRelease(context, 60);
    expect(second).toMatchObject({
      cut: true,
      release: 2,
      skipped: [
        {
          market: "fixture",
          dataset: "widgets",
          series: "bolt",
          period: "2026-05-09",
          column: "usd",
          problem: "null in a non-null column",
        },
      ],
    });
    expect(await heldBy("widgets", 2)).toEqual(["bolt 2026-05-08 1.00"]);
    expect(await heldBy("gadgets", 2)).toEqual(["dial 2026-05-08 3.00", "dial 2026-05-09 3.10"]);

    widgets = [row("bolt", "2026-05-08", "1.00"), row("bolt", "2026-05-10", "1.005")];
    api.clock.now = new Date("2026-05-11T02:00:00Z");
    const third = await cutDueRelease(context, 60);
    expect(third).toMatchObject({
      cut: true,
      release: 3,
      skipped: [{ dataset: "widgets", series: "bolt", period: "2026-05-10", column: "usd" }],
    });

    // Fixed at the source: the next cut releases it.
    widgets = [row("bolt", "2026-05-08", "1.00"), row("bolt", "2026-05-11", "1.01")];
    api.clock.now = new Date("2026-05-12T02:00:00Z");
    expect(await cutDueRelease(context, 60)).toMatchObject({ cut: true, release: 4, skipped: [] });
    expect(await heldBy("widgets", 4)).toEqual(["bolt 2026-05-08 1.00", "bolt 2026-05-11 1.01"]);
  });

  it("a file its writer can no longer rebuild byte for byte is a 503 naming the file and the history route", async () => {
    const manifest = await releaseManifest(api.db, 4);
    if (!manifest.ok) throw manifest.error;
    const file = manifest.value.datasets[0]?.files[0];
    if (file === undefined) throw new Error("no file");
    // As if release 4 had been written by another writer (a library upgrade since).
    await api.db.$executeRawUnsafe(
      `update data_release set manifest = jsonb_set(manifest, '{writer,version}', '"0"') where number = 4`,
    );
    const served = await fileOnNewInstance(context, 4, file.fileName);
    expect(served.ok).toBe(false);
    if (served.ok) return;
    expect(served.error.code).toBe("unavailable");
    expect(served.error.message).toContain(file.fileName);
    expect(served.error.message).toContain("?release=4");

    const key = (await api.createKey("full")).key;
    const answer = await api.get(file.url, { authorization: `Bearer ${key}` });
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ error: expect.any(String) as string });
  });

  it("a numbered manifest is not cached as immutable (retention removes it)", async () => {
    const answer = await api.get("/api/v1/releases/4");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).not.toMatch(/immutable/);
  });

  it("retention removes files a stopped writer left half-written, not one being written", async () => {
    const leftover = join(cacheDir, "fixture-widgets-r4-full.csv.building-old.partial");
    const writing = join(cacheDir, "fixture-widgets-r4-full.csv.building-new.partial");
    writeFileSync(leftover, "half");
    writeFileSync(writing, "half");
    const twoHoursAgo = new Date(api.clock.now.getTime() - 2 * 60 * 60_000);
    utimesSync(leftover, twoHoursAgo, twoHoursAgo);
    // The clock of the test is the files' clock here: the real one.
    api.clock.now = new Date();
    await pruneOldReleases(context, 100_000);
    const names = readdirSync(cacheDir);
    expect(names).not.toContain("fixture-widgets-r4-full.csv.building-old.partial");
    expect(names).toContain("fixture-widgets-r4-full.csv.building-new.partial");
  });
});
