import { LockedValues } from "../../kit/access";
import { CatalogGroups } from "../../kit/catalog-groups";
import { sectionPage } from "../../kit/market-page";
import { MarkdownList, MethodologyVersion, MethodRules } from "../../kit/method-rules";
import { SampleNotice } from "../../kit/sources";
import { TitledSection } from "../../kit/titled-section";
import { UtcInstant } from "../../components/utc-instant";
import { LockedValue } from "../../components/keyed-access";
import {
  MEMORY_DOCS,
  MEMORY_PLANS_TEXT,
  MEMORY_LOCK,
  MEMORY_SAMPLE_NOTICE,
  MemorySources,
} from "./parts";
import { SignedInNote } from "../../components/signed-in-note";
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
import { MEMORY_CARD_PATH } from "./card";
import {
  loadMemoryMethodology,
  loadMemoryTypes,
  loadPlanMemoryIndex,
  memoryIndexRows,
  type MemoryIndexRow,
} from "./loaders";

/**
 * The Memory section: the catalogue by category, each type's latest settled price for a reader
 * (any plan), the method and the sources.
 */
export const { generateMetadata, Page: MemoryPage } = sectionPage({
  meta: {
    title: "Memory",
    description:
      "Spot prices of DRAM chips, NAND flash chips and memory modules in USD, settled at 4 PM New York on each trading day: the latest price, its change and the weekly high and low of 14 memory types. Read with an API key or a signed-in account.",
    path: MEMORY_PATH,
    cardTitle: "Memory spot prices",
    image: MEMORY_CARD_PATH,
  },
  sample: async () => (await loadMemoryMethodology()).dataSources.sample,
  load: async (reader) => {
    const [types, methodology, index] = await Promise.all([
      loadMemoryTypes(),
      loadMemoryMethodology(),
      reader === undefined ? undefined : loadPlanMemoryIndex(reader.token),
    ]);
    return { types, methodology, index };
  },
  lead: ({ types }) => (
    <>
      Spot prices of memory in US dollars: one DRAM or NAND flash chip, or one memory module, for
      each of {types.data.length} memory types. A price settles once per trading day at 4 PM New
      York: the average of the session&apos;s observations in the price files imported from the
      source, with its change from the previous settlement and the high and low of the trailing
      week.
    </>
  ),
  body: ({ types, methodology, index }, reader) => {
    const values =
      index?.state === "answer"
        ? new Map(memoryIndexRows(index.answer).map((row) => [row.id, row] as const))
        : index?.state === "none"
          ? new Map<string, MemoryIndexRow>()
          : undefined;
    return (
      <>
        {values === undefined ? (
          <LockedValues
            {...MEMORY_LOCK}
            viewer={reader?.viewer}
            refused={index?.state === "refused" ? index.refusal : undefined}
          />
        ) : (
          <>
            {reader !== undefined && <SignedInNote viewer={reader.viewer} />}
            {index?.state === "answer" && (
              <SampleNotice
                dataSources={index.answer.dataSources}
                fallback={MEMORY_SAMPLE_NOTICE}
              />
            )}
            {values.size === 0 && (
              <p className="notice" data-memory-state="no-data">
                No trading day has settled yet.
              </p>
            )}
          </>
        )}
        <CatalogGroups
          groups={groupMemoryTypes(types.data)}
          table={(group) => (
            <TypeTable
              heading={group.heading}
              category={group.category}
              types={group.entries}
              values={values}
            />
          )}
        />
        <TitledSection
          id="method-heading"
          title="How they are settled"
          attributes={{ "data-memory-method": true }}
        >
          <MethodologyVersion
            market="memory"
            version={methodology.version}
            latest={
              methodology.latestDate === null ? (
                "no trading day settled yet"
              ) : (
                <>
                  the latest settled trading day is{" "}
                  <time dateTime={methodology.latestDate}>
                    {formatUtcDay(methodology.latestDate)}
                  </time>
                </>
              )
            }
          />
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
        </TitledSection>
        <TitledSection
          id="sources-heading"
          title="Sources"
          attributes={{ "data-memory-source-list": true }}
        >
          <p>
            Each settled price names the sources of the observations it averages; each source comes
            with the citation and licence its publisher requires.
          </p>
          <MemorySources dataSources={methodology.dataSources} />
          {methodology.publicSeries.length > 0 && (
            <>
              <h3 id="public-series-heading">Public series</h3>
              <MarkdownList
                items={methodology.publicSeries}
                attributes={{ "data-memory-public-series": true }}
              />
            </>
          )}
        </TitledSection>
      </>
    );
  },
});

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
