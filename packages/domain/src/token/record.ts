import { parseUtcDay, utcDayOf, type UtcDay } from "../shared/calendar";
import { quotedValue } from "../shared/import-guard";
import { LAB_IDS, isLabId, labPrefixOfModelId, type LabId } from "./catalog";
import { err, ok, type Result } from "../shared/result";
import type { PriceBasis } from "./provenance";

/**
 * The observation file format (CSV header names and JSON Lines keys) and the rules every row
 * must pass before it is stored. The importer and the OpenRouter connector both validate here.
 */
export const REQUIRED_OBSERVATION_COLUMNS = [
  "date",
  "model_id",
  "lab",
  "input_price_per_mtok",
  "output_price_per_mtok",
  "source",
] as const;
/**
 * Volumes: `input_tokens` and `output_tokens` (the split as reported), or `total_tokens` alone
 * (the methodology then estimates the split), or all three (the total must be their sum).
 */
export const TOKEN_COLUMNS = ["input_tokens", "output_tokens", "total_tokens"] as const;
export const OPTIONAL_OBSERVATION_COLUMNS = [
  ...TOKEN_COLUMNS,
  "cache_read_price_per_mtok",
  "cache_read_tokens",
] as const;
export const OBSERVATION_COLUMNS: readonly string[] = [
  ...REQUIRED_OBSERVATION_COLUMNS,
  ...OPTIONAL_OBSERVATION_COLUMNS,
];

export const MAX_MODEL_ID_LENGTH = 200;
/**
 * The dearest plausible price, USD per million tokens: far above any model ever listed (the
 * dearest output prices are a few hundred), so that only a slipped decimal point or unit (a price
 * per token, 1e20) is refused.
 */
export const MAX_PRICE_USD_PER_MTOK = 10_000;
/** The earliest day an observation may carry: no public LLM API sold tokens before it. */
export const EARLIEST_OBSERVATION_DAY = "2020-01-01" as UtcDay;
export const MAX_SOURCE_LENGTH = 100;

/**
 * A validated observation. Prices in USD per million tokens (null: no price that day); volumes in
 * exact tokens: the reported split (input and output) or null for both when only the total is known.
 */
export type ObservationRecord = {
  date: UtcDay;
  modelId: string;
  lab: LabId;
  inputPricePerMtok: number | null;
  outputPricePerMtok: number | null;
  inputTokens: bigint | null;
  outputTokens: bigint | null;
  totalTokens: bigint;
  cacheReadPricePerMtok: number | null;
  cacheReadTokens: bigint | null;
  source: string;
  priceBasis: PriceBasis;
  /** The stored price snapshot that priced it (synced sources); null for prices reported in a file. */
  priceSnapshotId: number | null;
};

/** Largest token count a row may carry: PostgreSQL's bigint. */
const MAX_TOKENS = 9_223_372_036_854_775_807n;

/** The (date, model) key: one observation per model per UTC day. */
export const observationKey = (record: { date: UtcDay; modelId: string }): string =>
  `${record.date}|${record.modelId}`;

/**
 * Checks a CSV header: every required column present, no unknown or repeated column. Column
 * order is free.
 */
export function checkObservationHeader(header: readonly string[]): Result<void, string> {
  const seen = new Set<string>();
  for (const name of header) {
    if (!OBSERVATION_COLUMNS.includes(name)) {
      return err(`unknown column '${name}'; allowed columns: ${OBSERVATION_COLUMNS.join(", ")}`);
    }
    if (seen.has(name)) return err(`column '${name}' appears twice`);
    seen.add(name);
  }
  const missing = REQUIRED_OBSERVATION_COLUMNS.filter((name) => !seen.has(name));
  if (missing.length > 0) return err(`missing required column(s): ${missing.join(", ")}`);
  if (seen.has("input_tokens") !== seen.has("output_tokens"))
    return err("input_tokens and output_tokens come together (or use total_tokens alone)");
  if (!seen.has("input_tokens") && !seen.has("total_tokens"))
    return err("missing volume column(s): input_tokens and output_tokens, or total_tokens");
  return ok(undefined);
}

/** A field as a file hands it over: CSV gives strings (empty = absent), JSON also numbers and null. */
type RawField = unknown;

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;

const isAbsent = (value: RawField): boolean =>
  value === undefined || value === null || value === "";

/** A price in USD per Mtok: a finite, non-negative decimal; absent means "no price that day". */
function readPrice(name: string, value: RawField): Result<number | null, string> {
  if (isAbsent(value)) return ok(null);
  const number = toNumber(value);
  if (number === undefined) return err(`${name} is not a number: ${describe(value)}`);
  if (number < 0) return err(`${name} is negative: ${describe(value)}`);
  if (number > MAX_PRICE_USD_PER_MTOK)
    return err(
      `${name} is above ${MAX_PRICE_USD_PER_MTOK.toLocaleString("en-US")} USD per million tokens, beyond any plausible price; check the decimal point and the unit: ${describe(value)}`,
    );
  return ok(number);
}

/**
 * A token volume: a whole, non-negative number of tokens, read exactly. Text may hold any size up
 * to PostgreSQL's bigint; a JSON number above 2^53 has already lost digits when parsed, so it is
 * refused with the advice to send it as a string.
 */
function readTokens(name: string, value: RawField): Result<bigint, string> {
  if (isAbsent(value)) return err(`${name} is missing`);
  let tokens: bigint;
  if (typeof value === "number") {
    if (!Number.isInteger(value)) return err(`${name} is not a whole number: ${describe(value)}`);
    if (!Number.isSafeInteger(value))
      return err(
        `${name} is above 2^53 as a JSON number and may have lost digits; write it as a string: ${describe(value)}`,
      );
    tokens = BigInt(value);
  } else if (typeof value === "string" && INTEGER.test(trimmed(value))) {
    tokens = BigInt(trimmed(value));
  } else {
    return err(`${name} is not a whole number: ${describe(value)}`);
  }
  if (tokens < 0n) return err(`${name} is negative: ${describe(value)}`);
  if (tokens > MAX_TOKENS)
    return err(`${name} is too large (at most ${MAX_TOKENS}): ${describe(value)}`);
  return ok(tokens);
}

function readOptionalTokens(name: string, value: RawField): Result<bigint | null, string> {
  return isAbsent(value) ? ok(null) : readTokens(name, value);
}

/** The reported split, the total alone, or all three when they agree. */
function readVolumes(
  fields: Readonly<Record<string, RawField>>,
): Result<
  { inputTokens: bigint | null; outputTokens: bigint | null; totalTokens: bigint },
  string
> {
  const input = readOptionalTokens("input_tokens", fields.input_tokens);
  if (!input.ok) return input;
  const output = readOptionalTokens("output_tokens", fields.output_tokens);
  if (!output.ok) return output;
  const total = readOptionalTokens("total_tokens", fields.total_tokens);
  if (!total.ok) return total;
  if (input.value === null && output.value === null) {
    if (total.value === null)
      return err("input_tokens and output_tokens are missing (or give total_tokens)");
    return ok({ inputTokens: null, outputTokens: null, totalTokens: total.value });
  }
  if (input.value === null) return err("input_tokens is missing (output_tokens is given)");
  if (output.value === null) return err("output_tokens is missing (input_tokens is given)");
  const sum = input.value + output.value;
  if (total.value !== null && total.value !== sum)
    return err(`total_tokens ${total.value} is not input_tokens + output_tokens (${sum})`);
  return ok({ inputTokens: input.value, outputTokens: output.value, totalTokens: sum });
}

/** Surrounding spaces are tolerated in numbers; checked by character code to spare a trim per field on the hot path. */
const trimmed = (text: string): string =>
  text.length > 0 && (text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32)
    ? text.trim()
    : text;

function toNumber(value: RawField): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string") return undefined;
  const text = trimmed(value);
  return DECIMAL.test(text) ? Number(text) : undefined;
}

/** Files hold many rows per day: remember the last day checked (parseUtcDay builds a Date per call). */
let lastDay: { text: string; day: UtcDay | undefined } = { text: "", day: undefined };
function parseDay(text: string): UtcDay | undefined {
  if (text !== lastDay.text) lastDay = { text, day: parseUtcDay(text) };
  return lastDay.day;
}

/** Identifiers and source names: no surrounding spaces, no control characters; model ids no whitespace at all. */
function readText(
  name: string,
  value: RawField,
  maxLength: number,
  allowInnerSpaces: boolean,
): Result<string, string> {
  if (isAbsent(value)) return err(`${name} is missing`);
  if (typeof value !== "string") return err(`${name} must be text: ${describe(value)}`);
  const forbidden = allowInnerSpaces ? /\p{Cc}/u : /[\s\p{Cc}]/u;
  if (value.trim() !== value || value.length > maxLength || forbidden.test(value)) {
    const spaces = allowInnerSpaces ? "surrounding spaces" : "whitespace";
    return err(
      `${name} must be 1 to ${maxLength} characters without ${spaces} or control characters: ${describe(value)}`,
    );
  }
  return ok(value);
}

/** A raw value as a message quotes it; a JSON number too large to be finite (1e999) named so. */
function describe(value: RawField): string {
  if (typeof value === "string") return quotedValue(value);
  if (typeof value === "number" && !Number.isFinite(value))
    return "a number too large to be finite";
  return quotedValue(JSON.stringify(value) ?? String(value));
}

/**
 * Validates one row. Checked in column order and the first problem is reported, so that each
 * bad line has one clear reason. `now`: a row's day runs from EARLIEST_OBSERVATION_DAY to the
 * UTC day of `now` (a day that has not begun has no observation).
 */
export function validateObservationFields(
  fields: Readonly<Record<string, RawField>>,
  now: Date,
): Result<ObservationRecord, string> {
  for (const name of Object.keys(fields)) {
    if (!OBSERVATION_COLUMNS.includes(name)) return err(`unknown field '${name}'`);
  }
  const rawDate = fields.date;
  if (isAbsent(rawDate)) return err("date is missing");
  if (typeof rawDate !== "string")
    return err(`date must be text in YYYY-MM-DD format: ${describe(rawDate)}`);
  const date = parseDay(rawDate);
  if (date === undefined)
    return err(`date is not a real calendar date in YYYY-MM-DD format: ${describe(rawDate)}`);
  const today = utcDayOf(now);
  if (date < EARLIEST_OBSERVATION_DAY || date > today)
    return err(
      `date must be from ${EARLIEST_OBSERVATION_DAY} to today (${today}, UTC): ${describe(rawDate)}`,
    );

  const modelId = readText("model_id", fields.model_id, MAX_MODEL_ID_LENGTH, false);
  if (!modelId.ok) return modelId;
  const rawLab = fields.lab;
  if (isAbsent(rawLab)) return err("lab is missing");
  if (typeof rawLab !== "string" || !isLabId(rawLab)) {
    return err(`unknown lab ${describe(rawLab)}; allowed (case-sensitive): ${LAB_IDS.join(", ")}`);
  }
  const lab: LabId = rawLab;
  const prefix = labPrefixOfModelId(modelId.value);
  if (prefix !== lab) {
    return err(
      prefix === undefined
        ? `model_id '${modelId.value}' has no lab prefix; expected '${lab}/<model>'`
        : `model_id '${modelId.value}' belongs to lab '${prefix}', not '${lab}'`,
    );
  }

  const inputPrice = readPrice("input_price_per_mtok", fields.input_price_per_mtok);
  if (!inputPrice.ok) return inputPrice;
  const outputPrice = readPrice("output_price_per_mtok", fields.output_price_per_mtok);
  if (!outputPrice.ok) return outputPrice;
  const volumes = readVolumes(fields);
  if (!volumes.ok) return volumes;
  const source = readText("source", fields.source, MAX_SOURCE_LENGTH, true);
  if (!source.ok) return source;
  const cacheReadPrice = readPrice("cache_read_price_per_mtok", fields.cache_read_price_per_mtok);
  if (!cacheReadPrice.ok) return cacheReadPrice;
  const cacheReadTokens = readOptionalTokens("cache_read_tokens", fields.cache_read_tokens);
  if (!cacheReadTokens.ok) return cacheReadTokens;

  return ok({
    date,
    modelId: modelId.value,
    lab,
    inputPricePerMtok: inputPrice.value,
    outputPricePerMtok: outputPrice.value,
    ...volumes.value,
    cacheReadPricePerMtok: cacheReadPrice.value,
    cacheReadTokens: cacheReadTokens.value,
    source: source.value,
    priceBasis: "reported",
    priceSnapshotId: null,
  });
}
