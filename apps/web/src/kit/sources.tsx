import { DocsInline } from "../components/docs-text";
import { formatUtcInstant } from "../lib/format";

/** A licence a source's data comes under, as the api's `dataSources` name it. */
export type SourceLicence = { name: string; url: string } | null;

/** `Licensed under CC BY 4.0.` (or `Licence: …`): the link a reuse needs, after a citation. */
export function LicenceNote({
  licence,
  lead = "Licensed under",
}: {
  licence: SourceLicence;
  lead?: "Licensed under" | "Licence:";
}) {
  if (licence === null) return null;
  return (
    <>
      {" "}
      {lead}{" "}
      <a href={licence.url} rel="license">
        {licence.name}
      </a>
      .
    </>
  );
}

/** A data attribute a test or a script finds an element by: `{ "data-citation": "openrouter" }`. */
export type DataMark = Readonly<Record<`data-${string}`, string>>;

/** One citation line: the words a source's licence requires, and the licence linked. */
export function CitationLine({
  citation,
  licence,
  mark,
}: {
  citation: string;
  licence: SourceLicence;
  mark: DataMark;
}) {
  return (
    <p className="source-line" {...mark}>
      {citation}
      <LicenceNote licence={licence} />
    </p>
  );
}

/**
 * That the values are the generated sample, in the api's words (`fallback` where it gives
 * none), while they are; nothing once they are real.
 */
export function SampleNotice({
  dataSources,
  fallback = "",
}: {
  dataSources: { sample: boolean; notice: string | null };
  fallback?: string;
}) {
  if (!dataSources.sample) return null;
  return (
    <p className="notice" data-sample-notice>
      {dataSources.notice ?? fallback}
    </p>
  );
}

/**
 * One line per real source: the citation it requires and its licence. The sample has none: the
 * sample notice says what it is. Each line is marked `data-citation` with its source, or
 * `data-<market>-citation` when `market` is given.
 */
export function SourceCitations({
  sources,
  market,
}: {
  sources: readonly {
    source: string;
    sample: boolean;
    citation: string | null;
    licence: SourceLicence;
  }[];
  market?: string;
}) {
  const attribute = market === undefined ? "data-citation" : `data-${market}-citation`;
  return (
    <>
      {sources.map((source) =>
        source.sample || source.citation === null ? null : (
          <CitationLine
            key={source.source}
            citation={source.citation}
            licence={source.licence}
            mark={{ [attribute]: source.source }}
          />
        ),
      )}
    </>
  );
}

/** A source of a series answer, with the time its newest value was read (ISO-8601, UTC). */
export type ListedSource = {
  source: string;
  sample: boolean;
  citation: string | null;
  licence: SourceLicence;
  asOf: string | null;
};

/**
 * The sources of an answer's values: each with its as-of time (`asOfLead` says what that time
 * is), the citation and licence it requires, and the sample notice while the values are the
 * generated sample. `market` names the list's data attribute (`data-<market>-sources`).
 */
export function SourceList({
  market,
  sample,
  notice,
  sources,
  asOfLead,
}: {
  market: string;
  sample: boolean;
  notice: string;
  sources: readonly ListedSource[];
  asOfLead: string;
}) {
  return (
    <>
      <SampleNotice dataSources={{ sample, notice }} />
      {sources.length === 0 ? (
        <p>No source has data yet.</p>
      ) : (
        <ul className="sources" {...{ [`data-${market}-sources`]: "" }}>
          {sources.map((entry) => (
            <li key={entry.source} data-source={entry.source} data-sample={entry.sample}>
              <code>{entry.source}</code>
              {entry.sample && " (sample)"}
              {entry.asOf !== null && (
                <>
                  , {asOfLead} <time dateTime={entry.asOf}>{formatUtcInstant(entry.asOf)}</time>
                </>
              )}
              : <span data-citation={entry.source}>{entry.citation ?? "no citation required"}</span>
              <LicenceNote licence={entry.licence} lead="Licence:" />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A source a market's method names: what it is, the citation it requires and its licence. */
export type MethodSource = {
  source: string;
  /** The source's name (linked to `url` where it has one); null shows its id. */
  title: string | null;
  url: string | null;
  /** What the market reads from it, as Markdown; null where the title says it. */
  what: string | null;
  citation: string;
  /** Linked where its address is known; words where the api names it only by name. */
  licence: SourceLicence | string;
};

/**
 * The sources a market's methodology names, one item each: its name (linked), what is read from
 * it, the citation it requires and its licence linked (`unlicensed` where a source has none).
 * `market` names the list's data attribute (`data-<market>-sources`).
 */
/**
 * A source's citation, then its licence: linked where the api gives its address, else in words.
 * A citation that already ends by naming the licence ("… Licensed under CC BY 4.0.", as the
 * OpenRouter session-cost citation does) keeps that sentence, the licence linked in it, instead of
 * a second sentence saying the same.
 */
function CitationAndLicence({ source, unlicensed }: { source: MethodSource; unlicensed: string }) {
  if (source.licence === null)
    return (
      <>
        <span data-citation-text>{source.citation}</span>
        {unlicensed !== "" && ` ${unlicensed}`}
      </>
    );
  const licenceName = typeof source.licence === "string" ? source.licence : source.licence.name;
  const namingSentence = ` Licensed under ${licenceName}.`;
  const named = source.citation.endsWith(namingSentence);
  const citation = named ? source.citation.slice(0, -namingSentence.length) : source.citation;
  const lead = named ? "Licensed under" : "Licence:";
  return (
    <>
      <span data-citation-text>{citation}</span>
      {typeof source.licence === "string" ? (
        ` ${lead} ${source.licence}.`
      ) : (
        <LicenceNote licence={source.licence} lead={lead} />
      )}
    </>
  );
}

export function MethodSources({
  market,
  sources,
  unlicensed = "",
}: {
  market: string;
  sources: readonly MethodSource[];
  unlicensed?: string;
}) {
  return (
    <ul className="method-sources" {...{ [`data-${market}-sources`]: "" }}>
      {sources.map((source) => (
        <li key={source.source} data-source={source.source}>
          <strong>
            {source.title === null ? (
              <code>{source.source}</code>
            ) : source.url === null ? (
              source.title
            ) : (
              <a href={source.url}>{source.title}</a>
            )}
          </strong>
          :{" "}
          {source.what !== null && (
            <>
              <DocsInline text={source.what} />{" "}
            </>
          )}
          <CitationAndLicence source={source} unlicensed={unlicensed} />
        </li>
      ))}
    </ul>
  );
}
