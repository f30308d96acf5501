import { createHash } from "node:crypto";
import {
  checkTradeHeader,
  decodeUtf8File,
  validateTradeFields,
  type TradeRecord,
} from "@tpi/domain";
import type { GpuTradeInput } from "@tpi/db";
import {
  createRecordReader,
  RecordFileError,
  type RecordFileFormat,
} from "../../../platform/ingest/record-file";

/**
 * Trade files of the GPU index, read whole and validated before anything is written: the import
 * is all or nothing, so every bad line is collected and reported, not only the first.
 */
export type RecordError = { line: number; message: string };
export type ParsedTrades = { trades: GpuTradeInput[]; errors: RecordError[]; records: number };

/**
 * Parses and validates a whole file's bytes, which must be UTF-8; line numbers are 1-based as an
 * editor shows them. A trade the file lists twice (same GPU, time and trade id, or the same
 * content when it has no id) is refused on its second line: one trade is never counted twice.
 */
export function parseGpuTrades(
  bytes: Uint8Array,
  format: RecordFileFormat,
  options: { now: Date; source: string; onProgress?: (lines: number, total: number) => void },
): ParsedTrades {
  const decoded = decodeUtf8File(bytes);
  if (!decoded.ok)
    return {
      trades: [],
      errors: [{ line: decoded.line, message: `the file ${decoded.message}` }],
      records: 0,
    };
  const lines = decoded.text.split(/\r?\n/);
  const trades: GpuTradeInput[] = [];
  const errors: RecordError[] = [];
  const firstLineOf = new Map<string, number>();
  let records = 0;
  const reader = createRecordReader(format, {
    checkHeader: checkTradeHeader,
    validate: (fields) => validateTradeFields(fields, options.now),
  });
  const take = (row: { line: number; result: ReturnType<typeof validateTradeFields> }) => {
    records += 1;
    if (!row.result.ok) {
      errors.push({ line: row.line, message: row.result.error });
      return;
    }
    const trade = withIdentity(row.result.value, options.source);
    const key = JSON.stringify([trade.gpuName, trade.executedAt.getTime(), trade.tradeId]);
    const first = firstLineOf.get(key);
    if (first === undefined) {
      firstLineOf.set(key, row.line);
      trades.push(trade);
    } else
      errors.push({
        line: row.line,
        message: `repeats the trade of line ${first} (same gpu_name, executed_at and trade_id, or the same content without one)`,
      });
  };
  try {
    for (let index = 0; index < lines.length; index++) {
      if (index % 10_000 === 0) options.onProgress?.(index, lines.length);
      const row = reader.push(lines[index] ?? "", index + 1);
      if (row) take(row);
    }
    const tail = reader.end();
    if (tail) take(tail);
  } catch (error) {
    if (!(error instanceof RecordFileError)) throw error;
    errors.push({ line: error.line ?? 1, message: error.reason });
  }
  options.onProgress?.(lines.length, lines.length);
  return { trades, errors, records };
}

/** A trade as stored: its source, and its trade id (derived from the content when the file has none, so re-imports match). */
function withIdentity(record: TradeRecord, source: string): GpuTradeInput {
  const { tradeId, ...trade } = record;
  return { ...trade, tradeId: tradeId ?? contentTradeId(record), source };
}

function contentTradeId(trade: TradeRecord): string {
  const { gpuName, executedAt, priceUsdPerGpuHour, gpuHours, provider } = trade;
  return `sha256:${createHash("sha256")
    .update(
      JSON.stringify([gpuName, executedAt.toISOString(), priceUsdPerGpuHour, gpuHours, provider]),
    )
    .digest("hex")
    .slice(0, 32)}`;
}
