-- Traded volume frozen with the values it describes: each print keeps the distinct providers
-- (count, and the names for its day's count) of the trades it was computed from, each daily value
-- the trade count, GPU-hours and distinct providers of the trades of the prints it averages.
-- Rows published before this migration are backfilled from the stored trades; a trade stored
-- after its hour was printed cannot be told apart here and is counted in the backfill, never
-- afterwards. Carried prints used no trade and keep zero.
-- AlterTable
ALTER TABLE "gpu_hourly_print" ADD COLUMN     "provider_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "providers" TEXT[] NOT NULL DEFAULT '{}';

-- AlterTable
ALTER TABLE "gpu_daily_value" ADD COLUMN     "gpu_hours" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "provider_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "trade_count" INTEGER NOT NULL DEFAULT 0;

-- Backfill the prints: the print on the hour H covers the trades executed in [H - 1h, H), hours
-- counted in epoch hours (not date_trunc, which follows the session's time zone).
UPDATE "gpu_hourly_print" AS p
SET "providers" = t.providers, "provider_count" = cardinality(t.providers)
FROM (
  SELECT gpu_name, to_timestamp((floor(date_part('epoch', executed_at) / 3600) + 1) * 3600) AS hour,
         array_agg(DISTINCT provider ORDER BY provider) AS providers
  FROM "gpu_trade" GROUP BY 1, 2
) AS t
WHERE p.gpu_name = t.gpu_name AND p.hour = t.hour AND NOT p.carried;

-- Backfill the daily values from their prints: the settlement period of a day is after the
-- previous day's 4 PM New York through this day's (settled_at), 23 or 25 hours across a clock
-- change; GPU-hours summed oldest print first, as the settlement job sums them.
UPDATE "gpu_daily_value" AS d
SET ("trade_count", "gpu_hours", "provider_count") = (
  SELECT coalesce(sum(p.trade_count), 0)::int,
         coalesce(sum(p.gpu_hours ORDER BY p.hour), 0),
         (SELECT count(DISTINCT name)::int
          FROM "gpu_hourly_print" AS q CROSS JOIN unnest(q.providers) AS name
          WHERE q.gpu_name = d.gpu_name
            AND q.hour > ((d.settled_at AT TIME ZONE 'America/New_York') - interval '1 day') AT TIME ZONE 'America/New_York'
            AND q.hour <= d.settled_at)
  FROM "gpu_hourly_print" AS p
  WHERE p.gpu_name = d.gpu_name
    AND p.hour > ((d.settled_at AT TIME ZONE 'America/New_York') - interval '1 day') AT TIME ZONE 'America/New_York'
    AND p.hour <= d.settled_at
);

-- Every new row states its counts.
ALTER TABLE "gpu_hourly_print" ALTER COLUMN "provider_count" DROP DEFAULT,
ALTER COLUMN "providers" DROP DEFAULT;
ALTER TABLE "gpu_daily_value" ALTER COLUMN "gpu_hours" DROP DEFAULT,
ALTER COLUMN "provider_count" DROP DEFAULT,
ALTER COLUMN "trade_count" DROP DEFAULT;
