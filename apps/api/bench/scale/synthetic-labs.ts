import { LAB_IDS } from "@tpi/domain";
import type { Db } from "@tpi/db";
import { syntheticLabId } from "./scales";

/**
 * Adds `count` published series under synthetic lab ids: series n copies the settled values of
 * catalog lab (n - 1) mod 11, its level shifted by n per mille so no two series are equal. Run
 * after settlement. Returns the rows added.
 */
export async function addSyntheticLabSeries(db: Db, count: number): Promise<number> {
  if (count === 0) return 0;
  const labs = Array.from({ length: count }, (_, i) => syntheticLabId(i + 1));
  const sources = labs.map((_, i) => LAB_IDS[i % LAB_IDS.length] as string);
  const factors = labs.map((_, i) => 1 + (i + 1) / 1000);
  return db.$executeRawUnsafe(
    `insert into index_value (date, lab, index_per_mtok, computed_at, methodology_version,
                              constituent_count, total_tokens, total_spend_usd)
     select v.date, s.lab, v.index_per_mtok * s.factor, v.computed_at, v.methodology_version,
            v.constituent_count, v.total_tokens, v.total_spend_usd
     from unnest($1::text[], $2::text[], $3::float8[]) as s(lab, source_lab, factor)
     join index_value v on v.lab = s.source_lab`,
    labs,
    sources,
    factors,
  );
}
