import { MS_PER_HOUR, type GpuName, type TradeHourBucket } from "@tpi/domain";
import type { Db } from "../client";
import type { Prisma } from "../generated/prisma/client";

type Tx = Db | Prisma.TransactionClient;

/**
 * The stored trades grouped per GPU and clock hour of execution: count, GPU-hours and which
 * providers traded, for the volume read model. The hour is counted in epoch hours (not
 * `date_trunc`, which follows the session's time zone). Provider names are replaced here by small
 * integers, the same integer for the same name within one call, so that names never reach the
 * read model or an answer; a day's distinct providers are then counted from the hours' sets.
 * Ordered by GPU then hour, GPU-hours summed in key order, so two loads agree to the last bit.
 */
export async function gpuTradeHourBuckets(db: Tx): Promise<Map<GpuName, TradeHourBucket[]>> {
  const [row] = await db.$queryRaw<{ rows: string | null }[]>`
    select json_agg(json_build_array(gpu_name, hour_number, trade_count, gpu_hours, providers) order by gpu_name, hour_number)::text as rows
    from (
      select gpu_name, floor(date_part('epoch', executed_at) / 3600)::bigint as hour_number, count(*)::int as trade_count,
             sum(gpu_hours order by executed_at, trade_id) as gpu_hours, array_agg(distinct provider) as providers
      from gpu_trade group by gpu_name, hour_number
    ) as hours`;
  const rows = JSON.parse(row?.rows ?? "[]") as [string, number, number, number, string[]][];
  const providerIds = new Map<string, number>();
  const idOf = (provider: string) => {
    let id = providerIds.get(provider);
    if (id === undefined) providerIds.set(provider, (id = providerIds.size));
    return id;
  };
  const byGpu = new Map<GpuName, TradeHourBucket[]>();
  for (const [gpuName, hourNumber, tradeCount, gpuHours, providers] of rows) {
    const bucket: TradeHourBucket = {
      hourStart: new Date(hourNumber * MS_PER_HOUR),
      tradeCount,
      gpuHours,
      providerIds: providers.map(idOf),
    };
    const list = byGpu.get(gpuName as GpuName);
    if (list) list.push(bucket);
    else byGpu.set(gpuName as GpuName, [bucket]);
  }
  return byGpu;
}
