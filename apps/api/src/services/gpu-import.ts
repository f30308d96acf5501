import { createHash } from "node:crypto";
import { isGpuName, INVALID_GPU_MESSAGE, parseGpuDatetime, type GpuName } from "@tpi/domain";
import { insertGpuTradesIfAbsent, latestGpuPrint, type Db, type GpuTradeInput } from "@tpi/db";

/**
 * Import of executed GPU rental trades from CSV or JSON Lines. Every record is validated before
 * anything is written; one invalid record rejects the whole file (nothing is written), and a
 * valid file is written in one transaction, so an import is all or nothing. Re-importing the same
 * file changes nothing: a trade is identified by GPU, execution time and trade id (derived from
 * the record's content when the file has none).
 */
export const GPU_TRADE_FIELDS = [
  "gpu_name",
  "executed_at",
  "price_usd_per_gpu_hour",
  "gpu_hours",
  "provider",
] as const;
export const OPTIONAL_GPU_TRADE_FIELDS = ["trade_id"] as const;
export type GpuImportFormat = "csv" | "jsonl";

/** Sanity limits: a price outside them is a unit or typing mistake, not a trade. USD per GPU-hour. */
export const MAX_PRICE_USD_PER_GPU_HOUR = 1_000;
/** GPU-hours of one trade (about 1,000 GPUs for six weeks). */
export const MAX_GPU_HOURS_PER_TRADE = 1_000_000;
/** Errors listed before the rest are summarised. */
export const MAX_LISTED_ERRORS = 20;

export type RecordError = { line: number; message: string };
export type ParsedTrades = { trades: GpuTradeInput[]; errors: RecordError[]; records: number };

export function formatOfPath(path: string): GpuImportFormat | undefined {
  if (/\.csv$/i.test(path)) return "csv";
  if (/\.(jsonl|ndjson)$/i.test(path)) return "jsonl";
  return undefined;
}

/** One CSV line into fields (RFC 4180 quoting; a record is one line). */
export function splitCsvLine(line: string): string[] | undefined {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      fields.push(field);
      field = "";
    } else field += char;
  }
  if (quoted) return undefined;
  fields.push(field);
  return fields;
}

/** Validates one record's raw fields into a trade, or says what is wrong. */
export function validateTradeRecord(
  raw: Record<string, unknown>,
  now: Date,
  source: string,
): GpuTradeInput | string {
  const text = (name: string): string | undefined => {
    const value = raw[name];
    if (typeof value === "string") return value.trim();
    if (typeof value === "number") return String(value);
    return undefined;
  };
  const missing = GPU_TRADE_FIELDS.filter((name) => (text(name) ?? "") === "");
  if (missing.length > 0) return `missing ${missing.join(", ")}`;
  const gpuName = text("gpu_name") ?? "";
  if (!isGpuName(gpuName)) return `gpu_name '${gpuName}': ${INVALID_GPU_MESSAGE}`;
  const executedAtText = text("executed_at") ?? "";
  const executedAt = parseGpuDatetime(executedAtText);
  if (executedAt === undefined)
    return `executed_at '${executedAtText}' is not YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601`;
  if (executedAt.getTime() > now.getTime())
    return `executed_at ${executedAt.toISOString()} is in the future`;
  const price = Number(text("price_usd_per_gpu_hour"));
  if (!Number.isFinite(price) || price <= 0 || price > MAX_PRICE_USD_PER_GPU_HOUR) {
    return `price_usd_per_gpu_hour '${text("price_usd_per_gpu_hour")}' must be a number above 0 and at most ${MAX_PRICE_USD_PER_GPU_HOUR} (USD per GPU-hour)`;
  }
  const gpuHours = Number(text("gpu_hours"));
  if (!Number.isFinite(gpuHours) || gpuHours <= 0 || gpuHours > MAX_GPU_HOURS_PER_TRADE) {
    return `gpu_hours '${text("gpu_hours")}' must be a number above 0 and at most ${MAX_GPU_HOURS_PER_TRADE}`;
  }
  const provider = text("provider") ?? "";
  if (provider.length > 200) return "provider is longer than 200 characters";
  const tradeId =
    text("trade_id") || contentTradeId(gpuName, executedAt, price, gpuHours, provider);
  if (tradeId.length > 200) return "trade_id is longer than 200 characters";
  return {
    tradeId,
    gpuName: gpuName as GpuName,
    executedAt,
    priceUsdPerGpuHour: price,
    gpuHours,
    provider,
    source,
  };
}

function contentTradeId(
  gpuName: string,
  executedAt: Date,
  price: number,
  gpuHours: number,
  provider: string,
): string {
  return `sha256:${createHash("sha256")
    .update(JSON.stringify([gpuName, executedAt.toISOString(), price, gpuHours, provider]))
    .digest("hex")
    .slice(0, 32)}`;
}

/** Parses and validates a whole file's text; line numbers are 1-based as an editor shows them. */
export function parseGpuTrades(
  text: string,
  format: GpuImportFormat,
  options: { now: Date; source: string; onProgress?: (lines: number, total: number) => void },
): ParsedTrades {
  const lines = text.split(/\r?\n/);
  const trades: GpuTradeInput[] = [];
  const errors: RecordError[] = [];
  let records = 0;
  let header: string[] | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? "";
    const lineNumber = index + 1;
    if (index % 10_000 === 0) options.onProgress?.(index, lines.length);
    if (line.trim() === "") continue;
    let raw: Record<string, unknown>;
    if (format === "csv") {
      const fields = splitCsvLine(line);
      if (!fields) {
        errors.push({ line: lineNumber, message: "unbalanced quotes" });
        continue;
      }
      if (header === undefined) {
        header = fields.map((f) => f.trim());
        const missing = GPU_TRADE_FIELDS.filter((name) => !header?.includes(name));
        if (missing.length > 0) {
          errors.push({
            line: lineNumber,
            message: `header lacks ${missing.join(", ")}; expected ${[...GPU_TRADE_FIELDS, ...OPTIONAL_GPU_TRADE_FIELDS].join(",")}`,
          });
          break;
        }
        continue;
      }
      if (fields.length !== header.length) {
        errors.push({
          line: lineNumber,
          message: `${fields.length} fields where the header has ${header.length}`,
        });
        continue;
      }
      raw = Object.fromEntries(header.map((name, i) => [name, fields[i]]));
    } else {
      try {
        const parsed: unknown = JSON.parse(line);
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
          throw new Error("not an object");
        raw = parsed as Record<string, unknown>;
      } catch {
        errors.push({ line: lineNumber, message: "not a JSON object" });
        continue;
      }
    }
    records += 1;
    const result = validateTradeRecord(raw, options.now, options.source);
    if (typeof result === "string") errors.push({ line: lineNumber, message: result });
    else trades.push(result);
  }
  options.onProgress?.(lines.length, lines.length);
  if (format === "csv" && header === undefined)
    errors.push({ line: 1, message: "the file is empty: a CSV needs a header line" });
  return { trades, errors, records };
}

export type GpuImportReport = {
  records: number;
  inserted: number;
  alreadyStored: number;
  inAlreadyPrintedHours: number;
};

/**
 * Writes validated trades in one transaction. Trades in hours that already have a print are
 * stored but do not change that print (published prints are never silently restated); the report
 * counts them so the operator knows.
 */
export async function writeGpuTrades(
  db: Db,
  trades: readonly GpuTradeInput[],
  onProgress?: (done: number, total: number) => void,
): Promise<GpuImportReport> {
  const CHUNK = 10_000;
  return db.$transaction(
    async (tx) => {
      let inserted = 0;
      for (let start = 0; start < trades.length; start += CHUNK) {
        inserted += await insertGpuTradesIfAbsent(tx, trades.slice(start, start + CHUNK));
        onProgress?.(Math.min(start + CHUNK, trades.length), trades.length);
      }
      const printedThrough = new Map<string, number>();
      for (const gpu of new Set(trades.map((t) => t.gpuName)))
        printedThrough.set(gpu, (await latestGpuPrint(tx, gpu))?.hour.getTime() ?? -Infinity);
      // A trade at t is in the print of the first hour after t: printed when that hour <= the latest print.
      const inAlreadyPrintedHours = trades.filter(
        (t) =>
          Math.floor(t.executedAt.getTime() / 3_600_000 + 1) * 3_600_000 <=
          (printedThrough.get(t.gpuName) ?? -Infinity),
      ).length;
      return {
        records: trades.length,
        inserted,
        alreadyStored: trades.length - inserted,
        inAlreadyPrintedHours,
      };
    },
    { timeout: 600_000, maxWait: 60_000 },
  );
}
