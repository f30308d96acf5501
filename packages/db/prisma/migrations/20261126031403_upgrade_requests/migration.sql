-- CreateTable
CREATE TABLE "upgrade_request" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "plan" TEXT NOT NULL,
    "message" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "decision" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "decided_by" TEXT,
    "refusal_reason" TEXT,

    CONSTRAINT "upgrade_request_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "upgrade_request_account_id_idx" ON "upgrade_request"("account_id");

-- CreateIndex
CREATE INDEX "upgrade_request_decided_at_idx" ON "upgrade_request"("decided_at");

-- AddForeignKey
ALTER TABLE "upgrade_request" ADD CONSTRAINT "upgrade_request_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One pending (undecided) request per account: two concurrent requests cannot both be stored.
CREATE UNIQUE INDEX "upgrade_request_one_pending_per_account" ON "upgrade_request"("account_id") WHERE "decided_at" IS NULL;
