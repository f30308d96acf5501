import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { SignedInNote } from "../components/signed-in-note";
import { readWebEnv } from "../env";
import type { Citation } from "../lib/citation";
import { loadReleaseCite, type ReleaseCite } from "../server/releases";
import { loadViewer, type SignedInReader } from "../server/viewer";
import { HowToGetIt, LockedValues, type MarketLock } from "./access";
import {
  chartCsvHref,
  chartViewOf,
  SeriesValues,
  type ChartView,
  type PageQuery,
} from "./chart-page";
import { pageMetadata, type PageMeta, type SampleMarked } from "./market-page";
import { NotifyMe } from "./notify-me";
import { routeDocsHref, type ApiRoute } from "./route-link";
import { seriesWindow } from "./series-window";
import { SERIES_PARAM, type RowOf, type SeriesAnswer, type SeriesSource } from "./series-source";

/** A series page's props: the route's parameters and the chart's state in the query. */
export type SeriesPageProps = {
  params: Promise<Record<string, string>>;
  searchParams: Promise<PageQuery>;
};

/**
 * What a market's series page (`/memory/<id>`) is made of: where its series come from, its
 * locked state and the route a key reads the values by, its metadata and lead, and the parts of
 * a plan reader's view (the latest value, the chart, the sources, the table and the citation).
 */
export type SeriesPageParts<Entry extends { id: string }, Answer extends SeriesAnswer> = {
  /**
   * The market's name as the api's market list spells it (its MarketEntry's `name`): with the
   * entry's id as the series key, what the page's "notify me" form subscribes to.
   */
  market: string;
  source: SeriesSource<Entry, Answer>;
  lock: MarketLock;
  /** The history route, whose /docs reference the locked state links. */
  historyRoute: ApiRoute;
  /** The title of an id the catalogue does not have. */
  notFoundTitle: string;
  /** The public methodology answer: whether the values are the generated sample. */
  methodology: () => Promise<SampleMarked>;
  meta: (entry: Entry) => Omit<PageMeta, "path">;
  heading: (entry: Entry) => string;
  lead: (entry: Entry) => ReactNode;
  /** The api request that answers the same values with a key (`GET /api/memory/x/history`). */
  request: (entry: Entry) => string;
  latest: (entry: Entry, newest: RowOf<Answer>, answer: Answer) => ReactNode;
  /** The chart of the rows the view's range shows, with the view's controls (ViewChart). */
  chart: (entry: Entry, shown: readonly RowOf<Answer>[], view: ChartView) => ReactNode;
  sources: (answer: Answer) => ReactNode;
  /** The rows shown, newest first: the rows the CSV link downloads. */
  table: (entry: Entry, rows: readonly RowOf<Answer>[]) => ReactNode;
  /** What a citation of the series names: the series and its unit. */
  citation: (entry: Entry) => Pick<Citation, "series" | "unit">;
};

/**
 * A market's series page, rendered per request, and its metadata: the series' name and lead;
 * then, for a reader whose plan reads it, the latest value, the chart with its ranges, the
 * sources, the CSV of the rows shown, their table and how to cite them; for a signed-in reader
 * before the first value, that none is published yet; for anyone else, the locked state and how
 * to get the values. An id the catalogue does not have is the 404.
 */
export function seriesPage<Entry extends { id: string }, Answer extends SeriesAnswer>(
  parts: SeriesPageParts<Entry, Answer>,
): {
  generateMetadata: (props: SeriesPageProps) => Promise<Metadata>;
  Page: (props: SeriesPageProps) => Promise<ReactNode>;
} {
  const { source } = parts;
  const entryOf = async (props: SeriesPageProps) => {
    const id = (await props.params)[source.param];
    return id === undefined ? undefined : source.find(id);
  };
  return {
    generateMetadata: async (props) => {
      const entry = await entryOf(props);
      if (entry === undefined) return { title: parts.notFoundTitle };
      return pageMetadata(
        { ...parts.meta(entry), path: source.paths.pathOf(entry.id) },
        (await parts.methodology()).dataSources.sample,
      );
    },
    Page: async (props) => {
      const entry = await entryOf(props);
      if (entry === undefined) notFound();
      const reader = await loadViewer();
      const history = reader === undefined ? undefined : await source.load(reader.token, entry);
      return (
        <>
          <h1>{parts.heading(entry)}</h1>
          <p className="lead">{parts.lead(entry)}</p>
          <NotifyMe market={parts.market} series={entry.id} name={parts.heading(entry)} />
          {history?.state === "answer" && reader !== undefined ? (
            <PlanValues
              parts={parts}
              entry={entry}
              answer={history.answer}
              reader={reader}
              query={await props.searchParams}
              release={await loadReleaseCite(parts.market)}
            />
          ) : history?.state === "none" && reader !== undefined ? (
            <>
              <SignedInNote viewer={reader.viewer} />
              <NoneYet parts={parts} entry={entry} />
            </>
          ) : (
            <>
              <LockedValues
                {...parts.lock}
                viewer={reader?.viewer}
                refused={history?.state === "refused" ? history.refusal : undefined}
              />
              <HowToGetIt
                plansText={parts.lock.plansText}
                request={parts.request(entry)}
                docsHref={routeDocsHref(parts.historyRoute)}
              />
            </>
          )}
        </>
      );
    },
  };
}

/** That the series has no value yet, in the market's words. */
function NoneYet<Entry extends { id: string }, Answer extends SeriesAnswer>({
  parts,
  entry,
}: {
  parts: SeriesPageParts<Entry, Answer>;
  entry: Entry;
}) {
  return (
    <p className="notice" {...{ [`data-${parts.lock.market}-state`]: "no-data" }}>
      {parts.source.noneYet(entry)}
    </p>
  );
}

/** The plan reader's view: latest value, chart with its ranges, sources, CSV, table, citation. */
function PlanValues<Entry extends { id: string }, Answer extends SeriesAnswer>({
  parts,
  entry,
  answer,
  reader,
  query,
  release,
}: {
  parts: SeriesPageParts<Entry, Answer>;
  entry: Entry;
  answer: Answer;
  reader: SignedInReader;
  query: PageQuery;
  release: ReleaseCite | undefined;
}) {
  const { source } = parts;
  const path = source.paths.pathOf(entry.id);
  const view = chartViewOf(path, source.offer(entry), SERIES_PARAM, query);
  const rows: readonly RowOf<Answer>[] = answer.data;
  const { shown } = seriesWindow(rows, source.dayOf, view.offer, view.state);
  const newest = rows.at(-1);
  return (
    <SeriesValues
      viewer={reader.viewer}
      latest={
        newest === undefined ? (
          <NoneYet parts={parts} entry={entry} />
        ) : (
          parts.latest(entry, newest, answer)
        )
      }
      chart={parts.chart(entry, shown, view)}
      sources={parts.sources(answer)}
      csvHref={chartCsvHref(view, source.paths.csvPathOf(entry.id), "shown")}
      rows={shown.length}
      table={parts.table(entry, [...shown].reverse())}
      citation={
        newest === undefined
          ? undefined
          : {
              ...parts.citation(entry),
              valueDate: source.dayOf(newest),
              url: `${readWebEnv().publicSiteUrl}${path}`,
            }
      }
      release={release}
    />
  );
}
