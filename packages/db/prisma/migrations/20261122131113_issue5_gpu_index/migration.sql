-- CreateTable
CREATE TABLE "gpu_trade" (
    "trade_id" TEXT NOT NULL,
    "gpu_name" TEXT NOT NULL,
    "executed_at" TIMESTAMPTZ(3) NOT NULL,
    "price_usd_per_gpu_hour" DOUBLE PRECISION NOT NULL,
    "gpu_hours" DOUBLE PRECISION NOT NULL,
    "provider" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "gpu_trade_pkey" PRIMARY KEY ("gpu_name","executed_at","trade_id")
);

-- CreateTable
CREATE TABLE "gpu_hourly_print" (
    "gpu_name" TEXT NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "index_value" DOUBLE PRECISION NOT NULL,
    "carried" BOOLEAN NOT NULL,
    "trade_count" INTEGER NOT NULL,
    "gpu_hours" DOUBLE PRECISION NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "gpu_hourly_print_pkey" PRIMARY KEY ("gpu_name","hour")
);

-- CreateTable
CREATE TABLE "gpu_daily_value" (
    "gpu_name" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "settled_at" TIMESTAMPTZ(3) NOT NULL,
    "index_value" DOUBLE PRECISION NOT NULL,
    "print_count" INTEGER NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "gpu_daily_value_pkey" PRIMARY KEY ("gpu_name","day")
);

-- CreateIndex
CREATE INDEX "gpu_daily_value_settled_at_idx" ON "gpu_daily_value"("settled_at");
