import type { Metadata } from "next";
import { DataSourcesTable } from "../../components/data-sources-table";
import { formatFractionPercent, formatUtcDay } from "../../lib/format";
import { loadGpuMethodology } from "./loaders";

export const metadata: Metadata = {
  title: "GPU methodology",
  description:
    "How the GPU compute price index is computed: trade basis, hourly prints over the trailing hour, winsorizing bounds, carried-forward values, the 4 PM New York daily settlement and its UTC stamps, the trades' sources, and methodology versions.",
};

/**
 * The GPU methodology, rendered from the api's `gpu.methodology`: the domain's sections (the same
 * text the chat quotes) with the winsorizing bounds the settlement runs with, never a copy.
 */
export async function GpuMethodologyPage() {
  const doc = await loadGpuMethodology();
  const inForce = doc.history.find((version) => version.version === doc.version);
  return (
    <>
      <h1>GPU methodology</h1>
      <p className="lead">
        GPU methodology version{" "}
        <strong data-gpu-methodology-version={doc.version}>{doc.version}</strong>
        {inForce !== undefined && (
          <>
            , in force from{" "}
            <time dateTime={inForce.effectiveFrom}>{formatUtcDay(inForce.effectiveFrom)}</time>{" "}
            (UTC)
          </>
        )}
        . Values are in {doc.unit}. This page is rendered from the methodology the API runs with;
        the token index has <a href="/methodology">its own methodology</a>.
      </p>
      <nav aria-label="Sections of the GPU methodology">
        <ul>
          {doc.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
          <li>
            <a href="#data-sources">Data sources</a>
          </li>
          <li>
            <a href="#versions">Methodology versions</a>
          </li>
        </ul>
      </nav>
      {doc.sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id}>{section.heading}</h2>
          <p data-gpu-methodology-section={section.id}>{section.text}</p>
          {section.id === "winsorizing" && (
            <p>
              Bounds in force: lower{" "}
              <strong data-winsor-lower={doc.winsor.lower}>
                {formatFractionPercent(doc.winsor.lower, 0)}
              </strong>
              , upper{" "}
              <strong data-winsor-upper={doc.winsor.upper}>
                {formatFractionPercent(doc.winsor.upper, 0)}
              </strong>{" "}
              (percentiles of the hour&apos;s trade prices).
            </p>
          )}
        </section>
      ))}
      <h2 id="data-sources">Data sources</h2>
      <p>
        The stored trades, by source: the generated sample, or the source an operator named when
        importing executed trades. The latest as-of time is the newest trade.
      </p>
      <DataSourcesTable
        dataSources={doc.dataSources}
        caption="The sources of the GPU trades, their UTC days and newest trade"
      />
      <h2 id="versions">Methodology versions</h2>
      <div className="table-wrap">
        <table className="stack" data-table="gpu-methodology-versions">
          <caption>Every GPU methodology version, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">In force from (UTC)</th>
              <th scope="col">What it does</th>
            </tr>
          </thead>
          <tbody>
            {doc.history.map((version) => (
              <tr key={version.version} data-version={version.version}>
                <th scope="row">{version.version}</th>
                <td data-label="In force from (UTC)">
                  <time dateTime={version.effectiveFrom}>
                    {formatUtcDay(version.effectiveFrom)}
                  </time>
                </td>
                <td data-label="What it does">{version.summary}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        The prices themselves: <a href="/gpus">the GPU index</a>.
      </p>
    </>
  );
}
