import type { ReactNode } from "react";
import { CiteThis } from "../components/cite-this";
import { SignedInNote } from "../components/signed-in-note";
import type { Citation } from "../lib/citation";
import type { Viewer } from "../server/viewer";

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
}: {
  viewer: Viewer;
  latest: ReactNode;
  chart: ReactNode;
  sources: ReactNode;
  csvHref: string;
  rows: number;
  table: ReactNode;
  citation: Citation | undefined;
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
      {citation !== undefined && <CiteThis citation={citation} />}
    </>
  );
}
