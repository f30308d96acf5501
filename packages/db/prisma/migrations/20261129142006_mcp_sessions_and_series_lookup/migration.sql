-- CreateTable
CREATE TABLE "mcp_session" (
    "session_id" TEXT NOT NULL,
    "key_id" UUID NOT NULL,
    "touched_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mcp_session_pkey" PRIMARY KEY ("session_id")
);

-- CreateIndex
CREATE INDEX "mcp_session_key_id_idx" ON "mcp_session"("key_id");

-- CreateIndex
CREATE INDEX "mcp_session_touched_at_idx" ON "mcp_session"("touched_at");

-- AddForeignKey
ALTER TABLE "mcp_session" ADD CONSTRAINT "mcp_session_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateIndex (by hand: Prisma's schema describes no expression or partial index)
-- The latest value of a series, as an MCP client reads a series resource (`latestSeriesEvent`,
-- which anyone may call): one index probe, not a scan of the outbox's payloads. The predicate
-- and the expression are the query's, word for word, so the planner uses it.
CREATE INDEX "webhook_event_series_latest_idx" ON "webhook_event" ("market", ((payload -> 'data' ->> 'series')), "position" DESC)
    WHERE "type" IN ('value.settled', 'print.published', 'value.revised');
