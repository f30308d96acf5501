import { ValuesAccess } from "../../kit/access";
import type { CatalogGroup } from "../../kit/catalog";
import { CatalogGroups } from "../../kit/catalog-groups";
import { sectionPage } from "../../kit/market-page";
import { MarkdownList, MethodSection } from "../../kit/method-rules";
import { SampleNotice } from "../../kit/sources";
import { NumberCell, StackTable } from "../../kit/table";
import { TitledSection } from "../../kit/titled-section";
import { UtcInstant } from "../../components/utc-instant";
import { LockedValue } from "../../components/keyed-access";
import {
  MEMORY_ROUTES,
  MEMORY_PLANS_TEXT,
  MEMORY_LOCK,
  MEMORY_SAMPLE_NOTICE,
  MemorySources,
  SettledCells,
} from "./parts";
import { formatUtcDay } from "../../lib/format";
import {
  groupMemoryTypes,
  MEMORY_PATH,
  MEMORY_PATHS,
  memoryUnitOf,
  settlementDayOf,
  type MemoryCatalogEntry,
} from "./lib";
import { MEMORY_CARD } from "./card";
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
    image: MEMORY_CARD.path,
  },
  methodology: loadMemoryMethodology,
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
        <ValuesAccess lock={MEMORY_LOCK} reader={reader} answer={index}>
          {index?.state === "answer" && (
            <SampleNotice dataSources={index.answer.dataSources} fallback={MEMORY_SAMPLE_NOTICE} />
          )}
          {values?.size === 0 && (
            <p className="notice" data-memory-state="no-data">
              No trading day has settled yet.
            </p>
          )}
        </ValuesAccess>
        <CatalogGroups
          groups={groupMemoryTypes(types.data)}
          table={(group) => <TypeTable group={group} values={values} />}
        />
        <MethodSection
          market="memory"
          title="How they are settled"
          version={{
            version: methodology.version,
            latestDay: methodology.latestDate,
            reached: (day) => <>the latest settled trading day is {day}</>,
            none: "no trading day settled yet",
          }}
          rules={methodology.rules}
          served={{
            methodology: MEMORY_ROUTES.methodology,
            public: [{ what: "the catalogue", route: MEMORY_ROUTES.types }],
            values: [MEMORY_ROUTES.index, MEMORY_ROUTES.history],
            plansText: MEMORY_PLANS_TEXT,
          }}
        />
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
  group: { heading, category, entries: types },
  values,
}: {
  group: CatalogGroup<MemoryCatalogEntry>;
  values: ReadonlyMap<string, MemoryIndexRow> | undefined;
}) {
  const unit = memoryUnitOf(category);
  return (
    <div className="table-wrap">
      <StackTable
        name={`memory-${category}`}
        caption={
          <>
            {heading}: {values === undefined ? "the types" : `the latest settled price (${unit})`}
          </>
        }
        columns={
          values === undefined
            ? ["Memory type", "Id", { num: "Latest price" }]
            : [
                "Memory type",
                "Id",
                { num: "Price" },
                { num: "Change" },
                { num: "Weekly high" },
                { num: "Weekly low" },
                "Settled (source time)",
              ]
        }
      >
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
                <NumberCell label="Latest price" text={<LockedValue />} />
              ) : row === undefined ? (
                <td className="muted" data-label="Price" colSpan={5}>
                  none settled yet
                </td>
              ) : (
                <>
                  <SettledCells row={row} colourChange />
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
      </StackTable>
    </div>
  );
}
