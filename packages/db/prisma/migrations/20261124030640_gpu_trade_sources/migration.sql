-- The sources behind the GPU index: trades counted per source and UTC day of execution, so a
-- reader can tell market trades from the generated sample without reading every trade. A
-- statement-level trigger keeps the counts for every writer (the JSON insert, COPY straight into
-- the table and the staged merge); its transition table holds only the rows actually inserted,
-- so a trade already stored (`on conflict do nothing`) is never counted twice. Trades are never
-- updated or deleted.
-- CreateTable
CREATE TABLE "gpu_trade_source_day" (
    "source" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "trades" INTEGER NOT NULL,
    "last_executed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "gpu_trade_source_day_pkey" PRIMARY KEY ("source","day")
);

-- Days in UTC whatever the session's time zone. Rows are upserted in key order, so two imports
-- touching the same sources and days take their row locks in the same order (no deadlock).
CREATE FUNCTION "gpu_trade_count_sources"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "gpu_trade_source_day" AS d ("source", "day", "trades", "last_executed_at")
  SELECT source, (executed_at AT TIME ZONE 'UTC')::date, count(*)::int, max(executed_at)
  FROM inserted GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("source", "day") DO UPDATE
  SET "trades" = d."trades" + excluded."trades",
      "last_executed_at" = greatest(d."last_executed_at", excluded."last_executed_at");
  RETURN NULL;
END $$;

CREATE TRIGGER "gpu_trade_count_sources" AFTER INSERT ON "gpu_trade"
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "gpu_trade_count_sources"();

-- Trades stored before this migration.
INSERT INTO "gpu_trade_source_day" ("source", "day", "trades", "last_executed_at")
SELECT source, (executed_at AT TIME ZONE 'UTC')::date, count(*)::int, max(executed_at)
FROM "gpu_trade" GROUP BY 1, 2;
