-- CreateTable
CREATE TABLE "observation" (
    "date" DATE NOT NULL,
    "model_id" TEXT NOT NULL,
    "lab" TEXT NOT NULL,
    "input_price_per_mtok" DOUBLE PRECISION,
    "output_price_per_mtok" DOUBLE PRECISION,
    "input_tokens" BIGINT NOT NULL,
    "output_tokens" BIGINT NOT NULL,
    "cache_read_price_per_mtok" DOUBLE PRECISION,
    "cache_read_tokens" BIGINT,
    "source" TEXT NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "observation_pkey" PRIMARY KEY ("date","model_id")
);

-- CreateTable
CREATE TABLE "settled_day" (
    "date" DATE NOT NULL,
    "settled_at" TIMESTAMPTZ(3) NOT NULL,
    "methodology_version" TEXT NOT NULL,

    CONSTRAINT "settled_day_pkey" PRIMARY KEY ("date")
);

-- CreateTable
CREATE TABLE "index_value" (
    "date" DATE NOT NULL,
    "lab" TEXT NOT NULL,
    "index_per_mtok" DOUBLE PRECISION NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL,
    "methodology_version" TEXT NOT NULL,
    "constituent_count" INTEGER NOT NULL,
    "total_tokens" BIGINT NOT NULL,
    "total_spend_usd" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "index_value_pkey" PRIMARY KEY ("date","lab")
);

-- CreateTable
CREATE TABLE "lab_day_suppression" (
    "date" DATE NOT NULL,
    "lab" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,
    "methodology_version" TEXT NOT NULL,

    CONSTRAINT "lab_day_suppression_pkey" PRIMARY KEY ("date","lab")
);

-- CreateTable
CREATE TABLE "index_constituent" (
    "date" DATE NOT NULL,
    "lab" TEXT NOT NULL,
    "model_id" TEXT NOT NULL,
    "input_price_per_mtok" DOUBLE PRECISION,
    "output_price_per_mtok" DOUBLE PRECISION,
    "input_tokens" BIGINT NOT NULL,
    "output_tokens" BIGINT NOT NULL,
    "weight" DOUBLE PRECISION NOT NULL,
    "blended_price_per_mtok" DOUBLE PRECISION,
    "exclusion_reason" TEXT,

    CONSTRAINT "index_constituent_pkey" PRIMARY KEY ("date","lab","model_id")
);

-- CreateTable
CREATE TABLE "account" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "plan" TEXT NOT NULL,
    "trial_ends_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_key" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "display_prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_key_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "observation_lab_date_idx" ON "observation"("lab", "date");

-- CreateIndex
CREATE INDEX "index_value_computed_at_idx" ON "index_value"("computed_at");

-- CreateIndex
CREATE UNIQUE INDEX "api_key_key_hash_key" ON "api_key"("key_hash");

-- CreateIndex
CREATE INDEX "api_key_account_id_idx" ON "api_key"("account_id");

-- AddForeignKey
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
