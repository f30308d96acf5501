import type { DataSources } from "../lib/api-types";
import { formatUtcDay, formatUtcInstant } from "../lib/format";

/** Every source behind an index's published data, its days and the citation its licence requires. */
export function DataSourcesTable({
  dataSources,
  caption,
}: {
  dataSources: DataSources;
  caption: string;
}) {
  if (dataSources.sources.length === 0) {
    return <p>No source has data yet.</p>;
  }
  return (
    <>
      {dataSources.sample && dataSources.notice !== null && (
        <p className="notice" data-sample-notice>
          {dataSources.notice}
        </p>
      )}
      <div className="table-wrap">
        <table className="stack" data-table="data-sources">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Source</th>
              <th scope="col">Days (UTC)</th>
              <th scope="col">Latest as of</th>
              <th scope="col">Citation</th>
            </tr>
          </thead>
          <tbody>
            {dataSources.sources.map((entry) => (
              <tr key={entry.source} data-source={entry.source}>
                <th scope="row">
                  {/* One child: a stacked row's header is a flex box that would part the words. */}
                  <span>
                    <code>{entry.source}</code>
                    {entry.sample && " (sample)"}
                  </span>
                </th>
                <td data-label="Days (UTC)">
                  {entry.days} day{entry.days === 1 ? "" : "s"}
                  {entry.firstDay !== null && entry.lastDay !== null && (
                    <>
                      , {formatUtcDay(entry.firstDay)} to {formatUtcDay(entry.lastDay)}
                    </>
                  )}
                </td>
                <td data-label="Latest as of">
                  {entry.latestAsOf === null ? (
                    "n/a"
                  ) : (
                    <time dateTime={entry.latestAsOf}>{formatUtcInstant(entry.latestAsOf)}</time>
                  )}
                </td>
                <td data-label="Citation">
                  {entry.citation ?? "none required"}
                  {entry.licence !== null && (
                    <>
                      {" "}
                      Licensed under{" "}
                      <a href={entry.licence.url} rel="license">
                        {entry.licence.name}
                      </a>
                      .
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
