import type { Metadata } from "next";
import { formatUtcDay, formatUtcInstant } from "../../src/lib/format";
import { sourceCitations } from "../../src/lib/provenance";
import { UNAVAILABLE, loadHealth } from "../../src/server/status";
import { MarketDataStatusSection, loadMarketDataStatus } from "../../src/site/market-data-status";
import { loadMarketStatus } from "../../src/site/market-status";
import { SampleRemedies, sampleStatement } from "../../src/site/site-chrome";
import { loadSiteSources, type SiteSources } from "../../src/site/site-sources";

export const metadata: Metadata = {
  title: "Service status",
  description:
    "Whether the Token Price Index api, its database and its cache answer, the latest published values, and each market's data status and its sources' latest runs.",
};

/** A status page is only worth reading live: rendered on each request, never cached. */
export const dynamic = "force-dynamic";

/** A reading as the page's data attribute: the value, "" for none, "unavailable" when the api did not answer. */
function valueAttribute(value: string | undefined | typeof UNAVAILABLE): string {
  return value === UNAVAILABLE ? "unavailable" : (value ?? "");
}

function instantText(
  value: string | undefined | typeof UNAVAILABLE,
  format: (v: string) => string,
) {
  if (value === UNAVAILABLE) return "Unavailable: the api did not answer";
  if (value === undefined) return "None published yet";
  return format(value);
}

export default async function StatusPage() {
  const [health, readings, marketData, dataSources] = await Promise.all([
    loadHealth(),
    loadMarketStatus(),
    loadMarketDataStatus(),
    loadSiteSources().catch(() => "unreachable" as const),
  ]);
  return (
    <>
      <h1>Service status</h1>
      <p className="lead">
        Read from the api&apos;s <code>GET /health</code> and its published values when this page
        was rendered.
      </p>
      <div className="table-wrap">
        <table data-table="status">
          <caption>Service and data status</caption>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            <tr data-status="api">
              <th scope="row">API</th>
              <td>
                {health.reachable
                  ? `${health.status} (HTTP ${health.httpStatus})`
                  : `Unreachable: ${health.error}`}
              </td>
            </tr>
            <tr data-status="database">
              <th scope="row">Database</th>
              <td>{health.reachable ? health.database : "Unknown"}</td>
            </tr>
            <tr data-status="redis">
              <th scope="row">Redis (shared rate limits and cache)</th>
              <td>{health.reachable ? health.redis : "Unknown"}</td>
            </tr>
            {readings.map((reading) => (
              <tr
                key={`${reading.status} ${reading.label}`}
                data-status={reading.status}
                data-value={valueAttribute(reading.value)}
              >
                <th scope="row">{reading.label}</th>
                <td>
                  {instantText(
                    reading.value,
                    reading.kind === "day" ? formatUtcDay : formatUtcInstant,
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MarketDataStatusSection statuses={marketData} />
      <DataSourcesSection dataSources={dataSources} />
    </>
  );
}

/**
 * Where the numbers come from, and, while any index rests on the generated sample, what the
 * operator does to publish real data instead (the sample banner on every page links here).
 */
function DataSourcesSection({
  dataSources,
}: {
  dataSources: SiteSources | undefined | "unreachable";
}) {
  const statement =
    dataSources === "unreachable" || dataSources === undefined
      ? undefined
      : sampleStatement(dataSources);
  const citations =
    dataSources === "unreachable" || dataSources === undefined
      ? []
      : dataSources.flatMap((market) => sourceCitations(market.answer));
  return (
    <section aria-labelledby="data-sources" data-section="data-sources">
      <h2 id="data-sources">Where the numbers come from</h2>
      {dataSources === "unreachable" || dataSources === undefined ? (
        <p>Unknown: the api did not answer.</p>
      ) : (
        <>
          {statement !== undefined && (
            <p data-sample-statement>{`${statement.title}: ${statement.text}`}</p>
          )}
          {citations.map((entry) => (
            <p key={entry.source} data-citation={entry.source}>
              {entry.citation}
            </p>
          ))}
          {statement !== undefined && (
            <>
              <h3>For the operator of this site</h3>
              <SampleRemedies dataSources={dataSources} />
            </>
          )}
        </>
      )}
    </section>
  );
}
