-- AlterTable
ALTER TABLE "webhook_event" ADD COLUMN     "appended_at" TIMESTAMPTZ(3) NOT NULL DEFAULT clock_timestamp();

-- CreateIndex
CREATE INDEX "webhook_event_appended_at_idx" ON "webhook_event"("appended_at");
