import {
  OPENROUTER_LICENCE,
  OPENROUTER_SOURCE,
  WORKLOAD_METHODOLOGY_VERSION,
  openRouterCitation,
  sessionCostCitation,
} from "@tpi/domain";
import { storePriceSnapshots } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectRows, expectDatasetRows, fixedReleases } from "../../../testing/bulk-rows";
import { bearer, startTestApi, type TestApi } from "../../../testing/test-api";
import {
  listPriceModel as model,
  syncSessionCostWeeks,
  type SessionCostWeek,
} from "../../../testing/workload-session-costs";
import { WORKLOAD } from "../read-model/state";
import type { WorkloadResponse } from "../schemas/workload";
import { workloadItemOfRow, workloadWeeklySessionCost } from "./weekly-session-cost";

/**
 * The Workload Cost dataset against `GET /api/workload`: three synced weeks of OpenRouter's
 * session costs (a loopback stub) priced by two stored price snapshots. Every row the route
 * serves, for every lab and family over the whole history, equals the dataset's, item by item;
 * a release's rows answer the route with `release`.
 */

const NOW = new Date("2026-11-25T12:00:00Z");
const SONNET = "anthropic/claude-4.5-sonnet";
const GPT5 = "openai/gpt-5";
const WEEKS: SessionCostWeek[] = [
  {
    end: "2026-11-08",
    cells: [
      ["cline", SONNET, "1-turn", 0.6],
      ["claude-code", SONNET, "2-9-turns", 2.4],
      ["cline", GPT5, "1-turn", 0.35],
    ],
  },
  {
    end: "2026-11-15",
    cells: [
      ["cline", SONNET, "1-turn", 0.5],
      ["claude-code", SONNET, "2-9-turns", 2.4],
      ["claude-code", SONNET, "10-49-turns", 9.0],
      ["cline", GPT5, "1-turn", 0.42],
    ],
  },
  {
    end: "2026-11-22",
    cells: [
      ["cline", SONNET, "1-turn", 0.55],
      ["claude-code", SONNET, "10-49-turns", 9.5],
      ["cline", GPT5, "1-turn", 0.4],
    ],
  },
];

const releases = fixedReleases();
let api: TestApi;
let key: string;

const workload = async (query: string) => {
  const res = await api.get(`/api/workload${query}`, bearer(key));
  expect(res.status).toBe(200);
  return res.body as WorkloadResponse;
};

beforeAll(async () => {
  api = await startTestApi({
    now: NOW,
    configure: releases.configure,
  });
  await storePriceSnapshots(api.db, [
    {
      source: OPENROUTER_SOURCE,
      fetchedAt: new Date("2026-11-01T06:00:00Z"),
      models: [model(SONNET, "0.000003", "0.000015"), model(GPT5, "0.000002", "0.000008")],
    },
    {
      source: OPENROUTER_SOURCE,
      fetchedAt: new Date("2026-11-13T06:00:00Z"),
      models: [model(SONNET, "0.000002", "0.00001"), model(GPT5, "0.000002", "0.000008")],
    },
  ]);
  await syncSessionCostWeeks(api.db, WEEKS);
  expect(await WORKLOAD.of(api.deps).index.refresh()).toBe(true);
  key = (await api.createKey("trial")).key;
});
afterAll(() => api.close());

describe("the weekly-session-cost dataset", () => {
  it("equals every row the route serves over the whole history, item by item, types included", async () => {
    const rows = await collectRows(workloadWeeklySessionCost.rows(api.db));
    const served = await workload("?cells=none");
    expect(served.data.length).toBeGreaterThan(6);
    const bySeries = (a: { lab: string; family: string; date: string }) =>
      `${a.lab}/${a.family}\n${a.date}`;
    const sorted = [...served.data].sort((a, b) => (bySeries(a) < bySeries(b) ? -1 : 1));
    expectDatasetRows(workloadWeeklySessionCost, rows, {
      items: sorted,
      itemOf: workloadItemOfRow,
    });
    // And series by series, as the route answers a lab and family.
    for (const series of new Set(rows.map((row) => String(row.series)))) {
      const [lab, family] = series.split("/");
      const one = await workload(`?lab=${lab}&family=${family}&cells=none`);
      expect(
        rows.filter((row) => row.series === series).map(workloadItemOfRow),
        series,
      ).toStrictEqual(one.data.filter((item) => item.family === family));
    }
  });

  it("types every value, orders series then week, and cites both of a week's sources", async () => {
    const rows = await collectRows(workloadWeeklySessionCost.rows(api.db));
    expectDatasetRows(workloadWeeklySessionCost, rows);
    const row = rows.find((r) => r.series === "anthropic/all" && r.date === "2026-11-22");
    expect(row).toMatchObject({
      source: "openrouter-session-cost",
      asOf: "2026-11-22T23:30:00.000Z",
      sample: false,
      basis: "reported",
      methodologyVersion: WORKLOAD_METHODOLOGY_VERSION,
      citation: `${sessionCostCitation("2026-11-22T23:30:00.000Z")} ${openRouterCitation("2026-11-13T06:00:00.000Z")}`,
    });
  });
});

describe("GET /api/workload with release", () => {
  beforeAll(async () => {
    const rows = await collectRows(workloadWeeklySessionCost.rows(api.db));
    // Release 2 was cut before the third week, with another cost of Sonnet's first week.
    releases.hold(
      2,
      workloadWeeklySessionCost,
      rows
        .filter((row) => row.date !== "2026-11-22")
        .map((row) =>
          row.series === "anthropic/claude-sonnet" && row.date === "2026-11-08"
            ? { ...row, cCents: 111 }
            : row,
        ),
    );
  });

  it("answers the rows as the release holds them, without the cells and weeks it does not hold", async () => {
    const then = await workload("?lab=anthropic&family=sonnet&release=2");
    expect(then).toMatchObject({
      cellsOf: "none",
      weeks: [],
      cells: [],
      count: 2,
      dataSources: {
        sample: false,
        sources: [
          {
            source: "openrouter-session-cost",
            asOf: "2026-11-15T23:30:00.000Z",
            licence: { ...OPENROUTER_LICENCE },
          },
        ],
      },
    });
    expect(then.data.map((item) => [item.date, item.family, item.cCents])).toEqual([
      ["2026-11-08", "claude-sonnet", 111],
      ["2026-11-15", "claude-sonnet", expect.any(Number)],
    ]);
    const now = await workload("?lab=anthropic&family=sonnet&cells=none");
    expect(now.data.map((item) => item.date)).toEqual(["2026-11-08", "2026-11-15", "2026-11-22"]);
    expect(JSON.stringify(then.data[1])).toBe(JSON.stringify(now.data[1]));
  });

  it("applies the dates, and refuses a family the release never published (404), an unknown release (404), no key (401)", async () => {
    const week = await workload("?startDate=2026-11-15&endDate=2026-11-15&release=2");
    expect(new Set(week.data.map((item) => item.date))).toEqual(new Set(["2026-11-15"]));
    const family = await api.get("/api/workload?family=gemini-pro&release=2", bearer(key));
    expect(family.status).toBe(404);
    expect((await api.get("/api/workload?release=5", bearer(key))).status).toBe(404);
    expect((await api.get("/api/workload?release=2")).status).toBe(401);
  });
});
