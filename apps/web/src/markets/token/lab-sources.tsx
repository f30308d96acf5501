import { provenanceOf } from "@tpi/domain";
import { CitationLine } from "../../kit/sources";
import { formatTokens, formatUsd, formatUtcDay } from "../../lib/format";
import type { Constituents, SourceDay } from "./api-types";
import { tokenShares } from "./lab-window";
import { formatInputShare, formatShare, type DayProvenance } from "./provenance";

/**
 * What stands under a lab's numbers: the citation of the days shown, the coverage of the latest
 * day, and the models the latest settled day was computed from.
 */

/** The citation line of the latest day shown (its source's `as_of`), with the source's licence. */
export function DaysCitation({
  date,
  provenance,
}: {
  date: string;
  provenance: DayProvenance | undefined;
}) {
  if (provenance === undefined || provenance.citation === "") return null;
  return (
    <CitationLine
      citation={provenance.citation}
      licence={provenanceOf(provenance.source, provenance.asOf || null).licence}
      mark={{ "data-days-citation": date }}
    />
  );
}

/** How much of the day's traffic the source's named top models carry, and the tracked labs' share. */
export function CoverageLine({ day }: { day: SourceDay | undefined }) {
  if (day === undefined) return null;
  return (
    <p
      className="source-line"
      data-coverage={day.date}
      data-listed-share={day.listedShare ?? ""}
      data-tracked-share={day.trackedShare ?? ""}
    >
      Coverage on <time dateTime={day.date}>{formatUtcDay(day.date)}</time> (
      <code>{day.source}</code>): the top models the source lists by name carried{" "}
      <strong>{formatShare(day.listedShare)}</strong> of the day&apos;s tokens (the rest is its
      aggregated &ldquo;other&rdquo; row); models of the labs this index tracks carried{" "}
      <strong>{formatShare(day.trackedShare)}</strong>.
    </p>
  );
}

function splitText(row: Constituents["data"][number]): string {
  if (row.split === "reported") return "reported";
  return row.inputShare === null
    ? "estimated"
    : `estimated, ${formatInputShare(row.inputShare)} input`;
}

function priceText(price: number | null): string {
  return price === null ? "n/a" : formatUsd(price);
}

/** The constituents of one settled lab-day: every model considered, its inputs and its weight or why it was left out. */
export function ConstituentsSection({ label, body }: { label: string; body: Constituents }) {
  const shares = tokenShares(body.data);
  return (
    <section aria-labelledby="constituents-heading" data-constituents={body.date}>
      <h2 id="constituents-heading">
        Constituents on <time dateTime={body.date}>{formatUtcDay(body.date)}</time>
      </h2>
      <p>
        The models {label}&apos;s value for the latest settled day was computed from, with the
        prices and tokens each contributed (token share: of every model observed that day, excluded
        ones included; weight: in the index, eligible models only; methodology{" "}
        {body.methodologyVersion}; see the{" "}
        <a href="/methodology#estimated-split">estimated split</a> and{" "}
        <a href="/methodology#prices">price basis</a> rules).
      </p>
      {body.data.length === 0 ? (
        <p className="notice">No model was observed for this day.</p>
      ) : (
        <div className="table-wrap">
          <table className="stack" data-table="constituents">
            <caption>
              {label} constituents on {formatUtcDay(body.date)} (prices in USD per million tokens)
            </caption>
            <thead>
              <tr>
                <th scope="col">Model</th>
                <th scope="col" className="num">
                  Input price
                </th>
                <th scope="col" className="num">
                  Output price
                </th>
                <th scope="col" className="num">
                  Tokens
                </th>
                <th scope="col" className="num">
                  Token share
                </th>
                <th scope="col">Split</th>
                <th scope="col">Price basis</th>
                <th scope="col">Weight or exclusion</th>
              </tr>
            </thead>
            <tbody>
              {body.data.map((row, index) => (
                <tr key={row.modelId} data-model={row.modelId} data-split={row.split}>
                  <th scope="row">
                    <code>{row.modelId}</code>
                  </th>
                  <td className="num" data-label="Input price">
                    {priceText(row.inputPricePerMtok)}
                  </td>
                  <td className="num" data-label="Output price">
                    {priceText(row.outputPricePerMtok)}
                  </td>
                  <td className="num" data-label="Tokens" data-total-tokens={row.totalTokens}>
                    {formatTokens(row.totalTokens)}
                  </td>
                  <td
                    className="num"
                    data-label="Token share"
                    data-token-share={shares[index] ?? ""}
                  >
                    {formatShare(shares[index] ?? null)}
                  </td>
                  <td data-label="Split">{splitText(row)}</td>
                  <td data-label="Price basis">
                    <abbr title={row.priceBasisDescription}>{row.priceBasis}</abbr>
                  </td>
                  <td data-label="Weight or exclusion" data-exclusion={row.exclusionReason ?? ""}>
                    {row.exclusionReason === null
                      ? formatShare(row.weight)
                      : `excluded: ${row.exclusionDescription ?? row.exclusionReason}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {body.provenance.citation !== null && (
        <p className="source-line" data-constituents-citation>
          {body.provenance.citation}
        </p>
      )}
    </section>
  );
}
