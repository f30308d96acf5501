-- AlterTable
ALTER TABLE "webhook_subscription" ADD COLUMN     "disabled_at" TIMESTAMPTZ(3);

-- Subscriptions disabled before this column existed count as disabled now: their deliveries
-- keep their events for a full retention window from this migration.
UPDATE "webhook_subscription" SET "disabled_at" = now() WHERE "status" = 'disabled';
