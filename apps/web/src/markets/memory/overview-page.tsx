import { LockedValues } from "../../kit/access";
import type { Metadata } from "next";
import { UtcInstant } from "../../components/utc-instant";
import { LockedValue } from "../../components/keyed-access";
import { MEMORY_DOCS, MEMORY_PLANS_TEXT, MEMORY_LOCK, MemorySources } from "./parts";
import { SignedInNote } from "../../components/signed-in-note";
import { readWebEnv } from "../../env";
import { formatUtcDay } from "../../lib/format";
import {
  changeDirection,
  formatMemoryChange,
  formatMemoryPrice,
  groupMemoryTypes,
  MEMORY_PATH,
  MEMORY_PATHS,
  memoryUnitOf,
  settlementDayOf,
  type MemoryCatalogEntry,
} from "./lib";
import { socialMetadata } from "../../lib/social";
import { MEMORY_CARD_PATH } from "./card";
import {
  loadMemoryMethodology,
  loadMemoryTypes,
  loadPlanMemoryIndex,
  memoryIndexRows,
  type MemoryIndexRow,
} from "./loaders";
import { loadViewer } from "../../server/viewer";
import { MethodRules } from "../../kit/method-rules";

const TITLE = "Memory";
const DESCRIPTION =
  "Spot prices of DRAM chips, NAND flash chips and memory modules in USD, settled at 4 PM New York on each trading day: the latest price, its change and the weekly high and low of 14 memory types. Read with an API key or a signed-in account.";

/** The card names the section, never a value: a shared link is read by anyone. */
export async function generateMetadata(): Promise<Metadata> {
  const methodology = await loadMemoryMethodology();
  return {
    title: TITLE,
    description: DESCRIPTION,
    ...socialMetadata({
      siteUrl: readWebEnv().publicSiteUrl,
      path: MEMORY_PATH,
      title: "Memory spot prices",
      description: DESCRIPTION,
      image: MEMORY_CARD_PATH,
      sample: methodology.dataSources.sample,
    }),
  };
}

export async function MemoryPage() {
  const reader = await loadViewer();
  const [types, methodology, index] = await Promise.all([
    loadMemoryTypes(),
    loadMemoryMethodology(),
    reader === undefined ? undefined : loadPlanMemoryIndex(reader.token),
  ]);
  const values =
    index?.state === "answer"
      ? new Map(memoryIndexRows(index.answer).map((row) => [row.id, row] as const))
      : index?.state === "none"
        ? new Map<string, MemoryIndexRow>()
        : undefined;
  return (
    <>
      <h1>Memory</h1>
      <p className="lead">
        Spot prices of memory in US dollars: one DRAM or NAND flash chip, or one memory module, for
        each of {types.data.length} memory types. A price settles once per trading day at 4 PM New
        York: the average of the session&apos;s observations in the price files imported from the
        source, with its change from the previous settlement and the high and low of the trailing
        week.
      </p>
      {values === undefined ? (
        <LockedValues
          {...MEMORY_LOCK}
          viewer={reader?.viewer}
          refused={index?.state === "refused" ? index.refusal : undefined}
        />
      ) : (
        <>
          {reader !== undefined && <SignedInNote viewer={reader.viewer} />}
          {index?.state === "answer" && index.answer.dataSources.sample && (
            <p className="notice" data-sample-notice>
              {index.answer.dataSources.notice ?? "Sample data: generated, not market prices."}
            </p>
          )}
          {values.size === 0 && (
            <p className="notice" data-memory-state="no-data">
              No trading day has settled yet.
            </p>
          )}
        </>
      )}
      {groupMemoryTypes(types.data).map((group) => (
        <section key={group.category} aria-labelledby={`group-${group.category}`}>
          <h2 id={`group-${group.category}`}>{group.heading}</h2>
          {group.text !== "" && <p>{group.text}</p>}
          <TypeTable
            heading={group.heading}
            category={group.category}
            types={group.types}
            values={values}
          />
        </section>
      ))}
      <section aria-labelledby="method-heading" data-memory-method>
        <h2 id="method-heading">How they are settled</h2>
        <p>
          Methodology version{" "}
          <strong data-memory-methodology-version={methodology.version}>
            {methodology.version}
          </strong>
          ;{" "}
          {methodology.latestDate === null ? (
            "no trading day settled yet"
          ) : (
            <>
              the latest settled trading day is{" "}
              <time dateTime={methodology.latestDate}>{formatUtcDay(methodology.latestDate)}</time>
            </>
          )}
          .
        </p>
        <MethodRules rules={methodology.rules} market="memory" />
        <p>
          The whole methodology is served to anyone by{" "}
          <a href={MEMORY_DOCS.methodology}>
            <code>GET /api/memory/methodology</code>
          </a>{" "}
          and the catalogue by{" "}
          <a href={MEMORY_DOCS.types}>
            <code>GET /api/memory-types</code>
          </a>
          ; the values by{" "}
          <a href={MEMORY_DOCS.index}>
            <code>GET /api/memory-index</code>
          </a>{" "}
          and{" "}
          <a href={MEMORY_DOCS.history}>
            <code>GET /api/memory/&#123;memoryType&#125;/history</code>
          </a>{" "}
          with an API key of {MEMORY_PLANS_TEXT}.
        </p>
      </section>
      <section aria-labelledby="sources-heading" data-memory-source-list>
        <h2 id="sources-heading">Sources</h2>
        <p>
          Each settled price names the sources of the observations it averages; each source comes
          with the citation and licence its publisher requires.
        </p>
        <MemorySources dataSources={methodology.dataSources} />
        {methodology.publicSeries.length > 0 && (
          <>
            <h3 id="public-series-heading">Public series</h3>
            <ul data-memory-public-series>
              {methodology.publicSeries.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}

/** One category's types: name and id for everyone; the latest settled values for a reader. */
function TypeTable({
  heading,
  category,
  types,
  values,
}: {
  heading: string;
  category: string;
  types: readonly MemoryCatalogEntry[];
  values: ReadonlyMap<string, MemoryIndexRow> | undefined;
}) {
  const unit = memoryUnitOf(category);
  return (
    <div className="table-wrap">
      <table className="stack" data-table={`memory-${category}`}>
        <caption>
          {heading}: {values === undefined ? "the types" : `the latest settled price (${unit})`}
        </caption>
        <thead>
          <tr>
            <th scope="col">Memory type</th>
            <th scope="col">Id</th>
            <th scope="col" className="num">
              {values === undefined ? "Latest price" : "Price"}
            </th>
            {values !== undefined && (
              <>
                <th scope="col" className="num">
                  Change
                </th>
                <th scope="col" className="num">
                  Weekly high
                </th>
                <th scope="col" className="num">
                  Weekly low
                </th>
                <th scope="col">Settled (source time)</th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {types.map((type) => {
            const row = values?.get(type.id);
            return (
              <tr
                key={type.id}
                data-memory-type={type.id}
                data-date={row === undefined ? "" : settlementDayOf(row.date)}
              >
                <th scope="row">
                  <a href={MEMORY_PATHS.pathOf(type.id)}>{type.memory_type}</a>
                </th>
                <td data-label="Id">
                  <code>{type.id}</code>
                </td>
                {values === undefined ? (
                  <td className="num" data-label="Latest price">
                    <LockedValue />
                  </td>
                ) : row === undefined ? (
                  <td className="muted" data-label="Price" colSpan={5}>
                    none settled yet
                  </td>
                ) : (
                  <>
                    <td className="num" data-label="Price" data-value={row.price}>
                      {formatMemoryPrice(row.price)}
                    </td>
                    <td
                      className={`num ${changeDirection(row.changePct)}`}
                      data-label="Change"
                      data-value={row.changePct ?? ""}
                    >
                      {formatMemoryChange(row.changePct)}
                    </td>
                    <td className="num" data-label="Weekly high" data-value={row.weeklyHigh ?? ""}>
                      {formatMemoryPrice(row.weeklyHigh)}
                    </td>
                    <td className="num" data-label="Weekly low" data-value={row.weeklyLow ?? ""}>
                      {formatMemoryPrice(row.weeklyLow)}
                    </td>
                    <td data-label="Settled (source time)">
                      {/* One child: a stacked row's cell is a flex box that would part the lines. */}
                      <span>
                        <time dateTime={settlementDayOf(row.date)}>
                          {formatUtcDay(settlementDayOf(row.date))}
                        </time>
                        {row.sourceUpdatedAt !== null && (
                          <>
                            <br />
                            <span className="muted">
                              source <UtcInstant instant={row.sourceUpdatedAt} />
                            </span>
                          </>
                        )}
                      </span>
                    </td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
