-- First-start loads that survive being stopped: one row per market and source, written before
-- the load starts (the range asked for, running/interrupted/failed/complete/superseded, the
-- owning process, attempts). Databases loaded before this migration have no row: the api adopts
-- what they hold at its next start (a sample-only token set, OpenRouter's first-start sync log).
-- CreateTable
CREATE TABLE "data_load" (
    "id" SERIAL NOT NULL,
    "market" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "first_day" DATE NOT NULL,
    "last_day" DATE NOT NULL,
    "status" TEXT NOT NULL,
    "owner" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),
    "message" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "data_load_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "data_load_market_source_key" ON "data_load"("market", "source");
