import { UtcInstant } from "../../components/utc-instant";
import { formatUsd, formatUtcInstant } from "../../lib/format";
import type { GpuDetail } from "./api-types";

/*
 * A free GPU's hourly prints: the latest print and the rolling 24-hour average as cards, and
 * the trailing 24 prints as a table.
 */

/** The latest print and the rolling average, or a notice when neither has been published. */
export function LatestPrintCards({ detail }: { detail: GpuDetail }) {
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
            {latest.is_carried ? " (carried forward: no new evidence that hour)" : ""}
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

/** The trailing 24 hourly prints, newest first, each marked when carried forward. */
export function HourlyPrintsTable({ detail }: { detail: GpuDetail }) {
  if (detail.hourly === null) return null;
  const rows = [...detail.hourly.data].reverse();
  return (
    <>
      <h2>The trailing 24 hourly prints</h2>
      <p>
        A print rests on the hour before it: the volume-weighted mean price of its executed trades,
        otherwise the median of the providers&apos; posted on-demand prices (quotes), otherwise the
        sample&apos;s trades. An hour without any of them carries the previous print forward and is
        marked carried.
      </p>
      <p data-hourly-evidence>
        These prints rest on <strong>{evidenceSummary(rows)}</strong>.
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
                <td data-basis={row.basis} data-sources={row.sources.join(" ")}>
                  {row.is_carried ? "Yes: no new evidence" : "No"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * What the shown prints rest on, each basis with its sources: "quotes (gpurentalprices)", or
 * "trades (sample) and quotes (gpurentalprices)" when the window spans both. The table stays three
 * columns so that it fits a phone.
 */
function evidenceSummary(rows: readonly { basis: string; sources: readonly string[] }[]): string {
  const sourcesByBasis = new Map<string, Set<string>>();
  for (const row of rows) {
    const sources = sourcesByBasis.get(row.basis) ?? new Set<string>();
    for (const source of row.sources) sources.add(source);
    sourcesByBasis.set(row.basis, sources);
  }
  return [...sourcesByBasis.entries()]
    .map(([basis, sources]) => `${basis} (${[...sources].sort().join(", ")})`)
    .join(" and ");
}
