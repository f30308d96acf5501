-- CreateTable
CREATE TABLE "published_value_revision" (
    "market" TEXT NOT NULL,
    "series" TEXT NOT NULL,
    "period" TEXT NOT NULL,
    "revisions" INTEGER NOT NULL,

    CONSTRAINT "published_value_revision_pkey" PRIMARY KEY ("market","series","period")
);
