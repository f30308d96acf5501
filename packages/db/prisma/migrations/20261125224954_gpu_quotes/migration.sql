-- GPU methodology 2.0: posted prices (quotes) from public sources beside executed trades. Every
-- print and daily value names its basis (trades or quotes; a day with both is mixed), its
-- sources and whether it was back-filled; quote snapshots keep the citation and licence they were
-- collected under; the quotes behind each daily value from quotes are frozen when it settles.
-- AlterTable
ALTER TABLE "gpu_hourly_print" ADD COLUMN     "backfilled" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "basis" TEXT NOT NULL DEFAULT 'trades',
ADD COLUMN     "offer_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "snapshot_ids" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "sources" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "gpu_daily_value" ADD COLUMN     "backfilled" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "basis" TEXT NOT NULL DEFAULT 'trades',
ADD COLUMN     "offer_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "sources" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "gpu_quote_snapshot" (
    "id" SERIAL NOT NULL,
    "source" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "as_of" TIMESTAMPTZ(3) NOT NULL,
    "content_hash" TEXT NOT NULL,
    "quote_count" INTEGER NOT NULL,
    "dropped" JSONB NOT NULL,
    "citation" TEXT NOT NULL,
    "licence_name" TEXT NOT NULL,
    "licence_url" TEXT NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "gpu_quote_snapshot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gpu_quote" (
    "snapshot_id" INTEGER NOT NULL,
    "gpu_name" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "tier" TEXT NOT NULL,
    "offer" TEXT NOT NULL,
    "price_usd_per_gpu_hour" DOUBLE PRECISION NOT NULL,
    "observed_at" TIMESTAMPTZ(3) NOT NULL,
    "source_exclusion" TEXT,

    CONSTRAINT "gpu_quote_pkey" PRIMARY KEY ("gpu_name","snapshot_id","provider","tier","offer")
);

-- CreateTable
CREATE TABLE "gpu_daily_quote" (
    "gpu_name" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "snapshot_id" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "tier" TEXT NOT NULL,
    "offer" TEXT NOT NULL,
    "price_usd_per_gpu_hour" DOUBLE PRECISION NOT NULL,
    "exclusion" TEXT,
    "prints" INTEGER NOT NULL,

    CONSTRAINT "gpu_daily_quote_pkey" PRIMARY KEY ("gpu_name","day","snapshot_id","provider","tier","offer")
);

-- CreateIndex
CREATE INDEX "gpu_quote_snapshot_source_as_of_idx" ON "gpu_quote_snapshot"("source", "as_of");

-- CreateIndex
CREATE UNIQUE INDEX "gpu_quote_snapshot_source_as_of_content_hash_key" ON "gpu_quote_snapshot"("source", "as_of", "content_hash");

-- CreateIndex
CREATE INDEX "gpu_quote_snapshot_id_idx" ON "gpu_quote"("snapshot_id");

-- Values published before this migration are all from trades. Their sources: the trades' of the
-- hour; a carried print repeats the sources of the print it carries; a day, its prints' union.
UPDATE "gpu_hourly_print" p SET "sources" = coalesce((
  SELECT array_agg(DISTINCT t."source" ORDER BY t."source") FROM "gpu_trade" t
  WHERE t."gpu_name" = p."gpu_name" AND t."executed_at" >= p."hour" - interval '1 hour'
    AND t."executed_at" < p."hour"), ARRAY[]::TEXT[])
WHERE NOT p."carried";

UPDATE "gpu_hourly_print" p SET "sources" = q."sources" FROM (
  SELECT c."gpu_name", c."hour", (
    SELECT s."sources" FROM "gpu_hourly_print" s
    WHERE s."gpu_name" = c."gpu_name" AND NOT s."carried" AND s."hour" < c."hour"
    ORDER BY s."hour" DESC LIMIT 1) AS "sources"
  FROM "gpu_hourly_print" c WHERE c."carried") q
WHERE p."gpu_name" = q."gpu_name" AND p."hour" = q."hour" AND q."sources" IS NOT NULL;

UPDATE "gpu_daily_value" d SET "sources" = coalesce((
  SELECT array_agg(DISTINCT s ORDER BY s) FROM "gpu_hourly_print" p, unnest(p."sources") s
  WHERE p."gpu_name" = d."gpu_name"
    AND p."hour" > (((d."day" - 1) + time '16:00') AT TIME ZONE 'America/New_York')
    AND p."hour" <= d."settled_at"), ARRAY[]::TEXT[]);

-- Back-filled: computed more than an hour after the hour or settlement instant.
UPDATE "gpu_hourly_print" SET "backfilled" = "computed_at" > "hour" + interval '1 hour';
UPDATE "gpu_daily_value" SET "backfilled" = "computed_at" > "settled_at" + interval '1 hour';
