-- CreateTable
CREATE TABLE "memory_observation" (
    "id" SERIAL NOT NULL,
    "type_id" TEXT NOT NULL,
    "observed_at" TIMESTAMPTZ(3) NOT NULL,
    "source" TEXT NOT NULL,
    "price" DOUBLE PRECISION NOT NULL,
    "source_updated_at" TIMESTAMPTZ(3),
    "url" TEXT,
    "licence" TEXT,
    "citation" TEXT,
    "imported_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "memory_observation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "memory_settlement" (
    "type_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "price" DOUBLE PRECISION NOT NULL,
    "change_pct" DOUBLE PRECISION,
    "weekly_high" DOUBLE PRECISION NOT NULL,
    "weekly_low" DOUBLE PRECISION NOT NULL,
    "source_updated_at" TIMESTAMPTZ(3) NOT NULL,
    "observations" INTEGER NOT NULL,
    "sources" TEXT[],
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "memory_settlement_pkey" PRIMARY KEY ("type_id","day")
);

-- CreateTable
CREATE TABLE "memory_revision" (
    "id" SERIAL NOT NULL,
    "type_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "old_price" DOUBLE PRECISION,
    "new_price" DOUBLE PRECISION,
    "old_updated_at" TIMESTAMPTZ(3),
    "change_percent" DOUBLE PRECISION,
    "reason" TEXT NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "memory_revision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "memory_observation_source_observed_at_idx" ON "memory_observation"("source", "observed_at");

-- CreateIndex
CREATE UNIQUE INDEX "memory_observation_type_id_observed_at_source_key" ON "memory_observation"("type_id", "observed_at", "source");

-- CreateIndex
CREATE INDEX "memory_revision_type_id_day_idx" ON "memory_revision"("type_id", "day");
