import type { ComponentProps, ReactNode } from "react";
import { ControlledChart } from "../components/chart-controls";
import { CiteThis } from "../components/cite-this";
import type { LineChart } from "../components/line-chart";
import { SignedInNote } from "../components/signed-in-note";
import { CHART_RANGE_PARAM } from "../lib/chart-params";
import {
  applyChartState,
  chartStateHref,
  chartViewQuery,
  parseChartState,
  type ChartOffer,
  type ChartState,
} from "../lib/chart-state";
import type { Citation } from "../lib/citation";
import type { ReleaseCite } from "../server/releases";
import { seriesLabels, type Series } from "../lib/shape";
import type { Viewer } from "../server/viewer";

/** A page's query, as Next.js gives it: a parameter absent, once or repeated. */
export type PageQuery = Record<string, string | string[] | undefined>;

/**
 * A chart as its page's address asks for it: the page it is on (`path`, which may carry a
 * filter of its own), what it offers (ranges and series), the query parameter naming the shown
 * series, and the state read from the query (range, series, y scale, zoom).
 */
export type ChartView = {
  path: string;
  offer: ChartOffer;
  seriesParam: string;
  state: ChartState;
};

/** The chart view a page's query asks for: an unknown range or series falls back to the offer's. */
export function chartViewOf(
  path: string,
  offer: ChartOffer,
  seriesParam: string,
  query: PageQuery,
): ChartView {
  const state = parseChartState(
    query[CHART_RANGE_PARAM],
    query[seriesParam],
    offer,
    chartViewQuery(query),
  );
  return { path, offer, seriesParam, state };
}

/**
 * The link to the CSV of a chart's view: its range, and the series shown (`"shown"`) or every
 * series it offers (`"all"`, for a file that holds them all whatever the chart shows).
 */
export function chartCsvHref(view: ChartView, csvPath: string, keys: "shown" | "all"): string {
  return chartStateHref(
    csvPath,
    { range: view.state.range, keys: keys === "shown" ? view.state.keys : [...view.offer.keys] },
    view.offer,
    view.seriesParam,
  );
}

/**
 * A line chart driven by its page's address: its y scale and zoom from the view's state, and
 * above the plot the range, series and scale links of that view. `labels` names every series
 * the view offers, `seriesNoun` what its toggles switch (`Labs`, `Series`).
 */
export function ViewChart({
  view,
  labels,
  seriesNoun,
  ...chart
}: Omit<ComponentProps<typeof LineChart>, "yScale" | "zoom" | "controls"> & {
  view: ChartView;
  labels: Readonly<Record<string, string>>;
  seriesNoun: string;
}) {
  return (
    <ControlledChart
      {...chart}
      state={view.state}
      offer={view.offer}
      links={{ path: view.path, seriesParam: view.seriesParam, labels, seriesNoun }}
    />
  );
}

/**
 * A chart of every series a page offers (`allSeries`), showing the range and series its view
 * asks for, with links naming each series by its label.
 */
export function OfferedSeriesChart({
  allSeries,
  view,
  ...chart
}: Omit<ComponentProps<typeof ViewChart>, "series" | "labels"> & { allSeries: readonly Series[] }) {
  return (
    <ViewChart
      {...chart}
      view={view}
      series={applyChartState(allSeries, view.state, view.offer)}
      labels={seriesLabels(allSeries)}
    />
  );
}

/** The download of the rows a chart shows: its range and series in the link. */
export function CsvLink({ href, rows }: { href: string; rows: number }) {
  return (
    <p>
      <a className="button" href={href} download data-csv>
        Download these {rows} rows as CSV
      </a>
    </p>
  );
}

/**
 * A plan reader's view of one series, in the order every market's series page shows it: who is
 * signed in, the latest value, the chart with its ranges, its sources, the CSV of the rows shown,
 * the table of those rows and how to cite them (absent before the first value).
 */
export function SeriesValues({
  viewer,
  latest,
  chart,
  sources,
  csvHref,
  rows,
  table,
  citation,
  release,
}: {
  viewer: Viewer;
  latest: ReactNode;
  chart: ReactNode;
  sources: ReactNode;
  csvHref: string;
  rows: number;
  table: ReactNode;
  citation: Citation | undefined;
  /** The latest release's citation and the market's bulk files (loadReleaseCite). */
  release: ReleaseCite | undefined;
}) {
  return (
    <>
      <SignedInNote viewer={viewer} />
      {latest}
      {chart}
      <section aria-labelledby="chart-sources-heading" data-chart-sources>
        <h2 id="chart-sources-heading">Source</h2>
        {sources}
      </section>
      <CsvLink href={csvHref} rows={rows} />
      {table}
      {citation !== undefined && <CiteThis citation={citation} release={release} />}
    </>
  );
}
