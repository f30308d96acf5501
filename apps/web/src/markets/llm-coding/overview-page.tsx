import { ValuesAccess } from "../../kit/access";
import type { CatalogGroup } from "../../kit/catalog";
import { CatalogGroups } from "../../kit/catalog-groups";
import { sectionPage } from "../../kit/market-page";
import { MethodSection } from "../../kit/method-rules";
import { MethodSources } from "../../kit/sources";
import { StackTable } from "../../kit/table";
import { TitledSection } from "../../kit/titled-section";
import { DataSourcesTable } from "../../components/data-sources-table";
import { CODING_ROUTES, CODING_PLANS_TEXT, CODING_LOCK } from "./parts";
import { LockedValue } from "../../components/keyed-access";
import { formatUtcDay } from "../../lib/format";
import {
  codingUnit,
  formatCodingValue,
  groupProducts,
  LLM_CODING_PATHS,
  LLM_CODING_PATH,
  type CodingProduct,
} from "./lib";
import type { ApiRefusal } from "../../server/account";
import {
  loadCodingMethodology,
  loadCodingProducts,
  loadPlanCodingHistory,
  loadPlanCodingIndex,
} from "./loaders";
import type { SignedInReader } from "../../server/viewer";

/** One product's latest day as the plan reads it: one value, or two for a comparison. */
type Latest = { date: string; values: (number | null)[]; status: string | null };

/**
 * The LLM Coding section: the catalog by group, each product's latest value for a reader (any
 * plan), how they are counted and the sources.
 */
export const { generateMetadata, Page: LlmCodingPage } = sectionPage({
  meta: {
    title: "LLM Coding",
    description:
      "What AI coding agents ship on GitHub, counted every UTC day: pull requests opened by Claude Code, Codex, Copilot, Cursor and Devin, Claude Code's commits, each agent's merge rate, and comparisons.",
    path: LLM_CODING_PATH,
  },
  methodology: loadCodingMethodology,
  load: async (reader) => {
    const [products, methodology] = await Promise.all([
      loadCodingProducts(),
      loadCodingMethodology(),
    ]);
    const latest = reader === undefined ? undefined : await loadLatestValues(reader, products.data);
    return { products, methodology, latest };
  },
  lead: () => (
    <>
      How much work AI coding agents do in public on GitHub: the pull requests each agent opens per
      UTC day, how many of them are merged, and Claude Code&apos;s commits, counted with
      GitHub&apos;s search API. Each count is a lower bound (public repositories only, and an
      agent&apos;s attribution can be switched off).
    </>
  ),
  body: ({ products, methodology, latest }, reader) => {
    const values = latest?.state === "answer" ? latest.values : undefined;
    return (
      <>
        <ValuesAccess lock={CODING_LOCK} reader={reader} answer={latest} />
        <CatalogGroups
          groups={groupProducts(products.data)}
          table={(group) => <ProductTable group={group} values={values} />}
        />
        <MethodSection
          market="coding"
          title="How they are counted"
          rules={methodology.rules}
          served={{
            methodology: CODING_ROUTES.methodology,
            holds: "with each agent's exact search",
            values: [CODING_ROUTES.index, CODING_ROUTES.history],
            plansText: CODING_PLANS_TEXT,
          }}
        />
        <TitledSection id="sources-heading" title="Sources">
          <MethodSources
            market="coding"
            sources={methodology.sources.map((source) => ({
              source: source.id,
              title: source.name,
              url: source.url,
              what: source.measures,
              citation: source.citation,
              licence: source.licence,
            }))}
            unlicensed="No licence: the counts are facts."
          />
          <DataSourcesTable
            dataSources={methodology.dataSources}
            caption="The sources behind the published LLM Coding values"
          />
        </TitledSection>
      </>
    );
  },
});

function ProductTable({
  group: { heading, category, entries: products },
  values,
}: {
  group: CatalogGroup<CodingProduct>;
  values: ReadonlyMap<string, Latest | undefined> | undefined;
}) {
  return (
    <div className="table-wrap">
      <StackTable
        name={`coding-${category}`}
        caption={
          <>
            {heading}: {values === undefined ? "the products" : "the latest value of each product"}
          </>
        }
        columns={["Product", "Unit", "Latest day (UTC)", { num: "Latest value" }]}
      >
        {products.map((product) => {
          const latest = values?.get(product.id);
          return (
            <tr key={product.id} data-product={product.id} data-date={latest?.date ?? ""}>
              <th scope="row">
                <a href={LLM_CODING_PATHS.pathOf(product.id)}>{product.label}</a>
              </th>
              <td data-label="Unit">
                {codingUnit(product.kind, product.category)}
                {product.seriesLabels !== null && ` (${product.seriesLabels.join(" and ")})`}
              </td>
              <td data-label="Latest day (UTC)">
                {latest === undefined ? (
                  <span className="muted">
                    {values === undefined ? "when signed in" : "none yet"}
                  </span>
                ) : (
                  <>
                    <time dateTime={latest.date}>{formatUtcDay(latest.date)}</time>
                    {latest.status === "provisional" && " (provisional)"}
                  </>
                )}
              </td>
              <td className="num" data-label="Latest value" data-value={latest?.values.join(",")}>
                {values === undefined ? (
                  <LockedValue />
                ) : latest === undefined ? (
                  "n/a"
                ) : (
                  latest.values
                    .map((value, index) =>
                      latest.values.length > 1
                        ? `${product.seriesLabels?.[index] ?? ""} ${formatCodingValue(product.kind, value)}`
                        : formatCodingValue(product.kind, value),
                    )
                    .join(", ")
                )}
              </td>
            </tr>
          );
        })}
      </StackTable>
    </div>
  );
}

/**
 * Each product's latest value as the api answers a key of the reader's plan: the index route
 * for a single series, the history's newest row for a comparison (the index route serves
 * single series only). The first refusal stands for all: the plan does not read the values.
 */
async function loadLatestValues(
  reader: SignedInReader,
  products: readonly CodingProduct[],
): Promise<
  | { state: "answer"; values: Map<string, Latest | undefined> }
  | { state: "refused"; refusal: ApiRefusal }
> {
  const answers = await Promise.all(
    products.map(async (product): Promise<Latest | undefined | ApiRefusal> => {
      if (product.compare) {
        const history = await loadPlanCodingHistory(reader.token, product.id);
        if (history.state === "refused") return history.refusal;
        if (history.state === "none") return undefined;
        const newest = history.answer.data[history.answer.data.length - 1];
        return newest === undefined
          ? undefined
          : {
              date: newest.date,
              values: [newest.value, newest.value2 ?? null],
              status: newest.status,
            };
      }
      const index = await loadPlanCodingIndex(reader.token, product.id);
      if (index.state === "none") return undefined;
      if (index.state === "refused") return index.refusal;
      const row = index.answer.data;
      return { date: row.date, values: [row.value], status: row.status };
    }),
  );
  const refused = answers.find(
    (answer): answer is ApiRefusal => answer !== undefined && "message" in answer,
  );
  if (refused !== undefined) return { state: "refused", refusal: refused };
  return {
    state: "answer",
    values: new Map(
      products.map((product, index) => [product.id, answers[index] as Latest | undefined]),
    ),
  };
}
