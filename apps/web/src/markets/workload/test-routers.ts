import { SAMPLE_NOTICE, WORKLOAD_UNIT, describeWorkloadMethodology } from "@tpi/domain";
import { z } from "zod";
import {
  FULL_VIEWER,
  marketFixture,
  DATE_RANGE_INPUT,
  PREMIUM_VIEWER,
  t,
} from "../../kit/test-viewers";

/**
 * A router standing in for the api in the Workload page's rendering tests, in the api's shapes:
 * `viewer` names the Full reader of `sessions.full` and a Premium reader of
 * `sessions.refused`; `workload.planIndex` answers the Full reader as `GET /api/workload`
 * answers a Full key, the other reader with a 403 (a plan the route would not serve) and anyone
 * else with the api's 401. Every
 * `planIndex` input is recorded. The browser test runs the page against the real api.
 */
const fixture = marketFixture("workload", { full: FULL_VIEWER, refused: PREMIUM_VIEWER });

/** A 403 in the REST shape: a plan the route does not serve (every plan reads it today). */
const WORKLOAD_PLAN_REFUSAL = "This key's plan does not include the Workload Cost index.";

const CITATION =
  "Source: OpenRouter (openrouter.ai), session-cost dataset, as of 2026-11-16T03:00:00.000Z. Licensed under CC BY 4.0.";
const SOURCES = {
  sample: true,
  notice: SAMPLE_NOTICE,
  sources: [
    {
      source: "openrouter-session-cost",
      sample: true,
      asOf: "2026-11-16T03:00:00.000Z",
      citation: CITATION,
      licence: { name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
    },
  ],
};

/** Two weeks: Anthropic's `all` and `claude-opus`, OpenAI's `all`; effects null in week one. */
const WORKLOAD_ROWS = [
  row("2026-11-08", "anthropic", "all", 250, 100, 1800, null),
  row("2026-11-08", "anthropic", "claude-opus", 410.5, 100, 950, null),
  row("2026-11-08", "openai", "all", 120, 100, 2400, null),
  row("2026-11-15", "anthropic", "all", 240.125, 96.43718, 1820.46, [-2.5, -1.25, -0.2]),
  row("2026-11-15", "anthropic", "claude-opus", 400, 97.25, 940, [-1, -1.5, 0.25]),
  row("2026-11-15", "openai", "all", 126, 104.2, 2410, [3, 1, 1]),
];

function row(
  date: string,
  lab: "anthropic" | "openai",
  family: string,
  cCents: number,
  lfl: number,
  qKtok: number,
  effects: [number, number, number] | null,
) {
  return {
    date,
    lab,
    family,
    cCents,
    lfl,
    qKtok,
    priceEffect: effects?.[0] ?? null,
    intensityEffect: effects?.[1] ?? null,
    mixEffect: effects?.[2] ?? null,
    totalChange: effects === null ? null : effects[0] + effects[1] + effects[2],
    cells: 2,
    matchedCells: effects === null ? null : 2,
    lflImputed: false,
    computedAt: `${date}T06:00:00.000Z`,
  };
}

const WORKLOAD_CELLS = ["2026-11-08", "2026-11-15"].flatMap((date, week) =>
  [
    ["kilo-code", "Kilo Code", "anthropic/claude-4.8-opus", "50-plus-turns", 4.1],
    ["cline", "Cline", "openai/gpt-5", "10-49-turns", 1.2],
    ["cline", "Cline", "anthropic/claude-4.8-opus", "2-9-turns", 0.75],
  ].map(([harness, harnessName, model, turnRange, cost]) => ({
    date,
    windowDays: 7,
    asOf: `${date}T03:00:00.000Z`,
    harness: String(harness),
    harnessName: String(harnessName),
    model: String(model),
    lab: String(model).split("/")[0] as "anthropic" | "openai",
    family: String(model).includes("opus") ? "claude-opus" : "gpt-5",
    turnRange: turnRange as "50-plus-turns" | "10-49-turns" | "2-9-turns",
    medianSessionCostUsd: Number(cost) + week * 0.5,
    blendedPricePerMtok: 6,
    impliedKtok: ((Number(cost) + week * 0.5) / 6) * 1000,
  })),
);

const workloadRouter = t.router({
  methodology: t.procedure.query(() => ({
    success: true as const,
    version: "1.0",
    unit: WORKLOAD_UNIT,
    sources: [
      {
        source: "openrouter-session-cost",
        what: "Median USD cost of one coding-agent session per harness, model and turn range, weekly.",
        citation: CITATION,
        licence: "CC BY 4.0",
      },
    ],
    turnRanges: ["1-turn", "2-9-turns", "10-49-turns", "50-plus-turns"],
    rules: describeWorkloadMethodology(),
    exclusions: {},
    weeks: 2,
    latestWeek: "2026-11-15",
    dataSources: SOURCES,
  })),
  planIndex: fixture.planQuery(
    "planIndex",
    { ...DATE_RANGE_INPUT, lab: z.string().optional(), family: z.string().optional() },
    { reads: "full", forbidden: { refused: WORKLOAD_PLAN_REFUSAL } },
    (input) => {
      // `lab` narrows rows and cells, as the route does.
      const data = WORKLOAD_ROWS.filter((one) => input.lab === undefined || one.lab === input.lab);
      const cells = WORKLOAD_CELLS.filter(
        (one) => input.lab === undefined || one.lab === input.lab,
      );
      return {
        success: true as const,
        unit: WORKLOAD_UNIT,
        startDate: null,
        endDate: null,
        count: data.length,
        data,
        weeks: [],
        cells,
        dataSources: SOURCES,
      };
    },
  ),
});

/** The Workload page tests' api: its router, readers, recorded inputs and the values it serves. */
export const workload = fixture.testApi(
  { workload: workloadRouter },
  {
    planRefusal: WORKLOAD_PLAN_REFUSAL,
    rows: WORKLOAD_ROWS,
    cells: WORKLOAD_CELLS,
  },
);
