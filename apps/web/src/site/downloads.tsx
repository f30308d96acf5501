import type { AccountPlan } from "@tpi/domain";
import { CopyButton } from "../components/copy-button";
import { readWebEnv } from "../env";
import {
  datasetAnchor,
  fileAccess,
  formatBytes,
  releaseHref,
  type ManifestFile,
} from "../lib/bulk-files";
import { plansSentence } from "../lib/bulk-plans";
import { formatCount, formatUtcDay, formatUtcInstant } from "../lib/format";
import { FoldedTable } from "../kit/folded-table";
import { StackTable } from "../kit/table";
import { MARKETS } from "../markets";
import { type ReleaseDataset, type ReleasePage, type ReleaseManifest } from "../server/releases";

/**
 * The /downloads page: a release's suggested citation, its day and cut time, each market's
 * datasets with their columns and files (sizes, SHA-256, how to get each), then the releases
 * kept, newest first, a page at a time.
 */

/** A market's heading: its sections as the navigation names them (`Index · Labs · Volume`). */
function marketHeading(market: string): string {
  const entry = MARKETS.find((candidate) => candidate.name === market);
  return entry === undefined ? market : entry.sections.map((section) => section.label).join(" · ");
}

export function DownloadsPage({
  manifest,
  latest,
  releases,
  before,
  plans,
}: {
  /** The release shown; undefined before the first release is cut. */
  manifest: ReleaseManifest | undefined;
  /** The newest release's number (the free files of it alone are keyless). */
  latest: number | undefined;
  releases: ReleasePage;
  /** The list's page: the releases below this number (absent: the newest). */
  before: number | undefined;
  plans: ReadonlyMap<string, readonly AccountPlan[]>;
}) {
  const markets = [...new Set(manifest?.datasets.map((dataset) => dataset.market) ?? [])];
  return (
    <>
      <h1>Downloads</h1>
      <p className="lead">
        Every market&apos;s published series over all of their history, one file per dataset in CSV
        and Apache Parquet, in daily numbered releases: each holds the values as first published
        that day and is never rewritten, so a study that names its release can be reproduced
        exactly.
      </p>
      <ReleaseListSection
        releases={releases}
        shown={manifest?.release}
        latest={latest}
        before={before}
      />
      {manifest === undefined || latest === undefined ? (
        <p className="notice" data-no-release>
          No release has been cut yet: the first is cut after the first UTC day ends.
        </p>
      ) : (
        <>
          <ReleaseSummary manifest={manifest} isLatest={manifest.release === latest} />
          <nav aria-labelledby="datasets-heading" data-dataset-index>
            <h2 id="datasets-heading">Datasets of release {manifest.release}</h2>
            <ul>
              {manifest.datasets.map((dataset) => (
                <li key={datasetAnchor(dataset)}>
                  <a href={`#${datasetAnchor(dataset)}`}>{dataset.title}</a>{" "}
                  <span className="muted">
                    ({dataset.files.length} file{dataset.files.length === 1 ? "" : "s"})
                  </span>
                </li>
              ))}
            </ul>
          </nav>
          {markets.map((market) => (
            <section
              key={market}
              aria-labelledby={`market-${market}-heading`}
              data-release-market={market}
            >
              <h2 id={`market-${market}-heading`}>{marketHeading(market)}</h2>
              <p className="muted">
                Methodology version {manifest.methodologyVersions[market] ?? "not stated"}.
              </p>
              {manifest.datasets
                .filter((dataset) => dataset.market === market)
                .map((dataset) => (
                  <DatasetSection
                    key={dataset.name}
                    dataset={dataset}
                    isLatest={manifest.release === latest}
                    plans={plans.get(`${dataset.market}/${dataset.name}`)}
                  />
                ))}
            </section>
          ))}
        </>
      )}
    </>
  );
}

function ReleaseSummary({ manifest, isLatest }: { manifest: ReleaseManifest; isLatest: boolean }) {
  const { publicApiUrl } = readWebEnv();
  return (
    <section aria-labelledby="release-heading" data-release={manifest.release}>
      <h2 id="release-heading">
        Release {manifest.release}
        {isLatest ? " (the latest)" : ""}
      </h2>
      <p>
        The data as first published on{" "}
        <time dateTime={manifest.day} data-release-day>
          {formatUtcDay(manifest.day)}
        </time>{" "}
        (UTC), cut at{" "}
        <time dateTime={manifest.cutAt} data-release-cut>
          {formatUtcInstant(manifest.cutAt)}
        </time>
        . Its manifest, with every file&apos;s row count, size and SHA-256:{" "}
        <a href={`${publicApiUrl}/api/v1/releases/${manifest.release}`}>
          <code>GET /api/v1/releases/{manifest.release}</code>
        </a>
        .
      </p>
      <h3 id="release-citation-heading">Suggested citation</h3>
      <p className="cite-line" id="release-citation" data-release-citation={manifest.release}>
        {manifest.citation}
      </p>
      <p>
        <CopyButton targetId="release-citation" noun="citation" />
      </p>
      {!isLatest && (
        <p className="notice" data-older-release>
          An older release: its free files hold days past today&apos;s free window, so every file of
          it needs an API key. <a href="/downloads">The latest release</a> has keyless free files.
        </p>
      )}
    </section>
  );
}

function DatasetSection({
  dataset,
  isLatest,
  plans,
}: {
  dataset: ReleaseDataset;
  isLatest: boolean;
  plans: readonly AccountPlan[] | undefined;
}) {
  const anchor = datasetAnchor(dataset);
  const { publicApiUrl } = readWebEnv();
  const keyed = dataset.files
    .map((file) => ({ file, access: fileAccess(file, isLatest, publicApiUrl) }))
    .filter(
      (entry): entry is { file: ManifestFile; access: { kind: "key"; command: string } } =>
        entry.access.kind === "key",
    );
  return (
    <section id={anchor} aria-labelledby={`${anchor}-heading`} data-dataset={anchor}>
      <h3 id={`${anchor}-heading`}>{dataset.title}</h3>
      <p>{dataset.description}</p>
      <p className="muted">
        Its rows are the items of <code>GET {dataset.historyRoute}</code> for every series over all
        history, each followed by where its value came from.
      </p>
      <div className="table-wrap">
        <StackTable
          name="release-files"
          attributes={{ "data-dataset-files": anchor }}
          caption={`Files of ${dataset.title}`}
          columns={["File", "Variant", { num: "Rows" }, { num: "Size" }, "SHA-256", "Get it"]}
        >
          {dataset.files.map((file) => {
            const access = fileAccess(file, isLatest, publicApiUrl);
            return (
              <tr key={file.fileName} data-file={file.fileName}>
                <th scope="row">
                  <code className="file-name">{file.fileName}</code>
                </th>
                <td data-label="Variant">
                  {file.format === "csv" ? "CSV" : "Parquet"},{" "}
                  {file.variant === "free" ? "free window" : "full history"}
                </td>
                <td className="num" data-label="Rows" data-rows={file.rows}>
                  {formatCount(file.rows)}
                </td>
                <td className="num" data-label="Size" data-bytes={file.bytes}>
                  <span>
                    {formatBytes(file.bytes)}{" "}
                    <span className="muted">({formatCount(file.bytes)} bytes)</span>
                  </span>
                </td>
                <td className="long-value" data-label="SHA-256">
                  <code className="checksum" data-sha256>
                    {file.sha256}
                  </code>
                </td>
                <td data-label="Get it">
                  {access.kind === "link" ? (
                    <a href={access.href} download data-free-link>
                      Download<span className="sr-only"> {file.fileName}</span>
                    </a>
                  ) : (
                    <span data-keyed-file>With a key of {plansSentence(plans)}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </StackTable>
      </div>
      {keyed.length > 0 && (
        <>
          <p>
            A key&apos;s file is downloaded with the key in the request (a browser link cannot send
            one); it needs a key of {plansSentence(plans)} (
            <a href="/docs#authentication">how keys work</a>):
          </p>
          <pre className="wrap" data-curl={anchor}>
            <code>{keyed.map((entry) => entry.access.command).join("\n\n")}</code>
          </pre>
        </>
      )}
      <FoldedTable rows={dataset.columns.length}>
        <StackTable
          name="release-columns"
          caption={`Columns of ${dataset.title}, in file order`}
          columns={["Column", "Type", "Description"]}
        >
          {dataset.columns.map((column) => (
            <tr key={column.name}>
              <th scope="row">
                <code>{column.name}</code>
              </th>
              <td data-label="Type">
                {column.type}
                {column.scale === undefined ? "" : ` (scale ${column.scale})`}
                {column.nullable ? ", may be empty" : ""}
              </td>
              <td className="long-value" data-label="Description">
                {column.description}
              </td>
            </tr>
          ))}
        </StackTable>
      </FoldedTable>
    </section>
  );
}

function ReleaseListSection({
  releases,
  shown,
  latest,
  before,
}: {
  releases: ReleasePage;
  shown: number | undefined;
  latest: number | undefined;
  before: number | undefined;
}) {
  const oldest = releases.data.at(-1)?.release;
  const hasOlder = oldest !== undefined && releases.hasOlder;
  return (
    <section aria-labelledby="releases-heading" data-releases>
      <h2 id="releases-heading">Releases</h2>
      {releases.data.length === 0 ? (
        <p className="muted">No release {before === undefined ? "yet" : "before these"}.</p>
      ) : (
        <div className="table-wrap">
          <StackTable
            name="releases"
            caption="Releases kept, newest first"
            columns={["Release", "Day (UTC)", "Cut at (UTC)", { num: "Files" }]}
          >
            {releases.data.map((release) => (
              <tr key={release.release} data-release-row={release.release}>
                <th scope="row">
                  <a
                    href={releaseHref(release.release, release.release === latest)}
                    aria-current={release.release === shown ? "page" : undefined}
                  >
                    Release {release.release}
                  </a>
                </th>
                <td data-label="Day (UTC)">
                  <time dateTime={release.day}>{formatUtcDay(release.day)}</time>
                </td>
                <td data-label="Cut at (UTC)">
                  <time dateTime={release.cutAt}>{formatUtcInstant(release.cutAt)}</time>
                </td>
                <td className="num" data-label="Files">
                  {release.files}
                </td>
              </tr>
            ))}
          </StackTable>
        </div>
      )}
      {(before !== undefined || hasOlder) && (
        <p>
          {before !== undefined && (
            <>
              <a href="/downloads" data-newer-releases>
                Newest releases
              </a>{" "}
            </>
          )}
          {hasOlder && (
            <a href={`/downloads?before=${oldest}`} rel="next" data-older-releases>
              Older releases
            </a>
          )}
        </p>
      )}
    </section>
  );
}
