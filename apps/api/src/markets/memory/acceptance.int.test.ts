// @module-tag zone
import { countMemoryObservations } from "@tpi/db";
import { memoryDateInstant as at } from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, startTestApi, type TestApi } from "../../testing/test-api";
import { describeImport, importMemoryFile, type MemoryImportOutcome } from "./jobs/import";
import type { MarketJobContext } from "../../platform/core/market";
import { memoryMarketJobs } from "./jobs/lifecycle";
import { settleMemoryLocked } from "./jobs/settlement";
import { MEMORY } from "./read-model/state";

/**
 * Acceptance: a CSV and a JSON file of known observations, imported as the operator's command
 * does, settled by hand. The CSV spans the week of Martin Luther King Jr. Day 2026 (Monday 19
 * January, an NYSE holiday; EST, 4 PM = 21:00 UTC) with observations on both sides of 4 PM, at
 * 4 PM exactly, on the weekend and on the holiday; the JSON spans the start of daylight saving
 * time (Friday 6 March EST, Monday 9 March EDT, 4 PM = 20:00 UTC). Then: re-imports write
 * nothing, a file with one bad row writes nothing, a late observation of a settled day is
 * exactly one revision, the settlement job settles a day once its 4 PM has passed.
 */

const NOW = new Date("2026-03-11T12:00:00.000Z");
const DDR5 = "mem_ddr5_16gb";

const CSV = [
  "type,price,observedAt,source",
  // Thursday 15 January: 10, 12 and 14 (at 4 PM exactly) -> 12. One row names its own source.
  `${DDR5},10,2026-01-15T09:00:00-05:00,`,
  `${DDR5},12.00,2026-01-15T20:59:59Z,beta`,
  `${DDR5},14,2026-01-15T16:00:00-05:00,`,
  // A second after 4 PM: Friday 16 January's session -> 20.
  `${DDR5},20,2026-01-15T21:00:01Z,`,
  // Saturday, and Monday the holiday, count for Tuesday 20 January: 16, 18, 14 -> 16.
  `${DDR5},16,2026-01-17T10:00:00-05:00,`,
  `${DDR5},18,2026-01-19T15:00:00Z,`,
  `"DDR5 16Gb (2Gx8) 4800/5600",14,2026-01-20T15:00:00Z,`,
  // Wednesday 21 January: nothing. Thursday 22 January: 10.
  `${DDR5},10,2026-01-22T15:00:00Z,`,
].join("\n");

const JSON_ROWS = [
  // Friday 6 March, EST: 15:30 -> 30; 16:30 belongs to Monday.
  { type: DDR5, price: 30, observedAt: "2026-03-06T20:30:00Z", source: "acme" },
  { type: DDR5, price: 40, observedAt: "2026-03-06T21:30:00Z", source: "acme" },
  // Monday 9 March, EDT: 15:30 -> with Friday's late 40: 45; 16:30 belongs to Tuesday -> 60.
  { type: DDR5, price: "50", observedAt: "2026-03-09T15:30:00-04:00", source: "acme" },
  { type: DDR5, price: 60, observedAt: "2026-03-09T20:30:00Z", source: "acme" },
  // Wednesday 11 March: its 4 PM (20:00 UTC) has not passed at NOW.
  { type: DDR5, price: 70, observedAt: "2026-03-11T14:00:00Z", source: "acme" },
  {
    type: "DDR4 UDIMM 16GB 3200",
    price: 40,
    observedAt: "2026-03-09T15:00:00Z",
    source: "modulefeed",
    sourceUpdatedAt: "2026-03-09T14:00:00Z",
    url: "https://example.com/modules",
    licence: "CC BY 4.0",
    citation: "Source: Example module feed.",
  },
];
const JSON_TEXT = JSON.stringify(JSON_ROWS);

let api: TestApi;
let key: string;

type HistoryRow = {
  date: string;
  price: number;
  changePct: number | null;
  weeklyHigh: number;
  weeklyLow: number;
  sources: string[];
  sample: boolean;
  timestamp: string;
  updatedAt: string;
};

async function history(query = "", type = DDR5): Promise<HistoryRow[]> {
  const res = await api.get(`/api/memory/${type}/history${query}`, bearer(key));
  expect(res.status).toBe(200);
  return (res.body as { data: HistoryRow[] }).data;
}

async function importText(path: string, text: string, defaultSource?: string) {
  const outcome = await importMemoryFile(api.db, {
    path,
    content: text,
    now: api.clock.now,
    ...(defaultSource === undefined ? {} : { defaultSource }),
  });
  await MEMORY.of(api.deps).index.refresh();
  return outcome;
}

function imported(outcome: MemoryImportOutcome) {
  if (outcome.kind !== "imported") throw new Error(`not imported: ${JSON.stringify(outcome)}`);
  return outcome.report;
}

beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  key = (await api.createKey("premium")).key;
  await MEMORY.of(api.deps).index.refresh();
});
afterAll(async () => {
  await api.close();
});

describe("Memory from imported files", () => {
  it("shows the marked sample before the first import, and refuses keyless callers", async () => {
    expect((await api.get("/api/memory-index")).status).toBe(401);
    expect((await api.get(`/api/memory/${DDR5}/history`)).status).toBe(401);
    expect((await api.get("/api/memory/revisions")).status).toBe(401);
    const index = await api.get("/api/memory-index", bearer(key));
    expect(index.body).toMatchObject({
      count: 14,
      dataSources: { sample: true, notice: expect.any(String), sources: [{ source: "sample" }] },
    });
    expect((await history()).every((row) => row.sample)).toBe(true);
  });

  it("imports the CSV (default source) and the JSON and serves the values settled by hand", async () => {
    const csv = imported(await importText("mlk-week.csv", CSV, "acme"));
    expect(csv).toMatchObject({ read: 8, inserted: 8, updated: 0, unchanged: 0 });
    expect(csv.settlement).toMatchObject({ throughDay: "2026-03-10", settled: 4, resettled: 0 });
    const json = imported(await importText("dst-week.json", JSON_TEXT));
    expect(json).toMatchObject({ read: 6, inserted: 6, updated: 0, unchanged: 0 });
    // Friday 6, Monday 9, Tuesday 10 March of DDR5, Monday 9 March of the module; not 11 March.
    expect(json.settlement).toMatchObject({ settled: 4, resettled: 0 });

    const rows = await history();
    expect(rows.every((row) => !row.sample)).toBe(true);
    const expected: [string, number, number | null, number, number][] = [
      ["2026-01-15", 12, null, 12, 12],
      ["2026-01-16", 20, 66.666667, 20, 12],
      ["2026-01-20", 16, -20, 20, 12],
      ["2026-01-22", 10, -37.5, 20, 10],
      ["2026-03-06", 30, 200, 30, 30],
      ["2026-03-09", 45, 50, 45, 30],
      ["2026-03-10", 60, 33.333333, 60, 30],
    ];
    expect(rows.map((row) => row.date)).toEqual(expected.map(([date]) => at(date)));
    rows.forEach((row, i) => {
      const [, price, change, high, low] = expected[i] ?? [];
      expect(row.price).toBe(price);
      if (change === null) expect(row.changePct).toBeNull();
      else expect(row.changePct).toBe(change);
      expect([row.weeklyHigh, row.weeklyLow]).toEqual([high, low]);
      expect(row.updatedAt).toBe(NOW.toISOString());
    });
    expect(rows[0]?.sources).toEqual(["acme", "beta"]);
    expect(rows[0]?.timestamp).toBe("2026-01-15T21:00:00.000Z");
    expect(rows[5]?.timestamp).toBe("2026-03-09T20:00:00.000Z");

    const module = await api.get(
      `/api/memory-index?type=${encodeURIComponent("DDR4 UDIMM 16GB 3200")}`,
      bearer(key),
    );
    expect(module.body).toMatchObject({
      date: "2026-03-09T00:00:00.000Z",
      count: 1,
      data: {
        id: "mem_ddr4_udimm_16gb",
        price: 40,
        changePct: null,
        sourceUpdatedAt: "2026-03-09T14:00:00.000Z",
        sources: ["modulefeed"],
        sample: false,
      },
      dataSources: {
        sample: false,
        sources: [
          {
            source: "modulefeed",
            asOf: "2026-03-09T14:00:00.000Z",
            citation: "Source: Example module feed.",
            licence: { name: "CC BY 4.0", url: "https://example.com/modules" },
          },
        ],
      },
    });
    const all = await api.get("/api/memory-index", bearer(key));
    expect(all.body).toMatchObject({ date: "2026-03-10T00:00:00.000Z", count: 2 });
  });

  it("answers ranges oldest first: the limit keeps the latest, a date-only endDate includes its 4 PM", async () => {
    expect((await history("?limit=3")).map((row) => row.date)).toEqual(
      ["2026-03-06", "2026-03-09", "2026-03-10"].map(at),
    );
    expect((await history("?endDate=2026-01-20")).map((row) => row.date)).toEqual(
      ["2026-01-15", "2026-01-16", "2026-01-20"].map(at),
    );
    expect(await history("?startDate=2026-01-17&endDate=2026-01-19")).toEqual([]);
    expect(await history("?startDate=2026-01-21&endDate=2026-01-21")).toEqual([]);
  });

  it("writes nothing when the same files come again", async () => {
    const csv = imported(await importText("mlk-week.csv", CSV, "acme"));
    expect(csv).toMatchObject({ inserted: 0, updated: 0, unchanged: 8 });
    expect(csv.settlement).toMatchObject({ settled: 0, resettled: 0, rederived: 0 });
    expect(describeImport(csv)).toContain("nothing written");
    const json = imported(await importText("dst-week.json", JSON_TEXT));
    expect(json).toMatchObject({ inserted: 0, updated: 0, unchanged: 6 });
  });

  it("writes nothing from a file with one bad row, and names its line and field", async () => {
    const before = await countMemoryObservations(api.db);
    const outcome = await importText(
      "bad.csv",
      [
        "type,price,observedAt,source",
        `${DDR5},11,2026-03-10T14:00:00Z,acme`,
        `${DDR5},0,2026-03-10T15:00:00Z,acme`,
      ].join("\n"),
    );
    expect(outcome).toMatchObject({
      kind: "invalid",
      errorCount: 1,
      errors: ["line 3, field 'price': must be a finite number of USD greater than 0; got '0'"],
    });
    expect(await countMemoryObservations(api.db)).toBe(before);
    expect((await history()).at(-1)?.price).toBe(60);
  });

  it("re-settles a settled day that gets a late observation, with exactly one revision", async () => {
    const later = new Date("2026-03-11T13:00:00.000Z");
    api.clock.now = later;
    const late = imported(
      await importText(
        "late.csv",
        ["type,price,observedAt,source", `${DDR5},24,2026-01-20T15:30:00Z,acme`].join("\n"),
      ),
    );
    expect(late).toMatchObject({ inserted: 1, updated: 0 });
    // 20 January: (16 + 18 + 14 + 24) / 4 = 18; 22 January's change follows.
    expect(late.settlement).toMatchObject({ settled: 0, resettled: 1, rederived: 1 });
    const rows = await history("?startDate=2026-01-20&endDate=2026-01-22");
    expect(rows.map((row) => [row.date, row.price])).toEqual([
      [at("2026-01-20"), 18],
      [at("2026-01-22"), 10],
    ]);
    expect(rows[1]?.changePct).toBe(-44.444444);
    expect(rows[0]?.updatedAt).toBe(later.toISOString());

    const revisions = await api.get("/api/memory/revisions", bearer(key));
    expect(revisions.body).toMatchObject({
      count: 1,
      data: [
        {
          date: "2026-01-20",
          memoryTypeId: DDR5,
          oldPrice: 16,
          newPrice: 18,
          changePercent: 12.5,
          oldUpdatedAt: NOW.toISOString(),
          reason: expect.stringContaining("late.csv"),
          recordedAt: later.toISOString(),
        },
      ],
    });

    // The same price again for an existing key: unchanged; another price: an update, reported.
    const changed = imported(
      await importText(
        "late.csv",
        ["type,price,observedAt,source", `${DDR5},28,2026-01-20T15:30:00Z,acme`].join("\n"),
      ),
    );
    expect(changed).toMatchObject({
      inserted: 0,
      updated: 1,
      priceUpdates: [{ line: 2, typeId: DDR5, oldPrice: 24, newPrice: 28 }],
      settlement: { resettled: 1 },
    });
    expect((await api.get("/api/memory/revisions", bearer(key))).body).toMatchObject({ count: 2 });
  });

  it("settles a trading day once its 4 PM has passed, once", async () => {
    api.clock.now = new Date("2026-03-11T19:59:59.000Z");
    expect(await settleMemoryLocked(api.db, api.clock.now)).toMatchObject({ settled: 0 });
    api.clock.now = new Date("2026-03-11T20:00:00.000Z");
    // The scheduler's job settles it and reloads the index, which then serves it.
    const logged: string[] = [];
    const [job] = memoryMarketJobs(MEMORY.of(api.deps), {}, {
      db: api.db,
      clock: () => api.clock.now,
      log: { ...api.deps.log, info: (line: string) => logged.push(line) },
    } as unknown as MarketJobContext);
    await job?.run(new AbortController().signal);
    expect(logged).toEqual([
      "memory index: settled through 2026-03-11: 1 new type-day(s), 0 re-settled with a revision, 0 withdrawn, 0 with re-derived change or weekly high/low; 1 value event(s)",
    ]);
    expect((await history()).at(-1)).toMatchObject({ date: at("2026-03-11"), price: 70 });
    expect(await settleMemoryLocked(api.db, api.clock.now)).toMatchObject({
      settled: 0,
      resettled: 0,
      rederived: 0,
    });
  });
});
