-- AlterTable
ALTER TABLE "webhook_event" ADD COLUMN     "appended_at" TIMESTAMPTZ(3) NOT NULL DEFAULT clock_timestamp();

-- CreateTable
CREATE TABLE "mcp_resource_subscription" (
    "session_id" TEXT NOT NULL,
    "uri" TEXT NOT NULL,
    "touched_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mcp_resource_subscription_pkey" PRIMARY KEY ("session_id","uri")
);

-- CreateIndex
CREATE INDEX "mcp_resource_subscription_touched_at_idx" ON "mcp_resource_subscription"("touched_at");

-- CreateIndex
CREATE INDEX "webhook_event_appended_at_idx" ON "webhook_event"("appended_at");
