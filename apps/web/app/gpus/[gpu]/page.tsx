import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import {
  FREE_TIER_GPU_NAMES,
  GPU_FREE_WINDOW_MONTHS,
  GPU_RETURNS_PER_YEAR,
  VOLATILITY_WINDOW_DEFAULT_DAYS,
  isFreeTierGpu,
  type GpuName,
} from "@tpi/domain";
import { ChartControls } from "../../../src/components/chart-controls";
import { LineChart } from "../../../src/components/line-chart";
import { CHART_RANGE_PARAM, GPU_SERIES_PARAM } from "../../../src/lib/chart-params";
import {
  applyChartState,
  chartStateHref,
  GPU_HELD_RANGE,
  parseChartState,
  type ChartOffer,
  type ChartState,
} from "../../../src/lib/chart-state";
import type { GpuDetail } from "../../../src/lib/api-types";
import {
  formatFractionPercent,
  formatUsd,
  formatUtcDay,
  formatUtcInstant,
} from "../../../src/lib/format";
import { ChangeText } from "../../../src/components/change-text";
import {
  dailyPoints,
  gpuChanges,
  gpuSeries,
  volatilitySeries,
  windowStats,
} from "../../../src/lib/gpu-shape";
import { GPU_METHODOLOGY_PATH, gpuCsvPathOf, gpuNameOfSegment } from "../../../src/lib/paths";
import { loadGpuDetail, loadKeyedLatest } from "../../../src/server/gpu";
import { KEY_HREF, LockedValue, SettledDay } from "../../../src/components/keyed-access";
import { CiteThis } from "../../../src/components/cite-this";
import { readWebEnv } from "../../../src/env";
import { gpuPathOf } from "../../../src/lib/paths";
import { socialMetadata } from "../../../src/lib/social";
import { gpuCardPath } from "../../../src/lib/social-card";

/** The newest hourly print of a GPU's page, if any has been published. */
function latestPrintOf(detail: GpuDetail) {
  const prints = detail.hourly?.data ?? [];
  return prints[prints.length - 1];
}

/** Hourly prints change every hour: rendered per request, the api answers cached briefly (trpc-client.ts). */
export const dynamic = "force-dynamic";

type GpuPageProps = {
  params: Promise<{ gpu: string }>;
  searchParams?: Promise<Record<string, string | string[] | undefined>>;
};
type GpuDailyRows = NonNullable<GpuDetail["daily"]>["data"];

async function gpuNameOf(props: GpuPageProps): Promise<GpuName | undefined> {
  return gpuNameOfSegment((await props.params).gpu);
}

export async function generateMetadata(props: GpuPageProps): Promise<Metadata> {
  const gpu = await gpuNameOf(props);
  if (gpu === undefined) return { title: "GPU not found" };
  const siteUrl = readWebEnv().publicSiteUrl;
  const path = gpuPathOf(gpu);
  if (!isFreeTierGpu(gpu)) {
    const title = `${gpu} GPU compute price index (API key)`;
    const description = `The ${gpu} GPU compute price index is available with an API key: what it contains and how to get access.`;
    return {
      title,
      description,
      ...socialMetadata({ siteUrl, path, title, description, image: gpuCardPath(gpu) }),
    };
  }
  const title = `${gpu} GPU compute price index`;
  const description = `${gpu} rental prices in USD per GPU-hour: the latest hourly print, the rolling 24-hour average, the trailing day of prints, ${GPU_FREE_WINDOW_MONTHS} months of daily values and their ${VOLATILITY_WINDOW_DEFAULT_DAYS}-day volatility.`;
  // The card carries the latest print, so a shared link shows the number itself.
  const latest = latestPrintOf(await loadGpuDetail(gpu));
  const cardTitle =
    latest === undefined
      ? title
      : `${title}: ${formatUsd(latest.index_value)} / GPU-hour at ${formatUtcInstant(latest.timestamp)}`;
  return {
    title,
    description,
    ...socialMetadata({ siteUrl, path, title: cardTitle, description, image: gpuCardPath(gpu) }),
  };
}

export default async function GpuPage(props: GpuPageProps) {
  const gpu = await gpuNameOf(props);
  if (gpu === undefined) notFound();
  if (!isFreeTierGpu(gpu)) {
    const keyed = (await loadKeyedLatest()).find((entry) => entry.gpu_type === gpu);
    return <KeyedGpu gpu={gpu} latestDay={keyed?.day ?? null} />;
  }
  const detail = await loadGpuDetail(gpu);
  // The daily chart's range (`?range=7D`); the page is rendered per request, so it reads it here.
  const offer: ChartOffer = { held: GPU_HELD_RANGE, keys: [gpu] };
  const state = parseChartState((await props.searchParams)?.[CHART_RANGE_PARAM], undefined, offer);
  return (
    <>
      <h1>{gpu} GPU compute price index</h1>
      <p className="lead">
        What renting one {gpu} costs, in USD per GPU-hour, from executed rental trades: hourly
        prints, their rolling 24-hour average and the daily index. All times are UTC.
      </p>
      <LatestCards detail={detail} />
      <HourlyTable detail={detail} />
      <DailySection detail={detail} state={state} offer={offer} />
      <VolatilitySection detail={detail} />
      <ApiRoutes detail={detail} />
      <GpuCitation detail={detail} />
      <h2>About this page</h2>
      <p data-gpu-methodology>
        The website shows this trailing view of each free-tier GPU: the latest day of hourly prints,
        the rolling average as of the latest print, and the daily index and its volatility over the
        free window ({formatUtcDay(detail.window.startDate)} to{" "}
        {formatUtcDay(detail.window.endDate)}). The API&apos;s hourly, rolling-average and
        volatility routes need a key; they serve full ranges and other grains. How prints and daily
        values are computed is in the <Link href={GPU_METHODOLOGY_PATH}>GPU methodology</Link>.
      </p>
    </>
  );
}

function GpuCitation({ detail }: { detail: GpuDetail }) {
  const latest = latestPrintOf(detail);
  if (latest === undefined) return null;
  return (
    <CiteThis
      citation={{
        series: `${detail.gpu_type} GPU compute price index, hourly print`,
        unit: "USD per GPU-hour",
        valueDate: latest.timestamp,
        url: `${readWebEnv().publicSiteUrl}${gpuPathOf(detail.gpu_type)}`,
      }}
    />
  );
}

function LatestCards({ detail }: { detail: GpuDetail }) {
  const prints = detail.hourly?.data ?? [];
  const latest = prints[prints.length - 1];
  const average = detail.rollingAverage?.data;
  if (latest === undefined && average === undefined)
    return (
      <p className="notice" data-gpu-state="no-data">
        No hourly prints of {detail.gpu_type} have been published yet.
      </p>
    );
  return (
    <div className="cards">
      {latest !== undefined && (
        <div className="card" data-card="latest-print">
          <div className="muted">Latest hourly print</div>
          <div className="value" data-value={latest.index_value}>
            {formatUsd(latest.index_value)}
          </div>
          <div>
            USD per GPU-hour at{" "}
            <time dateTime={latest.timestamp}>{formatUtcInstant(latest.timestamp)}</time>
            {latest.is_carried ? " (carried forward: no trade that hour)" : ""}
          </div>
        </div>
      )}
      {average !== undefined && (
        <div className="card" data-card="rolling-average">
          <div className="muted">Rolling 24-hour average</div>
          <div className="value" data-value={average.average_usd_per_hour}>
            {formatUsd(average.average_usd_per_hour)}
          </div>
          <div>
            USD per GPU-hour over{" "}
            <time dateTime={average.window_start}>{formatUtcInstant(average.window_start)}</time> to{" "}
            <time dateTime={average.window_end}>{formatUtcInstant(average.window_end)}</time>:{" "}
            <span data-print-count={average.print_count}>{average.print_count} prints</span>, of
            which{" "}
            <span data-carried-count={average.carried_count}>{average.carried_count} carried</span>.
          </div>
        </div>
      )}
    </div>
  );
}

function HourlyTable({ detail }: { detail: GpuDetail }) {
  if (detail.hourly === null) return null;
  const rows = [...detail.hourly.data].reverse();
  return (
    <>
      <h2>The trailing 24 hourly prints</h2>
      <p>
        A print is the volume-weighted mean price of the trades of the hour before it. An hour
        without trades carries the previous print forward and is marked carried.
      </p>
      <div className="table-wrap">
        <table data-table="gpu-hourly" data-gpu={detail.gpu_type}>
          <caption>
            {detail.gpu_type} hourly prints in USD per GPU-hour, newest first (UTC hours)
          </caption>
          <thead>
            <tr>
              <th scope="col">Hour (UTC)</th>
              <th scope="col" className="num">
                USD / GPU-hour
              </th>
              <th scope="col">Carried</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.timestamp} data-hour={row.timestamp} data-carried={row.is_carried}>
                <th scope="row">
                  <UtcInstant instant={row.timestamp} />
                </th>
                <td className="num" data-value={row.index_value}>
                  {formatUsd(row.index_value)}
                </td>
                <td>{row.is_carried ? "Yes: no trade" : "No"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** `2026-11-23 19:00:00Z`, wrapping between the day and the time only. */
function UtcInstant({ instant }: { instant: string }) {
  const [day, time] = formatUtcInstant(instant).split(" ");
  return (
    <time dateTime={instant}>
      <span className="instant-part">{day}</span> <span className="instant-part">{time}</span>
    </time>
  );
}

function DailySection({
  detail,
  state,
  offer,
}: {
  detail: GpuDetail;
  state: ChartState;
  offer: ChartOffer;
}) {
  const gpu = detail.gpu_type;
  return (
    <>
      <h2>The daily index, trailing {GPU_FREE_WINDOW_MONTHS} months</h2>
      {detail.daily === null ? (
        <p className="notice">No daily values of {detail.gpu_type} in the free window yet.</p>
      ) : (
        <>
          <ChangeStrip gpu={detail.gpu_type} rows={detail.daily.data} />
          <LineChart
            id="gpu-daily"
            title={`${gpu} daily GPU compute price index, USD per GPU-hour`}
            unit="USD per GPU-hour"
            series={applyChartState(gpuSeries([{ gpu, rows: detail.daily.data }]), state, offer)}
            controls={
              <ChartControls
                path={gpuPathOf(gpu)}
                state={state}
                offer={offer}
                seriesParam={GPU_SERIES_PARAM}
                labels={{}}
                seriesNoun="GPUs"
              />
            }
          />
          <p>
            <a
              href={chartStateHref(gpuCsvPathOf(gpu), state, offer, GPU_SERIES_PARAM)}
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
function ChangeStrip({ gpu, rows }: { gpu: string; rows: GpuDailyRows }) {
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

function VolatilitySection({ detail }: { detail: GpuDetail }) {
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

function ApiRoutes({ detail }: { detail: GpuDetail }) {
  // A part whose route the api did not name (none in its route list) gets no row.
  const parts = [
    { label: "Latest print and rolling 24-hour average", route: detail.routes.rollingAverage },
    { label: "Hourly prints", route: detail.routes.hourly },
    { label: "Daily index", route: detail.routes.daily },
    { label: "Rolling volatility", route: detail.routes.volatility },
  ].flatMap(({ label, route }) => (route === null ? [] : [{ label, route }]));
  return (
    <>
      <h2>The same data from the API</h2>
      <div className="table-wrap">
        <table className="stack" data-table="gpu-routes">
          <caption>The API routes serving each part of this page</caption>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Route</th>
              <th scope="col">Access</th>
            </tr>
          </thead>
          <tbody>
            {parts.map(({ label, route }) => (
              <tr key={route.operationId} data-operation={route.operationId}>
                <th scope="row">{label}</th>
                <td data-label="Route">
                  <Link href={`/docs#route-${route.operationId}`}>
                    <code>GET {route.path}</code>
                  </Link>
                </td>
                <td data-label="Access">{route.access ?? "See the reference."}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A keyed GPU: what it is, its latest settled day (never its value) and the way to a key. */
function KeyedGpu({ gpu, latestDay }: { gpu: GpuName; latestDay: string | null }) {
  return (
    <>
      <h1>{gpu} GPU compute price index</h1>
      <p className="lead" data-gpu-state="keyed">
        The {gpu} index is part of the keyed tier: its hourly prints, daily values and analytics are
        served to API key holders.
      </p>
      <div className="cards">
        <div className="card" data-keyed-latest={latestDay ?? ""}>
          <div className="muted">Latest settled day</div>
          <div className="value">
            <LockedValue />
          </div>
          <div>
            USD per GPU-hour on <SettledDay date={latestDay} />
          </div>
        </div>
      </div>
      <h2>What the data is</h2>
      <p>
        Every hour, the volume-weighted mean price of the {gpu} rental trades of the hour before, in
        USD per GPU-hour (an hour without trades carries the previous print forward, marked
        carried); each day, the mean of its hourly prints; and analytics over them, such as the
        rolling 24-hour average and the rolling volatility. See the{" "}
        <Link href={GPU_METHODOLOGY_PATH}>GPU methodology</Link>.
      </p>
      <h2>How to get it</h2>
      <ol>
        <li>
          <Link prefetch={false} href={KEY_HREF}>
            Get an API key
          </Link>{" "}
          (see <Link href="/docs#authentication">authentication</Link>).
        </li>
        <li>
          Call <code>GET /api/gpu/{encodeURIComponent(gpu)}/index-history</code> with{" "}
          <code>Authorization: Bearer &lt;API_KEY&gt;</code>; the other GPU routes are in the{" "}
          <Link href="/docs#routes">API reference</Link>.
        </li>
      </ol>
      <p>
        Without a key, the free tier covers {FREE_TIER_GPU_NAMES.join(", ")} over the trailing{" "}
        {GPU_FREE_WINDOW_MONTHS} months: <Link href="/gpus">see the GPU index</Link>.
      </p>
    </>
  );
}
