import type { MarketEntry } from "../kit/market-entry";
import { StackTable } from "../kit/table";
import type { RouterOutputs } from "../lib/api-types";
import { formatUtcInstant } from "../lib/format";
import { MARKETS } from "../markets";
import { UNAVAILABLE, orUnavailable } from "../server/status";
import { apiClient } from "../server/trpc-client";

/** Each market's data as the api reports it (`marketStatus`, the same as `pnpm tpi status`). */
export type MarketDataStatus = RouterOutputs["marketStatus"][number];

/** What each data status means, in words a reader of /status understands. */
const STATUS_TEXT: Record<MarketDataStatus["data"], string> = {
  real: "Real data from its sources",
  sample: "Generated sample, not market data",
  empty: "Nothing published yet",
  loading: "Loading: its first data load is running; its data answers 503 until it finishes",
  stale: "Stale: its first data load stopped unfinished; serving what is stored",
};

/** Every market's data status, or UNAVAILABLE when the api did not answer (the page still renders). */
export function loadMarketDataStatus(): Promise<readonly MarketDataStatus[] | typeof UNAVAILABLE> {
  return orUnavailable(() => apiClient().marketStatus.query());
}

/**
 * The market's name as the site writes it: its index's name where it has one ("Token index"),
 * else its link in the navigation ("Memory"), else the api's name for it.
 */
function labelOf(name: string, markets: readonly MarketEntry[]): string {
  const entry = markets.find((market) => market.name === name);
  const index = entry?.sources?.indexName;
  if (index !== undefined) return `${index.charAt(0).toUpperCase()}${index.slice(1)} index`;
  return entry?.sections[0]?.label ?? name;
}

/** The runs table's columns; on a phone each cell is labelled with its column (a stacked table). */
const RUN_COLUMNS = ["Source", "Started (UTC)", "Result", "Days written", "What happened"] as const;

/** A row of a market's runs table: one run of a source, or a source without any. */
type RunRow = {
  source: string;
  run: MarketDataStatus["sources"][number]["runs"][number] | undefined;
};

/** The as-of time; a generated sample has none (it was made, not read from a source). */
function asOfText(status: MarketDataStatus): string {
  if (status.asOf !== null) return formatUtcInstant(status.asOf);
  return status.data === "sample"
    ? "None: a generated sample is not read from a source"
    : "Unknown";
}

/**
 * /status's part on each market's data: its status, what is loaded and as of when, and a table
 * of its sources' latest runs (one row per run: the source heads the row).
 */
export function MarketDataStatusSection({
  statuses,
  markets = MARKETS,
}: {
  statuses: readonly MarketDataStatus[] | typeof UNAVAILABLE;
  markets?: readonly MarketEntry[];
}) {
  return (
    <section aria-labelledby="market-data" data-section="market-data">
      <h2 id="market-data">Each market&apos;s data</h2>
      {statuses === UNAVAILABLE ? (
        <p data-market-data="unavailable">Unavailable: the api did not answer.</p>
      ) : (
        statuses.map((status) => {
          const label = labelOf(status.market, markets);
          const headingId = `market-data-${status.market}`;
          // One row per run, each source's newest first; a source without a run says so.
          const rows = status.sources.flatMap(({ source, runs }): RunRow[] =>
            runs.length === 0 ? [{ source, run: undefined }] : runs.map((run) => ({ source, run })),
          );
          return (
            <section
              className="market-data"
              key={status.market}
              aria-labelledby={headingId}
              data-market={status.market}
              data-data-status={status.data}
            >
              <h3 id={headingId}>{label}</h3>
              <dl className="market-data-facts">
                <dt>Data</dt>
                <dd>{STATUS_TEXT[status.data]}</dd>
                <dt>Loaded</dt>
                <dd>{status.loaded}</dd>
                <dt>As of</dt>
                <dd data-as-of={status.asOf ?? ""}>{asOfText(status)}</dd>
              </dl>
              {status.sources.length === 0 ? (
                <p>No source of this market logs its runs.</p>
              ) : (
                <StackTable
                  name={`runs-${status.market}`}
                  caption={`${label}: latest runs of its sources`}
                  columns={RUN_COLUMNS}
                >
                  {rows.map(({ source, run }) =>
                    run === undefined ? (
                      <tr key={source} data-source={source} data-run="none">
                        <th scope="row">{source}</th>
                        <td colSpan={RUN_COLUMNS.length - 1} data-label="Runs">
                          No run logged
                        </td>
                      </tr>
                    ) : (
                      <tr key={run.id} data-source={source} data-run={run.id}>
                        <th scope="row">{source}</th>
                        <td data-label={RUN_COLUMNS[1]}>{formatUtcInstant(run.startedAt)}</td>
                        <td data-label={RUN_COLUMNS[2]}>
                          {run.finishedAt === null ? "running" : run.outcome}
                        </td>
                        <td data-label={RUN_COLUMNS[3]}>{run.daysWritten}</td>
                        <td className="run-message" data-label={RUN_COLUMNS[4]}>
                          {run.message === "" ? "—" : run.message}
                        </td>
                      </tr>
                    ),
                  )}
                </StackTable>
              )}
            </section>
          );
        })
      )}
    </section>
  );
}
