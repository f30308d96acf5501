-- Real token data: totals without a split (methodology 1.1), price provenance per observation and
-- constituent, price snapshots, synced source days (coverage, as-of) and the sync log.
-- AlterTable
ALTER TABLE "observation" ADD COLUMN     "price_basis" TEXT NOT NULL DEFAULT 'reported',
ADD COLUMN     "price_snapshot_id" INTEGER,
ADD COLUMN     "total_tokens" BIGINT,
ALTER COLUMN "input_tokens" DROP NOT NULL,
ALTER COLUMN "output_tokens" DROP NOT NULL;
-- Rows stored before totals existed all carry the reported split.
UPDATE "observation" SET "total_tokens" = "input_tokens" + "output_tokens";
ALTER TABLE "observation" ALTER COLUMN "total_tokens" SET NOT NULL;

-- AlterTable
ALTER TABLE "index_constituent" ADD COLUMN     "input_share" DOUBLE PRECISION,
ADD COLUMN     "price_basis" TEXT NOT NULL DEFAULT 'reported',
ADD COLUMN     "price_snapshot_id" INTEGER,
ADD COLUMN     "source" TEXT NOT NULL DEFAULT 'unknown',
ADD COLUMN     "split_basis" TEXT NOT NULL DEFAULT 'reported',
ADD COLUMN     "total_tokens" BIGINT;
-- Constituents settled before (methodology 1.0) used the reported split.
UPDATE "index_constituent" SET "total_tokens" = "input_tokens" + "output_tokens";
ALTER TABLE "index_constituent" ALTER COLUMN "total_tokens" SET NOT NULL;

-- CreateTable
CREATE TABLE "price_snapshot" (
    "id" SERIAL NOT NULL,
    "source" TEXT NOT NULL,
    "fetched_at" TIMESTAMPTZ(3) NOT NULL,
    "content_hash" TEXT NOT NULL,
    "model_count" INTEGER NOT NULL,

    CONSTRAINT "price_snapshot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "price_list_model" (
    "content_hash" TEXT NOT NULL,
    "model_id" TEXT NOT NULL,
    "canonical_slug" TEXT,
    "prompt" TEXT NOT NULL,
    "completion" TEXT NOT NULL,
    "input_cache_read" TEXT,

    CONSTRAINT "price_list_model_pkey" PRIMARY KEY ("content_hash","model_id")
);

-- CreateTable
CREATE TABLE "source_day" (
    "date" DATE NOT NULL,
    "source" TEXT NOT NULL,
    "as_of" TIMESTAMPTZ(3) NOT NULL,
    "price_snapshot_id" INTEGER NOT NULL,
    "price_basis" TEXT NOT NULL,
    "listed_tokens" BIGINT NOT NULL,
    "other_tokens" BIGINT NOT NULL,
    "tracked_tokens" BIGINT NOT NULL,
    "listed_models" INTEGER NOT NULL,
    "synced_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "source_day_pkey" PRIMARY KEY ("date","source")
);

-- CreateTable
CREATE TABLE "source_sync" (
    "id" SERIAL NOT NULL,
    "source" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "first_day" DATE NOT NULL,
    "last_day" DATE NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),
    "as_of" TIMESTAMPTZ(3),
    "price_snapshot_id" INTEGER,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "days_written" INTEGER NOT NULL DEFAULT 0,
    "days_failed" INTEGER NOT NULL DEFAULT 0,
    "outcome" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "source_sync_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "price_snapshot_source_fetched_at_idx" ON "price_snapshot"("source", "fetched_at");

-- CreateIndex
CREATE INDEX "source_sync_source_started_at_idx" ON "source_sync"("source", "started_at");
