import type { Metadata } from "next";
import { DAILY_INDEX_LOOKBACK_DAYS, GPU_CATALOG, type GpuName } from "@tpi/domain";
import { ChangeText } from "../../components/change-text";
import { SignedInNote } from "../../components/signed-in-note";
import type { ChartOffer } from "../../lib/chart-state";
import { formatUsd, formatUtcDay } from "../../lib/format";
import { loadViewer, type SignedInReader } from "../../server/viewer";
import type { GpuDailyRow, GpuKeyedLatest, GpuLatest, PlanGpuHistory } from "./api-types";
import { loadGpuIndex, loadGpuWindow, loadKeyedLatest, loadPlanGpuHistory } from "./loaders";
import { GPUS_PATH, GPU_METHODOLOGY_PATH, GPU_SERIES_PARAM, gpuPathOf } from "./paths";
import { GpuProvenanceNote } from "./provenance-note";
import { GPU_CHANGE_DAYS, GPU_HELD_RANGE, dailyPoints, gpuChanges, gpuSeries } from "./shape";
import { OfferedSeriesChart, chartViewOf } from "../../kit/chart-page";

export const metadata: Metadata = {
  title: "GPU compute price index",
  description:
    "The latest daily GPU compute price index of every GPU with its 1, 7 and 30-day change, and a chart of the free GPUs' trailing three months.",
};

/**
 * The trailing window charted below: the api's GPU free window, never one from the website's
 * clock. The chart's state (`?range=&gpus=`) is read from the URL.
 */
type GpusPageProps = { searchParams?: Promise<Record<string, string | string[] | undefined>> };

export async function GpusPage(props: GpusPageProps = {}) {
  const query = (await props.searchParams) ?? {};
  const window = await loadGpuWindow();
  // This page is rendered per request: a signed-in reader whose plan reads GPU history (the
  // api's `gpuAccess`) gets the keyed GPUs' values as the api answers a key of the plan.
  const reader = await loadViewer();
  const [view, keyed, planKeyed] = await Promise.all([
    loadGpuIndex(window.startDate, window.endDate),
    loadKeyedLatest(),
    reader !== undefined && reader.viewer.gpuAccess !== null ? loadPlanKeyed(reader) : undefined,
  ]);
  if (view.state === "no-data") {
    return (
      <>
        <h1>GPU compute price index</h1>
        <p className="notice" data-gpu-state="no-data">
          No GPU index values have been published yet ({view.message}).
        </p>
      </>
    );
  }
  return (
    <>
      <h1>GPU compute price index</h1>
      <p className="lead">
        What renting a GPU costs, in USD per GPU-hour, from providers&apos; posted prices and
        executed rental trades: the latest settled daily value of each GPU and how it moved. Each
        GPU&apos;s page has its hourly prints, rolling average and volatility;{" "}
        <a href={GPU_METHODOLOGY_PATH}>how the index is computed</a>.
      </p>
      <GpuProvenanceNote provenance={view.provenance} />
      {reader !== undefined && <SignedInNote viewer={reader.viewer} />}
      <div className="table-wrap">
        <table className="stack" data-table="gpu-latest">
          <caption>
            Latest settled daily GPU index per GPU, global region, in USD per GPU-hour, with its
            change over 1, 7 and 30 days
          </caption>
          <thead>
            <tr>
              <th scope="col">GPU</th>
              <th scope="col" className="num">
                Latest (USD / GPU-hour)
              </th>
              <th scope="col">Settled (UTC day)</th>
              {GPU_CHANGE_DAYS.map((days) => (
                <th scope="col" className="num" key={days}>
                  {changeHeading(days)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {GPU_CATALOG.map(({ gpuName, freeTier }) => {
              const plan = planKeyed?.get(gpuName);
              if (!freeTier && plan !== undefined) {
                const last = plan?.data.at(-1);
                return (
                  <FreeRow
                    key={gpuName}
                    gpu={gpuName}
                    latest={
                      last === undefined
                        ? undefined
                        : { index_value: last.index_value, date: last.timestamp }
                    }
                    rows={plan?.data ?? []}
                  />
                );
              }
              if (!freeTier)
                return (
                  <KeyedRow
                    key={gpuName}
                    gpu={gpuName}
                    latest={keyed.find((entry) => entry.gpu_type === gpuName)}
                  />
                );
              const latest = view.latest.find((entry) => entry.gpu_type === gpuName);
              const rows = view.histories.find((history) => history.gpu === gpuName)?.rows ?? [];
              return <FreeRow key={gpuName} gpu={gpuName} latest={latest} rows={rows} />;
            })}
          </tbody>
        </table>
      </div>
      <h2>The trailing three months</h2>
      <GpuChart histories={view.histories} query={query} />
    </>
  );
}

/** Each keyed GPU's daily history as the api answers a key of the reader's plan (null: none). */
async function loadPlanKeyed(reader: SignedInReader): Promise<Map<GpuName, PlanGpuHistory | null>> {
  const keyed = GPU_CATALOG.filter((entry) => !entry.freeTier).map((entry) => entry.gpuName);
  const answers = await Promise.all(keyed.map((gpu) => loadPlanGpuHistory(reader.token, gpu)));
  return new Map(keyed.map((gpu, index) => [gpu, answers[index] ?? null]));
}

/** The free GPUs' chart with its state (`?range=&gpus=`) read from the URL. */
function GpuChart({
  histories,
  query,
}: {
  histories: Parameters<typeof gpuSeries>[0];
  query: Record<string, string | string[] | undefined>;
}) {
  const allSeries = gpuSeries(histories);
  // Visitors hold the free window, the trailing three months: wider ranges need a key.
  const offer: ChartOffer = { held: GPU_HELD_RANGE, keys: allSeries.map((one) => one.key) };
  return (
    <OfferedSeriesChart
      id="gpu-3m"
      title="Daily GPU compute price index, USD per GPU-hour"
      unit="USD per GPU-hour"
      allSeries={allSeries}
      view={chartViewOf(GPUS_PATH, offer, GPU_SERIES_PARAM, query)}
      seriesNoun="GPUs"
    />
  );
}

function changeHeading(days: number): string {
  return days === 1 ? "1 day" : `${days} days`;
}

function FreeRow({
  gpu,
  latest,
  rows,
}: {
  gpu: GpuName;
  /** The latest settled daily value (a free GPU's from the api's latest values, a keyed one's from the plan's history). */
  latest: Pick<GpuLatest, "index_value" | "date"> | undefined;
  rows: readonly GpuDailyRow[];
}) {
  const name = (
    <th scope="row">
      <a href={gpuPathOf(gpu)}>{gpu}</a>
    </th>
  );
  if (latest === undefined)
    return (
      <tr data-gpu={gpu} data-gpu-state="no-recent-value">
        {name}
        <td colSpan={2 + GPU_CHANGE_DAYS.length} data-label="Latest">
          No value settled in the last {DAILY_INDEX_LOOKBACK_DAYS} days.
        </td>
      </tr>
    );
  const day = latest.date.slice(0, 10);
  const changes = gpuChanges(dailyPoints(rows), { date: day, value: latest.index_value });
  return (
    <tr data-gpu={gpu}>
      {name}
      <td className="num" data-label="Latest (USD / GPU-hour)" data-value={latest.index_value}>
        {formatUsd(latest.index_value)}
      </td>
      <td data-label="Settled (UTC day)">
        <time dateTime={latest.date}>{formatUtcDay(day)}</time>
      </td>
      {changes.map(({ days, fromDate, change }) => (
        <td
          className="num"
          key={days}
          data-label={changeHeading(days)}
          data-change-days={days}
          data-change-from={fromDate}
          data-change={change === undefined ? "" : change.absolute}
        >
          <ChangeText change={change} />
        </td>
      ))}
    </tr>
  );
}

/** A keyed GPU: its latest settled day from the api, its value locked behind a key. */
function KeyedRow({ gpu, latest }: { gpu: GpuName; latest: GpuKeyedLatest | undefined }) {
  const day = latest?.day ?? null;
  const date = latest?.date ?? null;
  return (
    <tr data-gpu={gpu} data-gpu-state="keyed">
      <th scope="row">
        <a href={gpuPathOf(gpu)}>{gpu}</a>
      </th>
      <td className="num" data-label="Latest (USD / GPU-hour)" data-locked>
        Locked: API key
      </td>
      <td data-label="Settled (UTC day)">
        {day === null || date === null ? (
          "Not settled yet"
        ) : (
          <time dateTime={date}>{formatUtcDay(day)}</time>
        )}
      </td>
      <td colSpan={GPU_CHANGE_DAYS.length} data-label="Changes">
        <a href={gpuPathOf(gpu)}>How to get a key for {gpu}</a>
      </td>
    </tr>
  );
}
