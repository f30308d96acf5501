-- CreateTable
CREATE TABLE "index_revision" (
    "id" SERIAL NOT NULL,
    "date" DATE NOT NULL,
    "lab" TEXT NOT NULL,
    "old_index_per_mtok" DOUBLE PRECISION,
    "new_index_per_mtok" DOUBLE PRECISION,
    "old_suppression_reason" TEXT,
    "new_suppression_reason" TEXT,
    "old_computed_at" TIMESTAMPTZ(3),
    "change_percent" DOUBLE PRECISION,
    "reason" TEXT NOT NULL,
    "forced" BOOLEAN NOT NULL,
    "methodology_version" TEXT NOT NULL,
    "restated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "index_revision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "index_revision_date_lab_idx" ON "index_revision"("date", "lab");

-- CreateIndex
CREATE INDEX "index_revision_restated_at_idx" ON "index_revision"("restated_at");
