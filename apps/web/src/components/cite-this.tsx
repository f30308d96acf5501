import { citationText, type Citation } from "../lib/citation";

/** "Cite this": the attribution the CC BY 4.0 licence asks for, ready to copy. */
export function CiteThis({ citation }: { citation: Citation }) {
  return (
    <section aria-labelledby="cite-heading" data-cite={citation.valueDate}>
      <h2 id="cite-heading">Cite this</h2>
      <p className="cite-line" data-citation-text>
        {citationText(citation)}
      </p>
    </section>
  );
}
