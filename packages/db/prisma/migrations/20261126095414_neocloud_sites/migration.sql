-- CreateTable
CREATE TABLE "neocloud_site" (
    "id" TEXT NOT NULL,
    "dataset" TEXT NOT NULL,
    "record_name" TEXT NOT NULL,
    "content_hash" TEXT NOT NULL,
    "site" JSONB NOT NULL,
    "retrieved_at" TIMESTAMPTZ(3) NOT NULL,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "neocloud_site_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "neocloud_dataset" (
    "dataset" TEXT NOT NULL,
    "source_urls" TEXT[],
    "retrieved_at" TIMESTAMPTZ(3) NOT NULL,
    "records" INTEGER NOT NULL,

    CONSTRAINT "neocloud_dataset_pkey" PRIMARY KEY ("dataset")
);

-- CreateIndex
CREATE INDEX "neocloud_site_dataset_idx" ON "neocloud_site"("dataset");
