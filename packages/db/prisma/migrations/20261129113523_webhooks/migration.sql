-- CreateTable
CREATE TABLE "webhook_subscription" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "filter" JSONB NOT NULL,
    "secret" TEXT NOT NULL,
    "previous_secret" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "status" TEXT NOT NULL DEFAULT 'active',
    "disabled_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "failing_since" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_subscription_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_event" (
    "position" BIGSERIAL NOT NULL,
    "event_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "market" TEXT NOT NULL,
    "payload" JSON NOT NULL,
    "published_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_event_pkey" PRIMARY KEY ("position")
);

-- CreateTable
CREATE TABLE "webhook_delivery" (
    "subscription_id" UUID NOT NULL,
    "event_position" BIGINT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,
    "first_attempt_at" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_status" INTEGER,
    "last_error" TEXT,
    "latency_ms" INTEGER,
    "locked_by" TEXT,
    "locked_until" TIMESTAMPTZ(3),
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_delivery_pkey" PRIMARY KEY ("subscription_id","event_position")
);

-- CreateIndex
CREATE INDEX "webhook_subscription_account_id_idx" ON "webhook_subscription"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_event_event_id_key" ON "webhook_event"("event_id");

-- CreateIndex
CREATE INDEX "webhook_delivery_status_next_attempt_at_idx" ON "webhook_delivery"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_delivery_event_position_idx" ON "webhook_delivery"("event_position");

-- Each subscription's unfinished deliveries in outbox order (Prisma cannot declare a partial
-- index): the claim reads only the head of each queue here, never the delivered history.
CREATE INDEX "webhook_delivery_unfinished_idx" ON "webhook_delivery"("subscription_id", "event_position") WHERE "status" IN ('pending', 'delivering');

-- AddForeignKey
ALTER TABLE "webhook_subscription" ADD CONSTRAINT "webhook_subscription_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "webhook_subscription"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_event_position_fkey" FOREIGN KEY ("event_position") REFERENCES "webhook_event"("position") ON DELETE CASCADE ON UPDATE CASCADE;
