import {
  ACCOUNT_PLANS,
  CLOSED_LAB_IDS,
  LAB_LIST_TEXT,
  labOutsideVolumeLabsMessage,
  type AccountPlan,
} from "@tpi/domain";
import type { ObservationInput } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectEveryAnswer } from "../../../testing/answers";
import {
  bearer,
  observation,
  startTestApiWithPlanKeys,
  type PlanKeyedTestApi,
} from "../../../testing/test-api";

// "Today" is 2026-03-31 12:00 UTC: with the 36-hour lag the latest settled day is 2026-03-29;
// 2026-03-30 has observations but is not settled.
const NOW = new Date("2026-03-31T12:00:00.000Z");
const SETTLED = ["2026-03-26", "2026-03-27", "2026-03-28", "2026-03-29"];
const UNSETTLED = "2026-03-30";

type Row = {
  date: string;
  lab: string;
  totalTokens: number;
  growthIndex: number | null;
  share: number | null;
  totalGrowthIndex: number | null;
};
type Body = {
  success: boolean;
  access: string;
  startDate: string;
  endDate: string;
  labs: string[];
  count: number;
  totalBaseline: { date: string; totalTokens: number } | null;
  baselines: { lab: string; date: string; totalTokens: number }[];
  dataSources: { sample: boolean; notice: string | null; sources: { source: string }[] };
  data: Row[];
};

/**
 * anthropic grows each day; openai has no observation on 2026-03-26 (a suppressed lab-day, so its
 * base is 2026-03-27); qwen is flat; google has only a free model (suppressed every day).
 */
function observationsOf(date: string, dayIndex: number): ObservationInput[] {
  const list = [
    observation({
      date,
      modelId: "anthropic/claude-a",
      inputTokens: BigInt(1_000_000 * (dayIndex + 1)),
      outputTokens: 250_000n,
    }),
    observation({ date, modelId: "anthropic/claude-b", inputTokens: 400_000n, outputTokens: 0n }),
    observation({ date, modelId: "qwen/q-a", inputTokens: 300_000n, outputTokens: 200_000n }),
    observation({
      date,
      modelId: "google/gemini-x:free",
      inputPricePerMtok: 0,
      outputPricePerMtok: 0,
    }),
  ];
  if (dayIndex > 0)
    list.push(
      observation({
        date,
        modelId: "openai/gpt-a",
        inputTokens: BigInt(2_000_000 * dayIndex),
        outputTokens: 500_000n,
      }),
    );
  return list;
}

const observations = [...SETTLED, UNSETTLED].flatMap((date, i) => observationsOf(date, i));

/** The expected settled total of a lab-day: every (eligible) observation's tokens. */
function expectedTotal(date: string, lab: string): number {
  return observations
    .filter((o) => o.date === date && o.lab === lab)
    .reduce((sum, o) => sum + Number(o.totalTokens), 0);
}

let api: PlanKeyedTestApi;
beforeAll(async () => {
  api = await startTestApiWithPlanKeys({ now: NOW });
  await api.load(observations);
});
afterAll(async () => api.close());

const withKey = (plan: AccountPlan = "full") => bearer(api.planKeys[plan]);
const RANGE = "startDate=2026-03-20&endDate=2026-03-31";
const ALL = `${RANGE}&labs=all`;

describe("GET /api/token-volume", () => {
  it("needs a key", async () => {
    const res = await api.get(`/api/token-volume?${RANGE}`);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ error: "Unauthorized" });
  });

  it("gives every plan every lab and all history", async () => {
    await expectEveryAnswer(
      (plan) => api.get(`/api/token-volume?${RANGE}`, withKey(plan)),
      ACCOUNT_PLANS,
      {
        status: 200,
        bodyMatching: {
          success: true,
          access: "full",
          startDate: "2026-03-20",
          endDate: "2026-03-31",
        },
      },
    );
  });

  it("serves the closed labs by default, each share of the closed labs' total", async () => {
    const body = (await api.get(`/api/token-volume?${RANGE}`, withKey())).body as Body;
    expect(body.labs).toEqual(["anthropic", "openai", "google"]);
    expect(body.data.map((r) => `${r.date} ${r.lab}`)).toEqual([
      "2026-03-26 anthropic",
      ...SETTLED.slice(1).flatMap((d) => [`${d} anthropic`, `${d} openai`]),
    ]);
    const day = "2026-03-28";
    const a = expectedTotal(day, "anthropic");
    const o = expectedTotal(day, "openai");
    expect(body.data.find((r) => r.date === day && r.lab === "openai")?.share).toBe(o / (a + o));
    expect(body.data.find((r) => r.date === "2026-03-26")?.share).toBe(1);
    // google is never published, so no day has every closed lab: no total base, no total growth.
    expect(body.totalBaseline).toBeNull();
    expect(body.data.every((r) => r.totalGrowthIndex === null)).toBe(true);
    expect(body.baselines.map((b) => b.lab)).toEqual(["anthropic", "openai"]);
  });

  it("indexes the total of the labs asked to its first day with every one of them", async () => {
    const body = (await api.get(`/api/token-volume?${RANGE}&labs=qwen,openai,anthropic`, withKey()))
      .body as Body;
    expect(body.labs).toEqual(["anthropic", "openai", "qwen"]);
    const total = (day: string) =>
      ["anthropic", "openai", "qwen"].reduce((sum, lab) => sum + expectedTotal(day, lab), 0);
    expect(body.totalBaseline).toEqual({ date: "2026-03-27", totalTokens: total("2026-03-27") });
    const growthOn = (day: string) =>
      new Set(body.data.filter((r) => r.date === day).map((r) => r.totalGrowthIndex));
    expect(growthOn("2026-03-26")).toEqual(new Set([null]));
    expect(growthOn("2026-03-27")).toEqual(new Set([100]));
    expect(growthOn("2026-03-29")).toEqual(
      new Set([100 * (total("2026-03-29") / total("2026-03-27"))]),
    );
  });

  it("serves every lab with labs=all, settled totals, only settled days, date then catalog order", async () => {
    const body = (await api.get(`/api/token-volume?${ALL}`, withKey())).body as Body;
    expect(body.labs).toEqual(LAB_LIST_TEXT.split(", "));
    expect(body.data.map((r) => `${r.date} ${r.lab}`)).toEqual([
      "2026-03-26 anthropic",
      "2026-03-26 qwen",
      ...SETTLED.slice(1).flatMap((d) => [`${d} anthropic`, `${d} openai`, `${d} qwen`]),
    ]);
    expect(body.count).toBe(body.data.length);
    for (const row of body.data) expect(row.totalTokens).toBe(expectedTotal(row.date, row.lab));
  });

  it("leaves suppressed lab-days out, rows and shares alike", async () => {
    const body = (await api.get(`/api/token-volume?${ALL}`, withKey())).body as Body;
    expect(body.data.some((r) => r.lab === "google")).toBe(false);
    expect(body.data.some((r) => r.lab === "openai" && r.date === "2026-03-26")).toBe(false);
    const anthropic = body.data.find((r) => r.date === "2026-03-26" && r.lab === "anthropic");
    const a = expectedTotal("2026-03-26", "anthropic");
    expect(anthropic?.share).toBe(a / (a + expectedTotal("2026-03-26", "qwen")));
  });

  it("indexes growth to 100 on each lab's first published day", async () => {
    const body = (await api.get(`/api/token-volume?${ALL}`, withKey())).body as Body;
    expect(body.baselines).toEqual([
      {
        lab: "anthropic",
        date: "2026-03-26",
        totalTokens: expectedTotal("2026-03-26", "anthropic"),
      },
      {
        lab: "openai",
        date: "2026-03-27",
        totalTokens: expectedTotal("2026-03-27", "openai"),
      },
      { lab: "qwen", date: "2026-03-26", totalTokens: expectedTotal("2026-03-26", "qwen") },
    ]);
    for (const base of body.baselines) {
      const row = body.data.find((r) => r.lab === base.lab && r.date === base.date);
      expect(row?.growthIndex).toBe(100);
    }
    const last = body.data.find((r) => r.lab === "anthropic" && r.date === "2026-03-29");
    expect(last?.growthIndex).toBeCloseTo(
      (100 * expectedTotal("2026-03-29", "anthropic")) / expectedTotal("2026-03-26", "anthropic"),
      10,
    );
  });

  it("keeps the base from all history when the range starts later", async () => {
    const body = (
      await api.get("/api/token-volume?startDate=2026-03-29&endDate=2026-03-29", withKey())
    ).body as Body;
    expect(body.baselines.find((b) => b.lab === "anthropic")?.date).toBe("2026-03-26");
    expect(body.data.find((r) => r.lab === "anthropic")?.growthIndex).toBeGreaterThan(100);
  });

  it("makes the shares of each day sum to 1, by default and over every lab", async () => {
    for (const query of [RANGE, ALL]) {
      const body = (await api.get(`/api/token-volume?${query}`, withKey())).body as Body;
      for (const day of SETTLED) {
        const sum = body.data.filter((r) => r.date === day).reduce((s, r) => s + (r.share ?? 0), 0);
        expect(Math.abs(sum - 1), `${query} ${day}`).toBeLessThanOrEqual(1e-12);
      }
    }
  });

  it("narrows to one lab, its shares still over every lab served", async () => {
    for (const query of [RANGE, ALL]) {
      const all = (await api.get(`/api/token-volume?${query}`, withKey())).body as Body;
      const body = (await api.get(`/api/token-volume?${query}&lab=openai`, withKey())).body as Body;
      expect(body.data).toEqual(all.data.filter((r) => r.lab === "openai"));
      expect(body.baselines.map((b) => b.lab)).toEqual(["openai"]);
    }
  });

  it("says where the data comes from", async () => {
    const body = (await api.get(`/api/token-volume?${ALL}`, withKey())).body as Body;
    expect(body.dataSources).toMatchObject({ sample: false, notice: null });
    expect(body.dataSources.sources.map((s) => s.source)).toEqual(["test"]);
  });

  it("answers 404 for a range without settled values", async () => {
    const res = await api.get(
      `/api/token-volume?startDate=${UNSETTLED}&endDate=${UNSETTLED}`,
      withKey(),
    );
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: "No data available",
      message: `No settled token volume data from ${UNSETTLED} to ${UNSETTLED} for labs anthropic, openai, google.`,
    });
  });

  it.each([
    ["endDate=2026-03-29", "Query parameter 'startDate' is required."],
    ["startDate=2026-03-29", "Query parameter 'endDate' is required."],
    [
      "startDate=2026-3-29&endDate=2026-03-29",
      "Query parameter 'startDate' must be a real calendar date in YYYY-MM-DD format; got '2026-3-29'.",
    ],
    [
      "startDate=2026-03-29&endDate=2026-02-30",
      "Query parameter 'endDate' must be a real calendar date in YYYY-MM-DD format; got '2026-02-30'.",
    ],
    [
      "startDate=2026-03-29&endDate=2026-03-28",
      "'startDate' (2026-03-29) is after 'endDate' (2026-03-28).",
    ],
    [
      `${RANGE}&lab=OpenAI`,
      `Invalid lab 'OpenAI'. Allowed values (case-sensitive): ${LAB_LIST_TEXT}.`,
    ],
    ["lab=OpenAI", "Query parameter 'startDate' is required."],
    [
      "startDate=x&endDate=2026-03-29&lab=OpenAI",
      `Invalid lab 'OpenAI'. Allowed values (case-sensitive): ${LAB_LIST_TEXT}.`,
    ],
    [
      `${RANGE}&date=2026-03-29`,
      "Unknown query parameter 'date'. Allowed parameters: startDate, endDate, labs, lab, release.",
    ],
    [
      `${RANGE}&labs=anthropic,Qwen`,
      `Invalid lab 'Qwen'. Allowed values (case-sensitive): ${LAB_LIST_TEXT}.`,
    ],
    [`${RANGE}&lab=qwen`, labOutsideVolumeLabsMessage("qwen", CLOSED_LAB_IDS)],
  ])("answers 400 for %s", async (query, message) => {
    const res = await api.get(`/api/token-volume?${query}`, withKey());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Bad request", message });
  });
});
