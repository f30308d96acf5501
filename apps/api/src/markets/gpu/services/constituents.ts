import {
  GPU_METHODOLOGY_VERSION,
  err,
  gpuPlanAccessOf,
  noData,
  ok,
  quoteExclusionDescription,
  resolveGpuHistoryRange,
  settlementPeriod,
  tradeConstituents,
  type AccessLevel,
  type AccountPlan,
  type DomainError,
  type GpuName,
  type Result,
} from "@tpi/domain";
import { dailyQuotesOf, gpuTradesBetween, quoteSnapshotsById, type Db } from "@tpi/db";
import type { GpuPublishedIndex } from "../read-model/published-index";
import type { GpuConstituentsQuery, GpuConstituentsResponse } from "../schemas/constituents";
import { answerProvenanceFields } from "./provenance";

/**
 * The constituents of one settled GPU daily value: the quotes frozen with it when it settled
 * (every posted price of the snapshots its prints read, counted or excluded with the reason) and
 * the trades of its prints from trades, per source and provider. The day must be published in
 * the read model; the rows are read from the database once and the answer is then kept.
 */
export async function answerGpuConstituents(
  db: Db,
  gpu: GpuName,
  { date }: GpuConstituentsQuery,
  access: AccessLevel,
  plan: AccountPlan | undefined,
  now: Date,
  index: GpuPublishedIndex,
): Promise<Result<GpuConstituentsResponse, DomainError>> {
  // The same free window as the daily series: without a key, the trailing months only.
  const window = resolveGpuHistoryRange({ startDate: date, endDate: date }, access, now);
  if (!window.ok) return window;
  const [value] = index.dailyBetween(gpu, date, date);
  if (value === undefined)
    return err(noData(`${date} is not settled for ${gpu}: no daily value to explain.`));

  const { after, through } = settlementPeriod(date);
  const [quotes, trades] = await Promise.all([
    value.basis === "trades" ? [] : dailyQuotesOf(db, gpu, date),
    value.basis === "quotes" ? [] : gpuTradesBetween(db, gpu, after, through),
  ]);
  const snapshots = new Map(
    (await quoteSnapshotsById(db, [...new Set(quotes.map((q) => q.snapshotId))])).map((s) => [
      s.id,
      s,
    ]),
  );
  const quoteRows = quotes.map((q) => {
    const snapshot = snapshots.get(q.snapshotId);
    return {
      kind: "quote" as const,
      source: snapshot?.source ?? "unknown",
      snapshotId: q.snapshotId,
      snapshotAsOf: snapshot?.asOf.toISOString() ?? "",
      provider: q.quote.provider,
      tier: q.quote.tier,
      offer: q.quote.offer,
      priceUsdPerGpuHour: q.quote.priceUsdPerGpuHour,
      prints: q.prints,
      included: q.exclusion === null,
      exclusionReason: q.exclusion,
      exclusionDescription: quoteExclusionDescription(q.exclusion),
    };
  });
  const tradeRows = tradeConstituents(
    date,
    trades,
    index.printsWithin(gpu, { start: after, end: through }),
  ).map((row) => ({ kind: "trades" as const, ...row }));
  const data = [...quoteRows, ...tradeRows];
  return ok({
    success: true,
    access: gpuPlanAccessOf(plan),
    gpuName: gpu,
    date,
    settledAt: value.settledAt.toISOString(),
    published: true,
    indexValue: value.indexValue,
    // Daily values are not stored with their version: the version in force is named (a value
    // from trades reads the same under 1.0 and 2.0; one from quotes exists only under 2.0).
    methodologyVersion: GPU_METHODOLOGY_VERSION,
    basis: value.basis,
    backfilled: value.backfilled,
    printCount: value.printCount,
    providerCount: value.providerCount,
    offerCount: value.offerCount,
    tradeCount: value.tradeCount,
    ...answerProvenanceFields([value], index.dataSources),
    count: data.length,
    data,
  });
}
