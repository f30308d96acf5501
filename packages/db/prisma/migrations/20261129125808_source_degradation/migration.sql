-- CreateTable
CREATE TABLE "source_degradation" (
    "market" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "since" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "source_degradation_pkey" PRIMARY KEY ("market","source","reason")
);
