import { SAMPLE_NOTICE } from "@tpi/domain";
import type { GpuProvenance } from "../lib/api-types";
import { GPU_EVIDENCE_LABELS } from "../lib/gpu-constituents";

/**
 * Where the GPU values on a page come from, in the server-rendered HTML: the sample notice when
 * they are the generated sample, and each real source's citation with a link to its licence, as
 * the source's licence requires wherever a number derived from it is shown.
 */
export function GpuProvenanceNote({ provenance }: { provenance: GpuProvenance }) {
  const cited = provenance.sources.filter((entry) => !entry.sample && entry.citation !== null);
  return (
    <div data-gpu-provenance={provenance.sample ? "sample" : "real"}>
      {provenance.sample && (
        <p className="notice" data-gpu-sample-notice>
          <strong>{GPU_EVIDENCE_LABELS.sample}:</strong> {SAMPLE_NOTICE}
        </p>
      )}
      {cited.map((entry) => (
        <SourceCitation
          key={entry.source}
          source={entry.source}
          citation={entry.citation ?? ""}
          licence={entry.licence}
        />
      ))}
    </div>
  );
}

/** One source's citation line with its licence linked (`rel="license"`), as the token pages give OpenRouter's. */
export function SourceCitation({
  source,
  citation,
  licence,
}: {
  source: string;
  citation: string;
  licence: { name: string; url: string } | null;
}) {
  return (
    <p className="source-line" data-gpu-citation={source}>
      {citation}
      {licence !== null && (
        <>
          {" "}
          Licensed under{" "}
          <a href={licence.url} rel="license">
            {licence.name}
          </a>
          .
        </>
      )}
    </p>
  );
}
