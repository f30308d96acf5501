import { GPU_FREE_WINDOW_MONTHS, GPU_RETURNS_PER_YEAR } from "@tpi/domain";
import { ChangeText } from "../../components/change-text";
import { ControlledChart } from "../../components/chart-controls";
import { LineChart } from "../../components/line-chart";
import {
  applyChartState,
  chartStateHref,
  type ChartOffer,
  type ChartState,
} from "../../lib/chart-state";
import { formatFractionPercent, formatUsd, formatUtcDay, formatUtcInstant } from "../../lib/format";
import type { GpuDetail } from "./api-types";
import { GPU_SERIES_PARAM, gpuCsvPathOf, gpuPathOf } from "./paths";
import { dailyPoints, gpuChanges, gpuSeries, volatilitySeries, windowStats } from "./shape";

/*
 * A free GPU's daily index over the free window: its change strip, chart and CSV link, and the
 * rolling volatility of its daily values.
 */

type GpuDailyRows = NonNullable<GpuDetail["daily"]>["data"];

/** The daily index in the chart's range, with its range links and the CSV of the same days. */
export function DailyIndexSection({
  gpu,
  daily,
  state,
  offer,
  heading = `The daily index, trailing ${GPU_FREE_WINDOW_MONTHS} months`,
  emptyText = `No daily values of ${gpu} in the free window yet.`,
}: {
  gpu: string;
  /** The `GET /api/gpu/{gpuName}/index-history` answer charted (null: none published). */
  daily: GpuDetail["daily"];
  state: ChartState;
  offer: ChartOffer;
  /** What the section covers: the free window, or a signed-in reader's plan. */
  heading?: string;
  emptyText?: string;
}) {
  return (
    <>
      <h2>{heading}</h2>
      {daily === null ? (
        <p className="notice">{emptyText}</p>
      ) : (
        <>
          <GpuChangeStrip gpu={gpu} rows={daily.data} />
          <ControlledChart
            id="gpu-daily"
            title={`${gpu} daily GPU compute price index, USD per GPU-hour`}
            unit="USD per GPU-hour"
            series={applyChartState(gpuSeries([{ gpu, rows: daily.data }]), state, offer)}
            state={state}
            offer={offer}
            links={{
              path: gpuPathOf(gpu),
              seriesParam: GPU_SERIES_PARAM,
              labels: {},
              seriesNoun: "GPUs",
            }}
          />
          <p>
            <a
              href={chartStateHref(
                gpuCsvPathOf(gpu),
                { range: state.range, keys: state.keys },
                offer,
                GPU_SERIES_PARAM,
              )}
              download
              data-csv
            >
              Download the daily values in the chart (CSV)
            </a>
          </p>
        </>
      )}
    </>
  );
}

/**
 * The latest daily value's change over 1, 7 and 30 days and the range of the charted window,
 * from the same daily series as the chart and the CSV.
 */
function GpuChangeStrip({ gpu, rows }: { gpu: string; rows: GpuDailyRows }) {
  const points = dailyPoints(rows);
  const stats = windowStats(points);
  const latest = points.at(-1);
  if (stats === undefined || latest === undefined) return null;
  return (
    <>
      <dl className="change-strip" data-change-strip={gpu}>
        <div>
          <dt>
            Latest (<time dateTime={latest.date}>{formatUtcDay(latest.date)}</time>)
          </dt>
          <dd data-value={latest.value}>{formatUsd(latest.value)}</dd>
        </div>
        {gpuChanges(points, latest).map(({ days, fromDate, change }) => (
          <div key={days}>
            <dt>
              {days === 1 ? "1 day" : `${days} days`} (from{" "}
              <time dateTime={fromDate}>{formatUtcDay(fromDate)}</time>)
            </dt>
            <dd data-change-days={days} data-change={change === undefined ? "" : change.absolute}>
              <ChangeText change={change} />
            </dd>
          </div>
        ))}
        <div>
          <dt>
            Low (<time dateTime={stats.min.date}>{formatUtcDay(stats.min.date)}</time>)
          </dt>
          <dd data-stat="min" data-value={stats.min.value}>
            {formatUsd(stats.min.value)}
          </dd>
        </div>
        <div>
          <dt>
            High (<time dateTime={stats.max.date}>{formatUtcDay(stats.max.date)}</time>)
          </dt>
          <dd data-stat="max" data-value={stats.max.value}>
            {formatUsd(stats.max.value)}
          </dd>
        </div>
        <div>
          <dt>Mean of {stats.count} days</dt>
          <dd data-stat="mean" data-value={stats.mean}>
            {formatUsd(stats.mean)}
          </dd>
        </div>
      </dl>
      <p className="muted">
        USD per GPU-hour, over the settled days {formatUtcDay(stats.first)} to{" "}
        {formatUtcDay(stats.last)}.
      </p>
    </>
  );
}

/** The latest rolling volatility and its chart over the free window. */
export function VolatilitySection({ detail }: { detail: GpuDetail }) {
  const days = detail.volatility_window_days;
  const series = detail.volatility === null ? [] : volatilitySeries(detail.volatility.data);
  // Rows come most recent first; the latest row may have no value (a gap in its window).
  const latest = detail.volatility?.data[0];
  return (
    <>
      <h2>{days}-day rolling volatility</h2>
      <p>
        The annualized volatility is the standard deviation of the daily log returns over the {days}{" "}
        days ending on each day, times √{GPU_RETURNS_PER_YEAR} because GPU values settle every
        calendar day; a day whose window misses a value has none.
      </p>
      {latest === undefined ? (
        <p className="notice">No daily values of {detail.gpu_type} in the free window yet.</p>
      ) : (
        <>
          <p data-latest-volatility={latest.rolling_volatility ?? ""}>
            Latest:{" "}
            <strong>
              {latest.rolling_volatility === null
                ? `not available (the ${days} days up to it are not all settled)`
                : `${formatFractionPercent(latest.rolling_volatility)} annualized`}
            </strong>{" "}
            as of <time dateTime={latest.recorded_at}>{formatUtcInstant(latest.recorded_at)}</time>.
          </p>
          {series.length === 0 ? (
            <p className="notice">
              No day of the free window has a complete {days}-day window yet.
            </p>
          ) : (
            <LineChart
              id="gpu-volatility"
              title={`${detail.gpu_type} ${days}-day rolling volatility, annualized`}
              series={series}
              valueKind="percent"
              unit="Annualized volatility, percent"
              axisDecimals={1}
            />
          )}
        </>
      )}
    </>
  );
}
