import { SAMPLE_NOTICE } from "@tpi/domain";
import { SourceCitations } from "../../kit/sources";
import type { GpuProvenance } from "./api-types";
import { GPU_EVIDENCE_LABELS } from "./constituents";

/**
 * Where the GPU values on a page come from, in the server-rendered HTML: the sample notice when
 * they are the generated sample, and each real source's citation with a link to its licence, as
 * the source's licence requires wherever a number derived from it is shown.
 */
export function GpuProvenanceNote({ provenance }: { provenance: GpuProvenance }) {
  return (
    <div data-gpu-provenance={provenance.sample ? "sample" : "real"}>
      {provenance.sample && (
        <p className="notice" data-gpu-sample-notice>
          <strong>{GPU_EVIDENCE_LABELS.sample}:</strong> {SAMPLE_NOTICE}
        </p>
      )}
      <SourceCitations sources={provenance.sources} market="gpu" />
    </div>
  );
}
