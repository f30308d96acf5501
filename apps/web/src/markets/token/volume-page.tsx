import type { Metadata } from "next";
import { GROWTH_INDEX_BASE, labLabel } from "@tpi/domain";
import { LineChart } from "../../components/line-chart";
import { formatGrowthIndex, formatShare, formatTokens, formatUtcDay } from "../../lib/format";
import { loadRecentTokenVolume } from "./loaders";
import { StackTable, type ColumnHead } from "../../kit/table";
import { newestDayFirst, VOLUME_CSV_PATH, volumeShareSeries } from "./volume";

export const metadata: Metadata = {
  title: "Token volume",
  description:
    "Tokens behind each lab's settled index value: each free-tier lab's share of the free-tier labs' tokens and its volume growth since its first published day, over the latest settled days, charted and as a CSV download.",
};

/** The number columns both tables show of a lab-day. */
const VOLUME_NUMBER_COLUMNS: readonly ColumnHead[] = [
  { num: "Tokens" },
  { num: "Share of free-tier labs" },
  { num: "Growth index" },
];

/**
 * The token volume index for the free-tier labs, rendered on the server (no JavaScript needed):
 * a chart of each lab's share, the latest share and growth per lab, then every lab-day of the
 * latest settled days in a closed <details> (on a phone each lab-day is a block of five lines,
 * a hundred of them open would bury the footer) and in the CSV. The full series of every lab is
 * `GET /api/token-volume` (with a key).
 */
export async function VolumePage() {
  const view = await loadRecentTokenVolume();
  if (view.startDate === null || view.endDate === null) {
    return (
      <>
        <h1>Token volume</h1>
        <p className="notice" data-volume-state="no-data">
          No settled day has been published yet.
        </p>
      </>
    );
  }
  const baseOf = new Map(view.baselines.map((base) => [base.lab, base]));
  // Newest day first, catalog order within a day (the rows come date ascending, then catalog order).
  const newestFirst = newestDayFirst(view.rows);
  return (
    <>
      <h1>Token volume</h1>
      <p className="lead">
        The tokens each lab&apos;s settled index value was computed from. The share is the
        lab&apos;s part of the free-tier labs&apos; tokens that day (labs without a published value
        that day are left out); the growth index is {GROWTH_INDEX_BASE} on the lab&apos;s first
        published day.
      </p>
      <LineChart
        id="volume-share"
        title="Each lab's share of the free-tier labs' tokens"
        series={volumeShareSeries(view.rows)}
        valueKind="percent"
        unit="Share of the free-tier labs' tokens, percent"
        axisDecimals={1}
      />
      <p>
        <a className="button" href={VOLUME_CSV_PATH} download data-csv>
          Download all {view.rows.length} lab-days as CSV
        </a>
      </p>
      <div className="table-wrap">
        <StackTable
          name="volume-latest"
          caption="Latest settled share and growth per lab"
          columns={["Lab", "Day (UTC)", ...VOLUME_NUMBER_COLUMNS, "Base day"]}
        >
          {view.latest.map((row) => {
            const base = baseOf.get(row.lab);
            return (
              <tr key={row.lab} data-lab={row.lab}>
                <th scope="row">
                  <a href={`/labs/${row.lab}`}>{labLabel(row.lab)}</a>
                </th>
                <td data-label="Day (UTC)">
                  <time dateTime={row.date}>{formatUtcDay(row.date)}</time>
                </td>
                <td className="num" data-label="Tokens" data-value={row.totalTokens}>
                  {formatTokens(row.totalTokens)}
                </td>
                <td
                  className="num"
                  data-label="Share of free-tier labs"
                  data-share={row.share ?? ""}
                >
                  {formatShare(row.share)}
                </td>
                <td className="num" data-label="Growth index" data-growth={row.growthIndex ?? ""}>
                  {formatGrowthIndex(row.growthIndex)}
                </td>
                <td data-label="Base day">
                  {base === undefined ? (
                    "n/a"
                  ) : (
                    <time dateTime={base.date}>{formatUtcDay(base.date)}</time>
                  )}
                </td>
              </tr>
            );
          })}
        </StackTable>
      </div>
      <h2>The last {view.days} settled days</h2>
      <details className="volume-days" data-volume-days>
        <summary>
          Show every lab-day, {formatUtcDay(view.startDate)} to {formatUtcDay(view.endDate)} (
          {newestFirst.length} rows)
        </summary>
        <div className="table-wrap">
          <StackTable
            name="volume-days"
            caption={
              <>
                Tokens, share and growth per lab and settled day, {formatUtcDay(view.startDate)} to{" "}
                {formatUtcDay(view.endDate)}, newest first
              </>
            }
            columns={["Day (UTC)", "Lab", ...VOLUME_NUMBER_COLUMNS]}
          >
            {newestFirst.map((row) => (
              <tr key={`${row.date}|${row.lab}`} data-date={row.date} data-lab={row.lab}>
                <td data-label="Day (UTC)">
                  <time dateTime={row.date}>{formatUtcDay(row.date)}</time>
                </td>
                <th scope="row">{labLabel(row.lab)}</th>
                <td className="num" data-label="Tokens" data-value={row.totalTokens}>
                  {formatTokens(row.totalTokens)}
                </td>
                <td className="num" data-label="Share of free-tier labs">
                  {formatShare(row.share)}
                </td>
                <td className="num" data-label="Growth index">
                  {formatGrowthIndex(row.growthIndex)}
                </td>
              </tr>
            ))}
          </StackTable>
        </div>
      </details>
      <p className="muted">
        The free-tier labs are shown; the closed labs&apos; series is{" "}
        <code>GET /api/token-volume?startDate=…&amp;endDate=…</code> with an API key, every
        lab&apos;s with <code>&amp;labs=all</code> (see the <a href="/docs">API docs</a>).
      </p>
    </>
  );
}
