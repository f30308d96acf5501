import type { GpuName, UtcDay } from "@tpi/domain";
import type { Db } from "@tpi/db";
import { MARKETS } from "../markets";
import { gpuEnvOf, gpuSettingsFrom, type GpuSettings } from "../markets/gpu/jobs/settings";
import { readEnv } from "../platform/runtime/env";
import { ledgerSnapshot, type GpuLedgerStub, type LedgerSnapshotRecord } from "./gpu-ledger-stub";

/**
 * Three ledger days with prices chosen so that every print and daily value can be worked out by
 * hand (USD per GPU-hour). Each file is generated at 06:21:55.020 UTC of its day, so the print
 * on the hour H reads the day's file from 07:00 UTC on, and the previous day's before that.
 *
 * H100 SXM: three providers on demand (aws with several instances: its price is their median),
 * beside rows that must not count (community, reserved, spot), a PCIe row and a row whose
 * memory is not the SXM part's (both dropped).
 * H200: two providers (an even count: the print is the mean of the two middle prices); DataCrunch
 * is Verda.
 * RTX 5090: two providers on the first day, then tensordock vanishes and one provider is left,
 * which is fewer than the minimum of two: no print from quotes.
 */
export const QUOTE_DAY_1: UtcDay = "2026-11-20";
export const QUOTE_DAY_2: UtcDay = "2026-11-21";
export const QUOTE_DAY_3: UtcDay = "2026-11-22";
export const QUOTE_DAYS: readonly UtcDay[] = [QUOTE_DAY_1, QUOTE_DAY_2, QUOTE_DAY_3];

/** When each day's file was generated: its snapshot's as-of time. */
export const generatedAtOf = (day: UtcDay) => `${day}T06:21:55.020Z`;

/** Rows of the first day that never count, on every day: other tiers, a PCIe part, a 94 GB "SXM". */
const NOT_COUNTED = [
  { provider: "runpod", gpuName: "H100 SXM", usd_hr: 1.5, kind: "community" },
  {
    provider: "azure",
    gpuName: "H100 SXM",
    usd_hr: 1.9,
    kind: "reserved",
    commitment: { type: "term", months: 12 },
  },
  { provider: "vultr", gpuName: "H100 SXM", usd_hr: 1.2, kind: "spot" },
  { provider: "lambda", gpu: "h100-pcie", vram_gb: 80, usd_hr: 1.99 },
  { provider: "coreweave", gpuName: "H100 SXM", vram_gb: 94, usd_hr: 1.0 },
  { provider: "salad", gpuName: "RTX 5090", usd_hr: 0.25, kind: "community" },
] as const;

export const HAND_PRICED_DAYS: Readonly<Record<UtcDay, LedgerSnapshotRecord>> = {
  [QUOTE_DAY_1]: ledgerSnapshot({
    date: QUOTE_DAY_1,
    offers: [
      { provider: "lambda", gpuName: "H100 SXM", usd_hr: 2.49 },
      // Already per GPU: the ledger divided the 8-GPU instance's price; min_gpus is no divisor.
      { provider: "aws", gpuName: "H100 SXM", usd_hr: 3.1, instance: "p5.48xlarge", min_gpus: 8 },
      { provider: "aws", gpuName: "H100 SXM", usd_hr: 2.9, instance: "p5e.48xlarge", min_gpus: 8 },
      { provider: "runpod", gpuName: "H100 SXM", usd_hr: 2.1, kind: "secure" },
      ...NOT_COUNTED,
      { provider: "datacrunch", gpuName: "H200", usd_hr: 3.2 },
      { provider: "nebius", gpuName: "H200", usd_hr: 3.6 },
      { provider: "spheron", gpuName: "RTX 5090", usd_hr: 0.76 },
      { provider: "tensordock", gpuName: "RTX 5090", usd_hr: 0.8 },
    ],
  }),
  [QUOTE_DAY_2]: ledgerSnapshot({
    date: QUOTE_DAY_2,
    offers: [
      { provider: "lambda", gpuName: "H100 SXM", usd_hr: 2.59 },
      { provider: "aws", gpuName: "H100 SXM", usd_hr: 3.1, instance: "p5.48xlarge", min_gpus: 8 },
      { provider: "aws", gpuName: "H100 SXM", usd_hr: 2.9, instance: "p5e.48xlarge", min_gpus: 8 },
      { provider: "runpod", gpuName: "H100 SXM", usd_hr: 2.2, kind: "secure" },
      ...NOT_COUNTED,
      { provider: "datacrunch", gpuName: "H200", usd_hr: 3.3 },
      { provider: "nebius", gpuName: "H200", usd_hr: 3.7 },
      { provider: "spheron", gpuName: "RTX 5090", usd_hr: 0.7 },
    ],
  }),
  [QUOTE_DAY_3]: ledgerSnapshot({
    date: QUOTE_DAY_3,
    offers: [
      { provider: "lambda", gpuName: "H100 SXM", usd_hr: 2.69 },
      { provider: "aws", gpuName: "H100 SXM", usd_hr: 3.2, instance: "p5.48xlarge", min_gpus: 8 },
      { provider: "aws", gpuName: "H100 SXM", usd_hr: 3.0, instance: "p5e.48xlarge", min_gpus: 8 },
      { provider: "aws", gpuName: "H100 SXM", usd_hr: 2.8, instance: "p5en.48xlarge", min_gpus: 8 },
      { provider: "runpod", gpuName: "H100 SXM", usd_hr: 2.3, kind: "secure" },
      ...NOT_COUNTED,
      { provider: "datacrunch", gpuName: "H200", usd_hr: 3.4 },
      { provider: "nebius", gpuName: "H200", usd_hr: 3.8 },
      { provider: "spheron", gpuName: "RTX 5090", usd_hr: 0.72 },
    ],
  }),
};

/** Serves the hand-priced days (all of them, or `days`), latest.json being the last. */
export function serveHandPricedDays(
  stub: GpuLedgerStub,
  days: readonly UtcDay[] = QUOTE_DAYS,
): void {
  stub.reset();
  stub.days = new Map(days.map((day) => [day, HAND_PRICED_DAYS[day] as LedgerSnapshotRecord]));
  stub.latestDay = days.at(-1) ?? null;
}

/**
 * The environment of a test pointing the ledger (and Vast, when given) at loopback stubs, with
 * short timeouts and no pacing so that tests stay fast.
 */
export function quoteSourceVariables(
  ledgerUrl: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    GPU_LEDGER_ENABLED: "true",
    GPU_LEDGER_BASE_URL: ledgerUrl,
    GPU_LEDGER_TIMEOUT_MS: "2000",
    GPU_LEDGER_MAX_RETRIES: "1",
    GPU_LEDGER_RETRY_BASE_MS: "20",
    GPU_LEDGER_MIN_REQUEST_INTERVAL_MS: "0",
    VAST_TIMEOUT_MS: "2000",
    VAST_MAX_RETRIES: "1",
    VAST_RETRY_BASE_MS: "20",
    VAST_MIN_REQUEST_INTERVAL_MS: "0",
    ...extra,
  };
}

/** The GPU market's settings from environment variables, as the api reads them. */
export function gpuSettingsOf(variables: Record<string, string>): GpuSettings {
  return gpuSettingsFrom(gpuEnvOf(readEnv(MARKETS, variables)));
}

/** The GPU settings of a ledger at `ledgerUrl` (see `quoteSourceVariables`), which must be on. */
export function ledgerSettingsOf(
  ledgerUrl: string,
  extra: Record<string, string> = {},
): GpuSettings & { ledger: NonNullable<GpuSettings["ledger"]> } {
  const settings = gpuSettingsOf(quoteSourceVariables(ledgerUrl, extra));
  const { ledger } = settings;
  if (ledger === undefined) throw new Error("the ledger is off in these settings");
  return { ...settings, ledger };
}

/** Empties the GPU and sync tables between cases. */
export async function truncateGpuData(db: Db): Promise<void> {
  await db.$executeRawUnsafe(
    "truncate gpu_trade, gpu_trade_source_day, gpu_hourly_print, gpu_daily_value, gpu_daily_quote, gpu_quote, gpu_quote_snapshot, source_sync, data_load restart identity",
  );
}

/** One published print as the tests compare it. */
export type PrintRow = {
  hour: string;
  value: number;
  carried: boolean;
  basis: string;
  sources: string[];
  providerCount: number;
  offerCount: number;
  backfilled: boolean;
};

/** The published prints of a GPU, oldest first. */
export async function printsOf(db: Db, gpuName: GpuName): Promise<PrintRow[]> {
  const rows = await db.gpuHourlyPrint.findMany({ where: { gpuName }, orderBy: { hour: "asc" } });
  return rows.map((row) => ({
    hour: row.hour.toISOString(),
    value: row.indexValue,
    carried: row.carried,
    basis: row.basis,
    sources: row.sources,
    providerCount: row.providerCount,
    offerCount: row.offerCount,
    backfilled: row.backfilled,
  }));
}

/** The print of one hour (ISO), which must be published. */
export async function printAt(db: Db, gpuName: GpuName, hour: string): Promise<PrintRow> {
  const print = (await printsOf(db, gpuName)).find((p) => p.hour === hour);
  if (print === undefined) throw new Error(`no ${gpuName} print at ${hour}`);
  return print;
}

/** The hours (ISO) from `first` to `last`, both included, on the hour. */
export function hoursFromTo(first: string, last: string): string[] {
  const hours: string[] = [];
  for (let at = Date.parse(first); at <= Date.parse(last); at += 3_600_000)
    hours.push(new Date(at).toISOString());
  return hours;
}
