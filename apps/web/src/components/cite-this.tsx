import { datasetHref } from "../lib/bulk-files";
import { citationText, type Citation } from "../lib/citation";
import type { ReleaseCite } from "../server/releases";

/**
 * "Cite this": the attribution the CC BY 4.0 licence asks for, ready to copy; with the latest
 * release (`release`: its citation line and the market's bulk files on /downloads), so that a
 * study can cite the numbers as that release holds them and read the whole history in one file.
 */
export function CiteThis({
  citation,
  release,
}: {
  citation: Citation;
  release: ReleaseCite | undefined;
}) {
  return (
    <section aria-labelledby="cite-heading" data-cite={citation.valueDate}>
      <h2 id="cite-heading">Cite this</h2>
      <p className="cite-line" data-citation-text>
        {citationText(citation)}
      </p>
      {release !== undefined && (
        <>
          <p>
            To cite the data a study used, name the release it was read from (the numbers as first
            published that day, never rewritten):
          </p>
          <p className="cite-line" data-release-citation={release.release}>
            {release.citation}
          </p>
          {release.datasets.length > 0 && (
            <p data-bulk-files>
              The whole history in one file (CSV or Parquet, with checksums):{" "}
              {release.datasets.map((dataset, index) => (
                <span key={dataset.name}>
                  {index > 0 && ", "}
                  <a href={datasetHref(dataset)} data-bulk-dataset={dataset.name}>
                    {dataset.title}
                  </a>
                </span>
              ))}
              .
            </p>
          )}
        </>
      )}
    </section>
  );
}
