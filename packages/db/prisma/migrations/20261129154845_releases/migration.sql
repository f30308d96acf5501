-- CreateTable
CREATE TABLE "data_release" (
    "number" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "cut_at" TIMESTAMPTZ(3) NOT NULL,
    "manifest" JSONB NOT NULL,

    CONSTRAINT "data_release_pkey" PRIMARY KEY ("number")
);

-- CreateTable
-- Series and periods compare byte by byte (COLLATE "C"): ISO periods then order as time, and the
-- keyset pages of an as-of read follow the index whatever the database's locale.
CREATE TABLE "release_vintage_row" (
    "id" BIGSERIAL NOT NULL,
    "market" TEXT NOT NULL,
    "dataset" TEXT NOT NULL,
    "series" TEXT COLLATE "C" NOT NULL,
    "period" TEXT COLLATE "C" NOT NULL,
    "row_hash" TEXT NOT NULL,
    "values" JSONB NOT NULL,
    "from_release" INTEGER NOT NULL,
    "to_release" INTEGER,

    CONSTRAINT "release_vintage_row_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "release_file" (
    "release" INTEGER NOT NULL,
    "market" TEXT NOT NULL,
    "dataset" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "rows" INTEGER NOT NULL,
    "bytes" BIGINT NOT NULL,
    "sha256" TEXT NOT NULL,

    CONSTRAINT "release_file_pkey" PRIMARY KEY ("release","market","dataset","variant","format")
);

-- CreateIndex
CREATE UNIQUE INDEX "data_release_day_key" ON "data_release"("day");

-- CreateIndex
CREATE INDEX "release_vintage_row_market_dataset_series_period_from_relea_idx" ON "release_vintage_row"("market", "dataset", "series", "period", "from_release");

-- CreateIndex
CREATE INDEX "release_vintage_row_to_release_idx" ON "release_vintage_row"("to_release");

-- CreateIndex
CREATE UNIQUE INDEX "release_file_file_name_key" ON "release_file"("file_name");

-- AddForeignKey
ALTER TABLE "release_file" ADD CONSTRAINT "release_file_release_fkey" FOREIGN KEY ("release") REFERENCES "data_release"("number") ON DELETE CASCADE ON UPDATE CASCADE;

-- One current row per key and dataset: the cut's diff relies on it (not expressible in schema.prisma).
CREATE UNIQUE INDEX "release_vintage_row_current_key" ON "release_vintage_row"("market", "dataset", "series", "period") WHERE "to_release" IS NULL;
