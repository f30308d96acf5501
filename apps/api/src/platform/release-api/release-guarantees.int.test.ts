import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { BulkRow } from "@tpi/domain";
import type { Db } from "@tpi/db";
import type { Market } from "../core/market";
import { databaseReleaseReader } from "../releases/database-release-reader";
import type { VintageQuery } from "../releases/release-reader";
import {
  FIXTURE_PROVENANCE,
  fileOnNewInstance,
  heldRows,
  releasingApiForFile,
  widgetPriceDataset,
} from "../../testing/release-fixture";
import { cutDueRelease, pruneOldReleases, releaseManifest } from "./releases";
import { sha256Of } from "./release-files";

/**
 * What a release guarantees beyond its cut: one snapshot, no period after its day, files rebuilt as
 * recorded, retention that cleans the cache, caching that ends with the free window, clear 404s.
 */

/** Called after each row the dataset yields (a test commits a settlement from there). */
let onRow: ((n: number) => Promise<void>) | undefined;

/**
 * A dataset read from a real table a page (one row) at a time, in series then period order, as
 * the markets' datasets read theirs (seriesPages, keyset on series and period).
 */
const dataset = widgetPriceDataset(
  async function* rows(db: Db) {
    let after: [string, string] | null = null;
    let n = 0;
    for (;;) {
      const page: { widget: string; period: string; usd: string }[] =
        after === null
          ? await db.$queryRawUnsafe(
              `select widget, period, usd from review_widget order by widget, period limit 1`,
            )
          : await db.$queryRawUnsafe(
              `select widget, period, usd from review_widget where (widget, period) > ($1, $2)
               order by widget, period limit 1`,
              after[0],
              after[1],
            );
      const row = page[0];
      if (row === undefined) return;
      yield {
        widget: row.widget,
        period: row.period,
        usdPerWidget: row.usd,
        ...FIXTURE_PROVENANCE,
      } as BulkRow;
      n += 1;
      await onRow?.(n);
      after = [row.widget, row.period];
    }
  },
  { period: "period" },
);

/** The queries the history routes asked of the release reader. */
const asked: VintageQuery[] = [];
const { api, released, context, cacheDir } = await releasingApiForFile([dataset], {
  now: new Date("2026-03-10T12:00:00Z"),
  configure: (deps) => ({
    ...deps,
    releases: {
      rowsAsOf(query) {
        asked.push(query);
        return databaseReleaseReader(deps.db).rowsAsOf(query);
      },
    },
  }),
});
const key = (await api.createKey("full")).key;
await api.db.$executeRawUnsafe(
  `create table review_widget (widget text not null, period text not null, usd text not null,
     primary key (widget, period))`,
);

const insert = (widget: string, period: string, usd: string) =>
  api.db.$executeRawUnsafe(
    `insert into review_widget (widget, period, usd) values ($1, $2, $3)`,
    widget,
    period,
    usd,
  );
const heldBy = (release: number) =>
  heldRows(api.db, "widget-price-daily", release, ["widget", "period"]);

describe("what a release guarantees", () => {
  it("a settlement committed while the cut reads is in the release whole or not at all (one snapshot)", async () => {
    await insert("gizmo", "2026-03-08", "7.25");
    await insert("sprocket", "2026-03-08", "2.50");
    // The settlement of 2026-03-09 (both widgets) commits after the cut read its second row.
    onRow = async (n) => {
      if (n !== 2) return;
      await insert("gizmo", "2026-03-09", "7.30");
      await insert("sprocket", "2026-03-09", "2.60");
    };
    api.clock.now = new Date("2026-03-10T02:00:00Z");
    const outcome = await cutDueRelease(context, 60);
    onRow = undefined;
    expect(outcome).toMatchObject({ cut: true, release: 1 });
    const held = await heldBy(1);
    const before = ["gizmo 2026-03-08", "sprocket 2026-03-08"];
    const after = [
      "gizmo 2026-03-08",
      "gizmo 2026-03-09",
      "sprocket 2026-03-08",
      "sprocket 2026-03-09",
    ];
    // Without one snapshot: gizmo without its 2026-03-09 value, sprocket with it (half a settled day).
    expect([before, after]).toContainEqual(held);
  });

  it("the release of day D holds no period after D (prints published after the day ended)", async () => {
    // At the cut (01:00 + delay), the first hourly prints of the next day exist already.
    await insert("sprocket", "2026-03-10T23:00:00.000Z", "2.61");
    await insert("sprocket", "2026-03-11T00:00:00.000Z", "2.62");
    api.clock.now = new Date("2026-03-11T02:00:00Z");
    const outcome = await cutDueRelease(context, 60);
    expect(outcome).toMatchObject({ cut: true, release: 2, day: "2026-03-10" });
    const held = await heldBy(2);
    expect(held).toContain("sprocket 2026-03-10T23:00:00.000Z");
    expect(held).not.toContain("sprocket 2026-03-11T00:00:00.000Z");
  });

  it("a keyless free file is not kept by shared caches after it stops being keyless", async () => {
    const manifest = (await api.get("/api/v1/releases/latest")).body as {
      datasets: { market: string; files: { variant: string; url: string }[] }[];
    };
    const free = manifest.datasets
      .find((d) => d.market === "fixture")
      ?.files.find((f) => f.variant === "free");
    if (free === undefined) throw new Error("no free file");
    const answer = await api.get(free.url);
    expect(answer.status).toBe(200);
    // Kept by a shared cache for a year (`public, immutable`), a CDN would serve it keyless while
    // the api answers 401 to a keyless caller as soon as the next release is cut.
    expect(answer.headers.get("cache-control")).not.toMatch(/public.*immutable|immutable.*public/);
  });

  it("an unknown file of a kept release is a 404 that does not say the release does not exist", async () => {
    const answer = await api.get("/api/v1/releases/1/files/no-such-file.csv", {
      authorization: `Bearer ${key}`,
    });
    expect(answer.status).toBe(404);
    // Not: "Release 1 does not exist or is past retention. Releases kept: 1 to 2."
    expect((answer.body as { message: string }).message).not.toMatch(/Release 1 does not exist/);
  });

  it("retention removes a removed release's files from the cache directory too", async () => {
    // Both releases' files are in the cache (release 1's were written by its cut).
    expect(readdirSync(cacheDir).filter((name) => name.includes("-r1-"))).not.toEqual([]);
    const pruned = await pruneOldReleases(context, 1);
    expect(pruned.releases).toContain(1);
    // Otherwise the files of every release ever cut stay on disk: the directory grows by a full
    // copy of every dataset each day, whatever the retention.
    expect(readdirSync(cacheDir).filter((name) => name.includes("-r1-"))).toEqual([]);
  });

  it("a kept release's file is rebuilt as recorded on a new instance after its dataset gained a column", async () => {
    const manifest = await releaseManifest(api.db, "latest");
    if (!manifest.ok) throw manifest.error;
    const full = manifest.value.datasets[0]?.files.find(
      (f) => f.variant === "full" && f.format === "csv",
    );
    if (full === undefined) throw new Error("no full CSV");
    // The route grew a field (an ordinary change); the release's columns are in its manifest.
    const grown: Market = {
      ...released,
      bulkDatasets: [
        {
          ...dataset,
          columns: [
            ...dataset.columns,
            { name: "note", type: "string", nullable: true, description: "A later field" },
          ],
        },
      ],
    };
    // A new instance: an empty cache directory, so the file is rebuilt from the vintage store.
    // Without the manifest's columns: "rebuilt from the vintage store does not match its recorded SHA-256" (a 500), for
    // every file of every kept release, as soon as any dataset's columns, free series or free
    // window or the writers change.
    const served = await fileOnNewInstance(
      { ...context, marketList: [grown] },
      manifest.value.release,
      full.fileName,
    );
    if (!served.ok) throw served.error;
    expect(await sha256Of(served.value.path)).toBe(full.sha256);
  });
});
