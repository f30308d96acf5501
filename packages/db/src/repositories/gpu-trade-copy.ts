import { once } from "node:events";
import { finished } from "node:stream/promises";
import pg from "pg";
import { setSessionUtc } from "../session";
import { from as copyFrom } from "pg-copy-streams";
import type { GpuTradeInput } from "./gpu-index";

/** Staging table of a merge; dropped at commit. */
const STAGE = "gpu_trade_copy_stage";
/** COPY data is sent in pieces of about 64 KiB. */
const COPY_CHUNK_CHARS = 1 << 16;
const COLUMNS =
  "trade_id, gpu_name, executed_at, price_usd_per_gpu_hour, gpu_hours, provider, source";

/**
 * COPY text format: backslash, tab and line breaks are escaped. Numbers are JavaScript's shortest
 * round-trip text, which float8 reads back exactly (the same values the JSON insert stored).
 */
const copyText = (value: string): string =>
  /[\\\t\n\r]/.test(value)
    ? value.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r")
    : value;

function copyLine(t: GpuTradeInput): string {
  return `${copyText(t.tradeId)}\t${copyText(t.gpuName)}\t${t.executedAt.toISOString()}\t${String(t.priceUsdPerGpuHour)}\t${String(t.gpuHours)}\t${copyText(t.provider)}\t${copyText(t.source)}\n`;
}

const UNIQUE_VIOLATION = "23505";

/**
 * Loads trades with COPY on a connection of its own, in one transaction: about 3 µs a row where
 * the JSON-parameter insert costs about 30. A trade already stored (same GPU, time and trade id)
 * is left as it is, so loading twice changes nothing. Returns how many trades were new.
 *
 * The table is locked against other writers (readers are not blocked) so its emptiness cannot
 * change underneath: on an empty table (first start) rows are COPYed straight into `gpu_trade`;
 * otherwise they go into a temporary table and are merged with `on conflict do nothing`. A key
 * repeated within the input makes the direct COPY fail; the load then runs again through the
 * merge, which is why `trades` is a function (a generator is read once). Roll back, or crash,
 * and nothing was written. Once `signal` is aborted the COPY is cancelled (CopyFail), the
 * transaction rolled back, and the signal's reason raised.
 */
export async function copyGpuTradesIfAbsent(
  databaseUrl: string,
  trades: () => Iterable<readonly GpuTradeInput[]>,
  onProgress?: (copied: number) => void,
  signal?: AbortSignal,
): Promise<number> {
  try {
    return await copyOnce(databaseUrl, trades(), "direct-if-empty", onProgress, signal);
  } catch (error) {
    if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
    return copyOnce(databaseUrl, trades(), "merge", onProgress, signal);
  }
}

async function copyOnce(
  databaseUrl: string,
  batches: Iterable<readonly GpuTradeInput[]>,
  mode: "direct-if-empty" | "merge",
  onProgress: ((copied: number) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await setSessionUtc(client);
    await client.query("begin");
    await client.query("lock table gpu_trade in share row exclusive mode");
    const { rowCount } = await client.query("select 1 from gpu_trade limit 1");
    const direct = mode === "direct-if-empty" && rowCount === 0;
    if (!direct) {
      await client.query(
        `create temporary table "${STAGE}" (like gpu_trade including defaults) on commit drop`,
      );
    }
    const stream = client.query(
      copyFrom(`copy ${direct ? "gpu_trade" : `"${STAGE}"`} (${COLUMNS}) from stdin`),
    );
    // Settles when the COPY ends or fails; raced against "drain" so a failed COPY cannot leave us waiting.
    const done = finished(stream);
    done.catch(() => undefined);
    let copied = 0;
    let pending = "";
    for (const batch of batches) {
      if (signal?.aborted) {
        // CopyFail: the server ends the COPY with an error; the rollback below undoes it all.
        stream.destroy();
        await done.catch(() => undefined);
        throw signal.reason;
      }
      for (const trade of batch) pending += copyLine(trade);
      copied += batch.length;
      if (pending.length < COPY_CHUNK_CHARS) continue;
      // Wait only when the socket is full: the database ingests while the next rows are generated.
      if (!stream.write(pending)) await Promise.race([once(stream, "drain"), done]);
      pending = "";
      onProgress?.(copied);
    }
    stream.end(pending);
    await done;
    onProgress?.(copied);
    let inserted = copied;
    if (!direct) {
      // Key order: the primary-key index then grows at its right edges instead of splitting pages at random.
      const result = await client.query(
        `insert into gpu_trade (${COLUMNS})
         select ${COLUMNS} from "${STAGE}" order by gpu_name, executed_at, trade_id
         on conflict (gpu_name, executed_at, trade_id) do nothing`,
      );
      inserted = result.rowCount ?? 0;
    }
    await client.query("commit");
    return inserted;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
