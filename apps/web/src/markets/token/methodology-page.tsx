import type { Metadata } from "next";
import { Fragment, type ReactNode } from "react";
import { DataSourcesTable } from "../../components/data-sources-table";
import { formatUtcDay } from "../../lib/format";
import { loadMethodology } from "./loaders";
import { formatInputShare } from "./provenance";

export const metadata: Metadata = {
  title: "Methodology",
  description:
    "How the Token Price Index is computed: the formula, estimated input/output splits, price snapshots, data sources, which models are eligible, data sufficiency, settlement lag, restatements and methodology versions.",
};

/** The methodology text marks identifiers with backticks; show them as code. */
function withCode(text: string): ReactNode {
  return text
    .split("`")
    .map((part, index) =>
      index % 2 === 1 ? <code key={index}>{part}</code> : <Fragment key={index}>{part}</Fragment>,
    );
}

export async function MethodologyPage() {
  const doc = await loadMethodology();
  const inForce = doc.history.find((version) => version.version === doc.version);
  return (
    <>
      <h1>Methodology</h1>
      <p className="lead">
        Methodology version <strong data-methodology-version={doc.version}>{doc.version}</strong>
        {inForce !== undefined && (
          <>
            , in force from{" "}
            <time dateTime={inForce.effectiveFrom} data-methodology-effective-from>
              {formatUtcDay(inForce.effectiveFrom)}
            </time>{" "}
            (UTC)
          </>
        )}
        . Values are in {doc.unit}. This page is rendered from the same methodology document the API
        publishes, built from the rules the index runs with.
      </p>
      <p>
        This page covers the token price index. The GPU compute price index has its own:{" "}
        <a href="/methodology/gpu">GPU methodology</a>.
      </p>

      <h2 id="formula">Formula</h2>
      <p>For each lab and UTC day:</p>
      <pre className="wrap">
        <code>{doc.formula}</code>
      </pre>

      <h2 id="estimated-split">Input and output tokens when a source reports only totals</h2>
      <p>
        Configured input share:{" "}
        <strong data-estimated-input-share={doc.estimatedSplit.inputShare}>
          {formatInputShare(doc.estimatedSplit.inputShare)}
        </strong>{" "}
        of a model-day&apos;s total tokens (in force from{" "}
        <time dateTime={doc.estimatedSplit.effectiveFrom}>
          {formatUtcDay(doc.estimatedSplit.effectiveFrom)}
        </time>
        ).
      </p>
      <p data-estimated-split-rule>{withCode(doc.estimatedSplit.rule)}</p>

      <h2 id="prices">Prices</h2>
      <p>
        Price snapshot window:{" "}
        <strong data-snapshot-window-hours={doc.pricing.snapshotWindowHours}>
          {doc.pricing.snapshotWindowHours} hours
        </strong>{" "}
        after the UTC day ends. Each constituent says how its prices were obtained:
      </p>
      <ReasonTable
        caption="How a model-day's prices were obtained (price basis)"
        reasons={doc.pricing.priceBases}
        codeHeading="Price basis"
      />

      <h2 id="data-sources">Data sources</h2>
      <DataSourcesTable
        dataSources={doc.dataSources}
        caption="The sources of the published data, their UTC days and citations"
      />

      <h2 id="eligibility">Eligibility</h2>
      <p>A model counts towards its lab&apos;s index only when none of these applies:</p>
      <ReasonTable
        caption="Reasons a model is excluded from a day's index"
        reasons={doc.eligibility.exclusionReasons}
      />
      <p>
        Excluded model patterns (<code>*</code> matches any characters):{" "}
        {doc.eligibility.excludedModelPatterns.length === 0
          ? "none."
          : doc.eligibility.excludedModelPatterns.map((pattern, index) => (
              <Fragment key={pattern}>
                {index > 0 && ", "}
                <code>{pattern}</code>
              </Fragment>
            ))}
      </p>

      <h2 id="sufficiency">Data sufficiency</h2>
      <p>
        A lab-day is published only with at least {doc.sufficiency.minEligibleModels} eligible
        model(s) and {doc.sufficiency.minEligibleTokens.toLocaleString("en-US")} eligible token(s).
        Otherwise no value is published for that day:
      </p>
      <ReasonTable
        caption="Reasons a lab-day has no published value"
        reasons={doc.sufficiency.suppressionReasons}
      />

      <h2 id="settlement">Settlement</h2>
      <p>
        Settlement lag:{" "}
        <strong data-settlement-lag-hours={doc.settlement.lagHours}>
          {doc.settlement.lagHours} hours
        </strong>
        . {doc.settlement.calendar}
      </p>

      <h2 id="restatements">Restatements</h2>
      <p>
        Materiality threshold:{" "}
        <strong data-materiality-percent={doc.restatements.materialityThresholdPercent}>
          {doc.restatements.materialityThresholdPercent}%
        </strong>
        . {doc.restatements.policy}
      </p>

      <h2 id="versions">Methodology versions</h2>
      <div className="table-wrap">
        <table>
          <caption>Every methodology version and the first UTC day it applies to</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Effective from (UTC)</th>
              <th scope="col">Summary</th>
            </tr>
          </thead>
          <tbody>
            {doc.history.map((version) => (
              <tr key={version.version}>
                <th scope="row">{version.version}</th>
                <td>
                  <time dateTime={version.effectiveFrom}>
                    {formatUtcDay(version.effectiveFrom)}
                  </time>
                </td>
                <td>{withCode(version.summary)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A captioned table of codes and what they mean (exclusions, suppressions, price bases). */
function ReasonTable({
  caption,
  reasons,
  codeHeading = "Reason code",
}: {
  caption: string;
  reasons: Record<string, string>;
  codeHeading?: string;
}) {
  return (
    <div className="table-wrap">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{codeHeading}</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(reasons).map(([code, meaning]) => (
            <tr key={code}>
              <th scope="row">
                <code>{code}</code>
              </th>
              <td>{withCode(meaning)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
