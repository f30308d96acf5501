-- CreateTable
CREATE TABLE "coding_count" (
    "day" DATE NOT NULL,
    "agent" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "observed_at" TIMESTAMPTZ(3) NOT NULL,
    "first_observed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "coding_count_pkey" PRIMARY KEY ("day","agent","metric")
);

-- CreateTable
CREATE TABLE "coding_count_revision" (
    "id" SERIAL NOT NULL,
    "day" DATE NOT NULL,
    "agent" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "old_count" INTEGER NOT NULL,
    "new_count" INTEGER NOT NULL,
    "change_percent" DOUBLE PRECISION,
    "reason" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "revised_at" TIMESTAMPTZ(3) NOT NULL,
    "sync_id" INTEGER,

    CONSTRAINT "coding_count_revision_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app_ranking_token" (
    "category" TEXT NOT NULL,
    "window_start" DATE NOT NULL,
    "window_end" DATE NOT NULL,
    "app_id" INTEGER NOT NULL,
    "app_name" TEXT NOT NULL,
    "rank" INTEGER NOT NULL,
    "total_requests" BIGINT NOT NULL,
    "total_tokens" DECIMAL(20,0) NOT NULL,
    "as_of" TIMESTAMPTZ(3) NOT NULL,
    "synced_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "app_ranking_token_pkey" PRIMARY KEY ("category","window_start","window_end","app_id")
);

-- CreateTable
CREATE TABLE "session_cost_cell" (
    "id" SERIAL NOT NULL,
    "window_end_date" DATE NOT NULL,
    "window_days" INTEGER NOT NULL,
    "as_of" TIMESTAMPTZ(3) NOT NULL,
    "position" INTEGER NOT NULL,
    "app_slug" TEXT NOT NULL,
    "app_name" TEXT NOT NULL,
    "model_permaslug" TEXT NOT NULL,
    "turn_range" TEXT NOT NULL,
    "median_session_cost_usd" DOUBLE PRECISION NOT NULL,
    "synced_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "session_cost_cell_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "coding_count_agent_metric_day_idx" ON "coding_count"("agent", "metric", "day");

-- CreateIndex
CREATE INDEX "coding_count_revision_day_agent_metric_idx" ON "coding_count_revision"("day", "agent", "metric");

-- CreateIndex
CREATE INDEX "coding_count_revision_revised_at_idx" ON "coding_count_revision"("revised_at");

-- CreateIndex
CREATE UNIQUE INDEX "session_cost_cell_window_end_date_position_key" ON "session_cost_cell"("window_end_date", "position");
