import {
  OTHER_PERMASLUG,
  addDays,
  daysBetween,
  eachUtcDay,
  startOfUtcDay,
  type PriceListModel,
  type RankingsRow,
  type UtcDay,
} from "@tpi/domain";
import { normal, seededRandom } from "./prng";
import { SAMPLE_MODELS, SAMPLE_START_DAY, samplePermaslug, type SampleModel } from "./token-models";

/**
 * The generated sample in the shape of OpenRouter's data, so that it enters through the same
 * ingest path as the real source: per UTC day, ranking rows (permaslug and total tokens only,
 * plus one aggregated `other` row) and the price list (USD per token as decimal text) of the
 * snapshot that prices the day. SAMPLE data, not market data.
 */

/** Relative volume by UTC weekday (Sunday first): weekends are quieter. */
const WEEKDAY_FACTOR = [0.78, 1.04, 1.06, 1.06, 1.05, 1.0, 0.82] as const;
/** Days a new model needs to reach its base volume. */
const LAUNCH_RAMP_DAYS = 14;
const DAYS_PER_YEAR = 365.25;
/** The `other` row: traffic outside the listed models, as a fraction of the listed traffic (mean, spread). */
const OTHER_SHARE_OF_LISTED = { mean: 0.45, spread: 0.05 } as const;
/** Each sample day's price snapshot is taken this long after the day ends (well within the 48-hour window). */
export const SAMPLE_SNAPSHOT_DELAY_HOURS = 2;

function priceFactorOn(model: SampleModel, day: UtcDay): number {
  return (model.priceCuts ?? [])
    .filter((cut) => cut.from <= day)
    .reduce((factor, cut) => factor * cut.factor, 1);
}

const isListedOn = (model: SampleModel, day: UtcDay): boolean =>
  day >= (model.launchedOn ?? SAMPLE_START_DAY);

const isTradingOn = (model: SampleModel, day: UtcDay): boolean =>
  isListedOn(model, day) && (model.retiredAfter === undefined || day <= model.retiredAfter);

/**
 * One model's ranking row for one day, or null when the model has no traffic that day. Each
 * model-day draws from its own seed, so any day is reproducible on its own, whatever range is generated.
 */
export function sampleRankingsRow(model: SampleModel, day: UtcDay): RankingsRow | null {
  if (!isTradingOn(model, day)) return null;
  const launchedOn = model.launchedOn ?? SAMPLE_START_DAY;
  const random = seededRandom(`${model.modelId}|${day}`);
  const ageDays = daysBetween(launchedOn, day);
  const ramp = Math.min(1, (ageDays + 1) / LAUNCH_RAMP_DAYS);
  const years = ageDays / DAYS_PER_YEAR;
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
  return { date: day, permaslug: samplePermaslug(model), totalTokens: BigInt(totalTokens) };
}

/** Every ranking row of one day: the models with traffic, then the aggregated `other` row. */
export function sampleRankingsOn(day: UtcDay): RankingsRow[] {
  const rows: RankingsRow[] = [];
  let listed = 0n;
  for (const model of SAMPLE_MODELS) {
    const row = sampleRankingsRow(model, day);
    if (row === null) continue;
    rows.push(row);
    listed += row.totalTokens;
  }
  const random = seededRandom(`${OTHER_PERMASLUG}|${day}`);
  const share = OTHER_SHARE_OF_LISTED.mean + OTHER_SHARE_OF_LISTED.spread * normal(random);
  const other = BigInt(Math.round(Number(listed) * Math.max(0.05, share)));
  rows.push({ date: day, permaslug: OTHER_PERMASLUG, totalTokens: other });
  return rows;
}

const MICRO_DIGITS = 12;

/**
 * USD per million tokens to the model list's USD per token as decimal text, exact to 10^-12 USD
 * per token ("3" -> "0.000003", "0.216" -> "0.000000216").
 */
export function perMtokToPerTokenText(pricePerMtok: number): string {
  const picoUsd = BigInt(Math.round(pricePerMtok * 1_000_000)); // 10^-12 USD per token
  const digits = picoUsd.toString().padStart(MICRO_DIGITS + 1, "0");
  const whole = digits.slice(0, -MICRO_DIGITS);
  const fraction = digits.slice(-MICRO_DIGITS).replace(/0+$/, "");
  return fraction === "" ? whole : `${whole}.${fraction}`;
}

/**
 * The model list as a snapshot taken after `day` ended would hold it: every model released by
 * then (retired ones stay listed), with the prices in force that day.
 */
export function samplePriceList(day: UtcDay): PriceListModel[] {
  return SAMPLE_MODELS.filter((model) => isListedOn(model, day)).map((model) => {
    const factor = priceFactorOn(model, day);
    const permaslug = samplePermaslug(model);
    const colon = permaslug.indexOf(":");
    return {
      modelId: model.modelId,
      canonicalSlug: colon < 0 ? permaslug : permaslug.slice(0, colon),
      prompt: perMtokToPerTokenText(model.inputPricePerMtok * factor),
      completion: perMtokToPerTokenText(model.outputPricePerMtok * factor),
      inputCacheRead: null,
    };
  });
}

/** When the sample's snapshot of `day` is taken: shortly after the day ends, so the day is priced as "snapshot". */
export function sampleSnapshotTime(day: UtcDay): Date {
  return new Date(
    startOfUtcDay(addDays(day, 1)).getTime() + SAMPLE_SNAPSHOT_DELAY_HOURS * 3_600_000,
  );
}

export type SampleDay = {
  date: UtcDay;
  rows: RankingsRow[];
  /** The price list of the snapshot taken after the day, fetched at `snapshotAt`. */
  priceList: PriceListModel[];
  snapshotAt: Date;
};

/** The sample day by day, from `from` (default: the start of the sample) through `through`. */
export function* generateTokenSample(
  through: UtcDay,
  from: UtcDay = SAMPLE_START_DAY,
): Generator<SampleDay> {
  for (const date of eachUtcDay(from, through)) {
    yield {
      date,
      rows: sampleRankingsOn(date),
      priceList: samplePriceList(date),
      snapshotAt: sampleSnapshotTime(date),
    };
  }
}
