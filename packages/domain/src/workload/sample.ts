import { addDays, startOfUtcDay, utcDayOf, type UtcDay } from "../shared/calendar";
import type { PriceListModel } from "../token/rankings";
import { TURN_RANGES, type SessionCostCell, type TurnRange } from "./cells";
import type { WorkloadWeekInput } from "./publication";

/**
 * The generated Workload Cost sample, shown (marked as sample) while no real session-cost week
 * is stored: weekly windows ending each Sunday from WORKLOAD_SAMPLE_FIRST_WEEK through the last
 * one over before today, with made-up median session costs of four harnesses on seven models and
 * a made-up price list. A pure function of the day, so every instance shows the same sample.
 * Not market data: the numbers only exercise the method (a price cut, models entering, costs
 * drifting).
 */

/** The first sample window's end day (a Sunday). */
export const WORKLOAD_SAMPLE_FIRST_WEEK: UtcDay = "2026-06-14";
/** Days each sample window covers, as OpenRouter's trailing windows do. */
export const WORKLOAD_SAMPLE_WINDOW_DAYS = 7;

type SampleModel = {
  permaslug: string;
  /** USD per Mtok: input, output. */
  input: number;
  output: number;
  /** Sample week (0-based) from which the model has cells. */
  from: number;
};

const MODELS: readonly SampleModel[] = [
  { permaslug: "anthropic/claude-4.5-sonnet", input: 3, output: 15, from: 0 },
  { permaslug: "anthropic/claude-4.1-opus", input: 15, output: 75, from: 0 },
  { permaslug: "anthropic/claude-4.5-haiku", input: 1, output: 5, from: 2 },
  { permaslug: "openai/gpt-5", input: 1.25, output: 10, from: 0 },
  { permaslug: "openai/gpt-5-mini", input: 0.25, output: 2, from: 3 },
  { permaslug: "google/gemini-2.5-pro", input: 1.25, output: 10, from: 0 },
  { permaslug: "google/gemini-2.5-flash", input: 0.3, output: 2.5, from: 1 },
];

const HARNESSES = [
  { slug: "claude-code", name: "Claude Code", labs: ["anthropic"] },
  { slug: "cline", name: "Cline", labs: ["anthropic", "openai", "google"] },
  { slug: "kilo-code", name: "Kilo Code", labs: ["anthropic", "openai", "google"] },
  { slug: "roo-code", name: "Roo Code", labs: ["anthropic", "google"] },
] as const;

/** Implied thousand tokens of a typical session per turn range (made up, rising with turns). */
const KTOK_BY_TURNS: Record<TurnRange, number> = {
  "1-turn": 40,
  "2-9-turns": 260,
  "10-49-turns": 1_400,
  "50-plus-turns": 6_500,
};

/** From this sample week the Opus list price is cut by a third (a price effect to show). */
const OPUS_PRICE_CUT_WEEK = 8;

/** The sample's windows: each Sunday from the first one through the last window over before `now`'s day. */
export function workloadSampleWeekEnds(now: Date): UtcDay[] {
  const lastOver = addDays(utcDayOf(now), -1);
  const ends: UtcDay[] = [];
  for (let end = WORKLOAD_SAMPLE_FIRST_WEEK; end <= lastOver; end = addDays(end, 7)) ends.push(end);
  return ends;
}

/** USD per token as decimal text, as a price list writes it (at most 12 decimals). */
function perToken(perMtok: number): string {
  return (perMtok / 1_000_000).toFixed(12).replace(/0+$/, "").replace(/\.$/, "");
}

function samplePrices(week: number): PriceListModel[] {
  return MODELS.map((model) => {
    const cut = model.permaslug.endsWith("opus") && week >= OPUS_PRICE_CUT_WEEK ? 2 / 3 : 1;
    return {
      modelId: model.permaslug,
      canonicalSlug: model.permaslug,
      prompt: perToken(model.input * cut),
      completion: perToken(model.output * cut),
      inputCacheRead: null,
    };
  });
}

/** A smooth, bounded wobble in [-1, 1] for a cell and week, without randomness. */
function wobble(seed: number, week: number): number {
  return Math.sin(seed * 1.37 + week * 0.61);
}

/** The sample weeks, priced by the sample's price list, for the same path as real weeks. */
export function workloadSampleInputs(now: Date): WorkloadWeekInput[] {
  return workloadSampleWeekEnds(now).map((windowEndDate, week) => {
    const prices = samplePrices(week);
    const blended = new Map(
      prices.map((p) => [p.modelId, 0.75 * Number(p.prompt) + 0.25 * Number(p.completion)]),
    );
    const cells: SessionCostCell[] = [];
    HARNESSES.forEach((harness, h) => {
      MODELS.forEach((model, m) => {
        const lab = model.permaslug.split("/")[0] ?? "";
        if (!(harness.labs as readonly string[]).includes(lab) || week < model.from) return;
        TURN_RANGES.forEach((turnRange, r) => {
          const seed = h * 31 + m * 7 + r;
          // Sessions grow a little longer week by week (intensity), with a wobble per cell.
          const ktok = KTOK_BY_TURNS[turnRange] * (1 + 0.01 * week + 0.08 * wobble(seed, week));
          const usd = ktok * 1000 * (blended.get(model.permaslug) ?? 0);
          cells.push({
            appSlug: harness.slug,
            appName: harness.name,
            modelPermaslug: model.permaslug,
            turnRange,
            medianSessionCostUsd: Math.round(usd * 10_000) / 10_000,
          });
        });
      });
    });
    const asOf = new Date(startOfUtcDay(addDays(windowEndDate, 1)).getTime() + 2 * 3_600_000);
    return {
      week: {
        window: {
          asOf: asOf.toISOString(),
          windowDays: WORKLOAD_SAMPLE_WINDOW_DAYS,
          windowEndDate,
        },
        cells,
      },
      prices: { fetchedAt: startOfUtcDay(windowEndDate), models: prices },
    };
  });
}
