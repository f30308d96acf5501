import { overLengthMessage, quotedValue } from "../shared/import-guard";
import { err, ok, type Result } from "../shared/result";
import { INVALID_GPU_MESSAGE, isGpuName } from "./catalog";
import type { GpuTrade } from "./index-math";
import { parseGpuDatetime } from "./query";

/**
 * The trade file format (CSV header names and JSON Lines keys) and the rules every executed GPU
 * rental trade must pass before it is stored. The importer validates here.
 */
export const GPU_TRADE_FIELDS = [
  "gpu_name",
  "executed_at",
  "price_usd_per_gpu_hour",
  "gpu_hours",
  "provider",
] as const;
export const OPTIONAL_GPU_TRADE_FIELDS = ["trade_id"] as const;

/** Sanity limits: a price outside them is a unit or typing mistake, not a trade. USD per GPU-hour. */
export const MAX_PRICE_USD_PER_GPU_HOUR = 1_000;
/** GPU-hours of one trade (about 1,000 GPUs for six weeks). */
export const MAX_GPU_HOURS_PER_TRADE = 1_000_000;
/** Characters of a provider name or trade id. */
export const MAX_TRADE_TEXT_LENGTH = 200;
/** The earliest trade a file may hold: GPU instances were first rented by the hour in 2010. */
export const EARLIEST_GPU_TRADE = new Date("2010-01-01T00:00:00.000Z");

/** A validated trade; `tradeId` is undefined when the file gives none (the importer derives one from the content). */
export type TradeRecord = GpuTrade & { tradeId: string | undefined };

/** Checks a CSV header: every required column present. Column order is free; other columns are ignored. */
export function checkTradeHeader(header: readonly string[]): Result<void, string> {
  const missing = GPU_TRADE_FIELDS.filter((name) => !header.includes(name));
  return missing.length > 0
    ? err(
        `header lacks ${missing.join(", ")}; expected ${[...GPU_TRADE_FIELDS, ...OPTIONAL_GPU_TRADE_FIELDS].join(",")}`,
      )
    : ok(undefined);
}

/**
 * Validates one record's raw fields (CSV strings or JSON values) into a trade. Checked in column
 * order and the first problem is reported, so that each bad line has one clear reason. A trade
 * executed after `now` is refused: trades are facts, not forecasts.
 */
export function validateTradeFields(
  fields: Readonly<Record<string, unknown>>,
  now: Date,
): Result<TradeRecord, string> {
  const text = (name: string): string | undefined => {
    const value = fields[name];
    if (typeof value === "string") return value.trim();
    // JSON has no Infinity: `1e999` parses to it, and is kept as written so the check refuses it.
    if (typeof value === "number") return Number.isFinite(value) ? String(value) : "1e999";
    return undefined;
  };
  const missing = GPU_TRADE_FIELDS.filter((name) => (text(name) ?? "") === "");
  if (missing.length > 0) return err(`missing ${missing.join(", ")}`);
  const gpuName = text("gpu_name") ?? "";
  if (!isGpuName(gpuName)) return err(`gpu_name ${quotedValue(gpuName)}: ${INVALID_GPU_MESSAGE}`);
  const executedAtText = text("executed_at") ?? "";
  const executedAt = parseGpuDatetime(executedAtText);
  if (executedAt === undefined)
    return err(
      `executed_at ${quotedValue(executedAtText)} is not YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601`,
    );
  if (executedAt.getTime() > now.getTime())
    return err(`executed_at ${executedAt.toISOString()} is in the future`);
  if (executedAt < EARLIEST_GPU_TRADE)
    return err(
      `executed_at ${executedAt.toISOString()} is before ${EARLIEST_GPU_TRADE.toISOString().slice(0, 10)}, when GPUs were first rented by the hour`,
    );
  const price = Number(text("price_usd_per_gpu_hour"));
  if (!Number.isFinite(price) || price <= 0 || price > MAX_PRICE_USD_PER_GPU_HOUR) {
    return err(
      `price_usd_per_gpu_hour ${quotedValue(text("price_usd_per_gpu_hour") ?? "")} must be a number above 0 and at most ${MAX_PRICE_USD_PER_GPU_HOUR} (USD per GPU-hour)`,
    );
  }
  const gpuHours = Number(text("gpu_hours"));
  if (!Number.isFinite(gpuHours) || gpuHours <= 0 || gpuHours > MAX_GPU_HOURS_PER_TRADE) {
    return err(
      `gpu_hours ${quotedValue(text("gpu_hours") ?? "")} must be a number above 0 and at most ${MAX_GPU_HOURS_PER_TRADE}`,
    );
  }
  const provider = text("provider") ?? "";
  const providerProblem = tradeTextProblem(provider);
  if (providerProblem !== undefined) return err(`provider ${providerProblem}`);
  const tradeId = text("trade_id") || undefined;
  const tradeIdProblem = tradeId === undefined ? undefined : tradeTextProblem(tradeId);
  if (tradeIdProblem !== undefined) return err(`trade_id ${tradeIdProblem}`);
  return ok({ tradeId, gpuName, executedAt, priceUsdPerGpuHour: price, gpuHours, provider });
}

/** A provider name or trade id: at most MAX_TRADE_TEXT_LENGTH characters, no control characters. */
function tradeTextProblem(value: string): string | undefined {
  const over = overLengthMessage(value, MAX_TRADE_TEXT_LENGTH);
  if (over !== undefined) return over;
  if (/\p{Cc}/u.test(value))
    return `holds a control character (a tab, a line break): ${quotedValue(value)}`;
  return undefined;
}
