-- CreateTable
CREATE TABLE "webhook_test_delivery" (
    "id" UUID NOT NULL,
    "subscription_id" UUID NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL,
    "delivered" BOOLEAN NOT NULL,
    "status" INTEGER,
    "latency_ms" INTEGER NOT NULL,
    "error" TEXT,

    CONSTRAINT "webhook_test_delivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_test_delivery_subscription_id_sent_at_idx" ON "webhook_test_delivery"("subscription_id", "sent_at");

-- AddForeignKey
ALTER TABLE "webhook_test_delivery" ADD CONSTRAINT "webhook_test_delivery_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "webhook_subscription"("id") ON DELETE CASCADE ON UPDATE CASCADE;
