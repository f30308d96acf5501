import { daysBetween, eachUtcDay, startOfUtcDay, type LabId, type UtcDay } from "@tpi/domain";
import { normal, seededRandom } from "./prng";
import { SAMPLE_MODELS, SAMPLE_START_DAY, type SampleModel } from "./token-models";

export const SAMPLE_SOURCE = "sample";

export type SampleObservation = {
  date: UtcDay;
  modelId: string;
  lab: LabId;
  inputPricePerMtok: number;
  outputPricePerMtok: number;
  inputTokens: number;
  outputTokens: number;
  source: string;
};

/** Relative volume by UTC weekday (Sunday first): weekends are quieter. */
const WEEKDAY_FACTOR = [0.78, 1.04, 1.06, 1.06, 1.05, 1.0, 0.82] as const;
/** Days a new model needs to reach its base volume. */
const LAUNCH_RAMP_DAYS = 14;
const DAYS_PER_YEAR = 365.25;

function priceFactorOn(model: SampleModel, day: UtcDay): number {
  return (model.priceCuts ?? [])
    .filter((cut) => cut.from <= day)
    .reduce((factor, cut) => factor * cut.factor, 1);
}

/**
 * One model's observation for one day, or null when the model is not trading that day. Each
 * model-day draws from its own seed, so any day is reproducible on its own, whatever range is generated.
 */
export function sampleObservation(model: SampleModel, day: UtcDay): SampleObservation | null {
  const launchedOn = model.launchedOn ?? SAMPLE_START_DAY;
  if (day < launchedOn || (model.retiredAfter !== undefined && day > model.retiredAfter))
    return null;
  const random = seededRandom(`${model.modelId}|${day}`);
  const ageDays = daysBetween(launchedOn, day);
  const ramp = Math.min(1, (ageDays + 1) / LAUNCH_RAMP_DAYS);
  const years = daysBetween(launchedOn, day) / DAYS_PER_YEAR;
  const weekday = startOfUtcDay(day).getUTCDay();
  const noise = Math.exp(0.12 * normal(random));
  const totalTokens = Math.round(
    model.baseDailyBillions *
      1e9 *
      ramp *
      Math.exp(model.yearlyTrend * years) *
      (WEEKDAY_FACTOR[weekday] ?? 1) *
      noise,
  );
  const inputShare = Math.min(0.95, Math.max(0.5, 0.8 + 0.03 * normal(random)));
  const inputTokens = Math.round(totalTokens * inputShare);
  const factor = priceFactorOn(model, day);
  return {
    date: day,
    modelId: model.modelId,
    lab: model.lab,
    inputPricePerMtok: model.inputPricePerMtok * factor,
    outputPricePerMtok: model.outputPricePerMtok * factor,
    inputTokens,
    outputTokens: totalTokens - inputTokens,
    source: SAMPLE_SOURCE,
  };
}

/** Every sample observation from the start of the sample through `through`, day by day. */
export function* generateTokenSample(
  through: UtcDay,
  from: UtcDay = SAMPLE_START_DAY,
): Generator<SampleObservation> {
  for (const day of eachUtcDay(from, through)) {
    for (const model of SAMPLE_MODELS) {
      const observation = sampleObservation(model, day);
      if (observation) yield observation;
    }
  }
}
