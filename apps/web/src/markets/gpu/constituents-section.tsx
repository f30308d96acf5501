import { formatUsd, formatUtcDay, formatUtcInstant } from "../../lib/format";
import type { GpuConstituentRow, GpuConstituents } from "./api-types";
import {
  BACKFILLED_LABEL,
  BACKFILLED_TEXT,
  GPU_EVIDENCE_LABELS,
  constituentIncluded,
  constituentPrice,
  constituentStatus,
  gpuEvidenceOf,
} from "./constituents";
import { GPU_METHODOLOGY_PATH } from "./paths";
import { GpuProvenanceNote } from "./provenance-note";
import { FoldedTable } from "../../kit/folded-table";

/**
 * The constituents of a settled GPU day: every posted offer considered (its provider, tier, price
 * and prints, included or why not) or, on a trade-based day, each provider's trades; what the day
 * rests on, whether it was back-filled, the CSV of the same rows and the sources' citations.
 */
export function GpuConstituentsSection({
  body,
  csvHref,
}: {
  body: GpuConstituents;
  csvHref: string;
}) {
  const evidence = gpuEvidenceOf(body.basis, body.provenance);
  const day = formatUtcDay(body.date);
  return (
    <section
      aria-labelledby="gpu-constituents-heading"
      data-gpu-constituents={body.date}
      data-basis={evidence}
      data-backfilled={body.backfilled}
    >
      <h2 id="gpu-constituents-heading">
        Constituents on <time dateTime={body.date}>{day}</time>
      </h2>
      <p>
        What {body.gpuName}&apos;s value for the latest settled New York day was computed from:{" "}
        <strong data-evidence>{GPU_EVIDENCE_LABELS[evidence]}</strong> ({formatUsd(body.indexValue)}{" "}
        per GPU-hour), from {body.providerCount} providers, {body.offerCount} offers and{" "}
        {body.tradeCount} trades (methodology {body.methodologyVersion}; see the{" "}
        <a href={GPU_METHODOLOGY_PATH}>GPU methodology</a>).
      </p>
      {body.backfilled && (
        <p className="notice" data-backfilled-notice>
          <strong>{BACKFILLED_LABEL}:</strong> this day was {BACKFILLED_TEXT}.
        </p>
      )}
      {body.data.length === 0 ? (
        <p className="notice">No offer or trade was recorded for this day.</p>
      ) : (
        <>
          <ConstituentsTable body={body} day={day} />
          <p>
            <a href={csvHref} download data-constituents-csv>
              Download these {body.data.length} rows as CSV
            </a>
          </p>
        </>
      )}
      <GpuProvenanceNote provenance={body.provenance} />
    </section>
  );
}

function ConstituentsTable({ body, day }: { body: GpuConstituents; day: string }) {
  return (
    <FoldedTable rows={body.data.length}>
      <table className="stack" data-table="gpu-constituents">
        <caption>
          {body.gpuName} constituents on {day} (prices in USD per GPU-hour)
        </caption>
        <thead>
          <tr>
            <th scope="col">Provider</th>
            <th scope="col">Tier</th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Prints or trades
            </th>
            <th scope="col">Included or excluded</th>
            <th scope="col">Source (snapshot as of)</th>
          </tr>
        </thead>
        <tbody>
          {body.data.map((row, index) => (
            <ConstituentRow key={`${row.source}:${row.provider}:${index}`} row={row} />
          ))}
        </tbody>
      </table>
    </FoldedTable>
  );
}

/** Quote rows count the prints the offer entered; trade rows count trades and GPU-hours. */
function evidenceText(row: GpuConstituentRow): string {
  if (row.kind === "quote") return `${row.prints} print${row.prints === 1 ? "" : "s"}`;
  return `${row.tradeCount} trade${row.tradeCount === 1 ? "" : "s"}, ${row.gpuHours} GPU-hours`;
}

function ConstituentRow({ row }: { row: GpuConstituentRow }) {
  const price = constituentPrice(row);
  const included = constituentIncluded(row);
  return (
    <tr
      data-kind={row.kind}
      data-provider={row.provider}
      data-included={included}
      data-exclusion={row.kind === "quote" ? (row.exclusionReason ?? "") : ""}
    >
      <th scope="row">{row.provider}</th>
      <td data-label="Tier">
        {row.kind === "quote" ? row.tier : "executed trades"}
        {row.kind === "quote" && row.offer !== "" && <span className="muted"> ({row.offer})</span>}
      </td>
      <td className="num" data-label="Price" data-price={price}>
        {formatUsd(price)}
      </td>
      <td className="num" data-label="Prints or trades">
        {evidenceText(row)}
      </td>
      <td data-label="Included or excluded">{constituentStatus(row)}</td>
      <td data-label="Source">
        <code>{row.source}</code>
        {/* A day's prints read several snapshots of a source: the same offer appears once per snapshot. */}
        {row.kind === "quote" && (
          <span className="muted" data-snapshot-as-of={row.snapshotAsOf}>
            {" "}
            ({formatUtcInstant(row.snapshotAsOf)})
          </span>
        )}
      </td>
    </tr>
  );
}
