import type { Metadata } from "next";
import { formatUtcDay, formatUtcInstant } from "../../src/lib/format";
import { loadHealth, loadPublishedStatus } from "../../src/server/status";

export const metadata: Metadata = {
  title: "Service status",
  description:
    "Whether the Token Price Index api, its database and its cache answer, and the latest published token and GPU values.",
};

/** A status page is only worth reading live: rendered on each request, never cached. */
export const dynamic = "force-dynamic";

function instantText(value: string | undefined | "unavailable", format: (v: string) => string) {
  if (value === "unavailable") return "Unavailable: the api did not answer";
  if (value === undefined) return "None published yet";
  return format(value);
}

export default async function StatusPage() {
  const [health, published] = await Promise.all([loadHealth(), loadPublishedStatus()]);
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
            <tr data-status="token-day" data-value={published.tokenDay ?? ""}>
              <th scope="row">Token index: latest settled day (UTC)</th>
              <td>{instantText(published.tokenDay, formatUtcDay)}</td>
            </tr>
            <tr data-status="gpu-daily" data-value={published.gpuDaily ?? ""}>
              <th scope="row">GPU index: latest settled daily value (UTC)</th>
              <td>{instantText(published.gpuDaily, formatUtcInstant)}</td>
            </tr>
            {published.gpuPrints.map((entry) => (
              <tr key={entry.gpu} data-status="gpu-print" data-value={entry.timestamp ?? ""}>
                <th scope="row">{entry.gpu}: latest hourly print (UTC)</th>
                <td>{instantText(entry.timestamp, formatUtcInstant)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
