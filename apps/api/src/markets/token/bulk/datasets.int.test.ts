import { FREE_TIER_LAB_IDS, LAB_IDS, bulkColumnsOf, type LabId } from "@tpi/domain";
import { DuckDBInstance } from "@duckdb/node-api";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeBulkFile } from "../../../platform/bulk/write-file";
import {
  collectRows,
  expectDatasetRows,
  fixedReleasesApiForFile,
  testSourceProvenance,
} from "../../../testing/bulk-rows";
import { bearer, observation } from "../../../testing/test-api";
import { LAB_INDEX_DAILY, TOKEN_VOLUME_DAILY } from "./datasets";

/**
 * The token datasets equal what their history routes serve: every lab over the whole history,
 * item by item with the same JSON types, then the provenance columns; read in pages smaller than
 * the history (3 rows), in lab then day order. And `release` answers through the ReleaseReader.
 */

const NOW = new Date("2026-03-31T12:00:00.000Z");
const DAYS = ["2026-03-25", "2026-03-26", "2026-03-27", "2026-03-28", "2026-03-29"];
const FIRST = DAYS[0] as string;
const LAST = DAYS.at(-1) as string;
const PAGE_ROWS = 3;

const observations = DAYS.flatMap((date, i) => [
  observation({ date, modelId: "anthropic/claude-a", inputTokens: BigInt(1_000_000 * (i + 1)) }),
  observation({ date, modelId: "qwen/q-a", inputTokens: 300_000n, inputPricePerMtok: 0.5 + i }),
  ...(i === 0 ? [] : [observation({ date, modelId: "openai/gpt-a", outputTokens: 90_000n })]),
]);

const { api, releases } = await fixedReleasesApiForFile(NOW);
await api.load(observations);

const bySeriesThenPeriod = (a: { lab: string; date: string }, b: { lab: string; date: string }) =>
  a.lab < b.lab ? -1 : a.lab > b.lab ? 1 : a.date < b.date ? -1 : a.date > b.date ? 1 : 0;

describe("token bulk datasets", () => {
  it("the lab index rows are /api/otpi's items of every lab, lab then day, with provenance", async () => {
    const rows = await collectRows(LAB_INDEX_DAILY.rows(api.db, undefined, PAGE_ROWS));
    const answer = await api.get(
      `/api/otpi?startDate=${FIRST}&endDate=${LAST}`,
      bearer(api.planKeys.full),
    );
    expect(answer.status).toBe(200);
    const items = (answer.body as { data: { lab: string; date: string }[] }).data;
    // Three labs over five days, openai from the second: more rows than one page.
    expect(rows.length).toBe(14);
    expect(rows.length).toBeGreaterThan(PAGE_ROWS);
    // The test's source asks for no citation.
    expectDatasetRows(LAB_INDEX_DAILY, rows, {
      items: [...items].sort(bySeriesThenPeriod),
      cited: false,
    });
    for (const row of rows)
      expect(row).toMatchObject(testSourceProvenance("reported", expect.stringMatching(/\S/)));
  });

  it("each row's provenance is its lab-day's, as /api/otpi/constituents states it", async () => {
    const rows = await collectRows(LAB_INDEX_DAILY.rows(api.db, undefined, PAGE_ROWS));
    for (const row of rows) {
      const answer = await api.get(
        `/api/otpi/constituents?date=${String(row.date)}&lab=${String(row.lab)}`,
        bearer(api.planKeys.full),
      );
      const { provenance, methodologyVersion } = answer.body as {
        provenance: {
          source: string;
          asOf: string | null;
          sample: boolean;
          citation: string | null;
        };
        methodologyVersion: string;
      };
      expect(row).toMatchObject({
        source: provenance.source,
        asOf: provenance.asOf,
        sample: provenance.sample,
        citation: provenance.citation,
        methodologyVersion,
      });
    }
  });

  it("the volume rows are /api/token-volume?labs=all's items, with provenance", async () => {
    const rows = await collectRows(TOKEN_VOLUME_DAILY.rows(api.db, undefined, PAGE_ROWS));
    const answer = await api.get(
      `/api/token-volume?startDate=${FIRST}&endDate=${LAST}&labs=all`,
      bearer(api.planKeys.trial),
    );
    expect(answer.status).toBe(200);
    const items = (answer.body as { data: { lab: string; date: string }[] }).data;
    expectDatasetRows(TOKEN_VOLUME_DAILY, rows, {
      items: [...items].sort(bySeriesThenPeriod),
      cited: false,
    });
    // Shares and totals are numbers, a lab's base day 100: the route's values, not recomputed text.
    expect(rows.find((row) => row.lab === "openai" && row.date === DAYS[1])).toMatchObject({
      growthIndex: 100,
      share: expect.any(Number),
      source: "test",
    });
  });

  it("states the free labs as the free series, the volume none", () => {
    expect(LAB_INDEX_DAILY.freeSeries).toEqual(FREE_TIER_LAB_IDS);
    expect(TOKEN_VOLUME_DAILY.freeSeries).toEqual([]);
  });
});

describe("token bulk files", () => {
  it("a Parquet file of the volume rows reads back in DuckDB as the rows, types included", async () => {
    const dataset = TOKEN_VOLUME_DAILY;
    const rows = await collectRows(dataset.rows(api.db, undefined, PAGE_ROWS));
    const dir = await mkdtemp(join(tmpdir(), "tpi-token-bulk-"));
    const path = join(dir, "token-volume.parquet");
    const duck = await (await DuckDBInstance.create(":memory:")).connect();
    try {
      await duck.run("SET TimeZone = 'UTC'");
      await writeBulkFile(
        "parquet",
        bulkColumnsOf(dataset),
        dataset.rows(api.db, undefined, PAGE_ROWS),
        path,
      );
      const reader = await duck.runAndReadAll(`SELECT * FROM read_parquet('${path}')`);
      expect(reader.columnTypes().map(String).slice(0, 6)).toEqual([
        "DATE",
        "VARCHAR",
        "BIGINT",
        "DOUBLE",
        "DOUBLE",
        "DOUBLE",
      ]);
      // Back to the JSON the route serves: a DATE as its day, a BIGINT as a number.
      const read = reader
        .getRowObjects()
        .map((row) =>
          Object.fromEntries(
            Object.entries(row).map(([name, value]) => [
              name,
              typeof value === "bigint"
                ? Number(value)
                : value !== null && typeof value === "object"
                  ? value.toString()
                  : value,
            ]),
          ),
        );
      expect(read).toStrictEqual(rows);
    } finally {
      duck.closeSync();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("release on the token history routes", () => {
  it("answers /api/otpi from the release's rows, read through the reader", async () => {
    const rows = await collectRows(LAB_INDEX_DAILY.rows(api.db));
    // The release holds an older value of one lab-day.
    releases.hold(
      7,
      LAB_INDEX_DAILY,
      rows.map((row) =>
        row.lab === "anthropic" && row.date === DAYS[2] ? { ...row, indexPerMtok: 9.75 } : row,
      ),
    );
    const asked = releases.asked;
    asked.length = 0;
    const now = await api.get(
      `/api/otpi?startDate=${FIRST}&endDate=${LAST}&lab=anthropic`,
      bearer(api.planKeys.full),
    );
    const asOf = await api.get(
      `/api/otpi?startDate=${FIRST}&endDate=${LAST}&lab=anthropic&release=7`,
      bearer(api.planKeys.full),
    );
    expect(asOf.status).toBe(200);
    expect(asked).toEqual([
      {
        market: "token",
        dataset: "lab-index-daily",
        release: 7,
        series: ["anthropic"],
        fromPeriod: FIRST,
        toPeriod: LAST,
      },
    ]);
    const nowData = (now.body as { data: { date: string; indexPerMtok: number }[] }).data;
    const asOfData = (asOf.body as { data: { date: string; indexPerMtok: number }[] }).data;
    expect(asOfData).toStrictEqual(
      nowData.map((item) => (item.date === DAYS[2] ? { ...item, indexPerMtok: 9.75 } : item)),
    );
    expect(asOf.body).toMatchObject({ startDate: FIRST, endDate: LAST, count: 5 });
    expect(asOf.headers.get("etag")).not.toBe(now.headers.get("etag"));
  });

  it("keeps the route's access checks and answers the reader's refusal", async () => {
    const keyed: LabId = LAB_IDS.find((lab) => !FREE_TIER_LAB_IDS.includes(lab)) as LabId;
    expect((await api.get(`/api/otpi?lab=${keyed}&release=7`)).status).toBe(401);
    expect((await api.get("/api/otpi?release=0")).body).toMatchObject({
      error: "Bad request",
      message: expect.stringContaining("'release' must be a positive whole number"),
    });
    const unknown = await api.get("/api/otpi?release=8", bearer(api.planKeys.full));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: "Release 8 does not exist." });
  });
});
