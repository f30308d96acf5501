/**
 * The LLM Coding catalogue: the coding agents we count on GitHub and the 13 products built from
 * their daily counts. One list each; every response, page and tool orders them like these arrays.
 * How each agent is recognised in a search is in `queries.ts`.
 */

export const CODING_AGENTS = [
  { agent: "claude", label: "Claude" },
  { agent: "codex", label: "Codex" },
  { agent: "copilot", label: "Copilot" },
  { agent: "cursor", label: "Cursor" },
  { agent: "devin", label: "Devin" },
] as const;

export type CodingAgent = (typeof CODING_AGENTS)[number]["agent"];
export const CODING_AGENT_IDS: readonly CodingAgent[] = CODING_AGENTS.map((a) => a.agent);

/**
 * The three daily counts we take from GitHub search, per agent and UTC day:
 * - `opened`: pull requests created that day (drafts included);
 * - `merged`: of those pull requests created that day, the ones merged by the time of the
 *   search (a cohort count: it rises for days after the day, see `maturation.ts`);
 * - `commits`: commits on default branches whose committer date is that day.
 */
export const CODING_METRICS = ["opened", "merged", "commits"] as const;
export type CodingMetric = (typeof CODING_METRICS)[number];

/** How a product's value is made from the counts of one agent and one day. */
export type SeriesSpec =
  /** A count as searched: whole pull requests or commits. */
  | { agent: CodingAgent; measure: "count"; metric: CodingMetric }
  /** 100 * merged / opened for the same creation day, in percent (see `mergeRatePercent`). */
  | { agent: CodingAgent; measure: "merge_rate" };

/** `count`: whole pull requests or commits per UTC day; `pct`: a percentage (0 to 100). */
export type ProductKind = "count" | "pct";
export type ProductCategory = "prs" | "commits" | "merge" | "compare";

type ProductDefinition = {
  id: string;
  label: string;
  category: ProductCategory;
  kind: ProductKind;
  /** One series, or two for a comparison product (`value` and `value2`, in this order). */
  series: readonly [SeriesSpec] | readonly [SeriesSpec, SeriesSpec];
};

const prs = (agent: CodingAgent): SeriesSpec => ({ agent, measure: "count", metric: "opened" });
const mergeRate = (agent: CodingAgent): SeriesSpec => ({ agent, measure: "merge_rate" });

export const LLM_CODING_PRODUCTS = [
  { id: "cc-prs", label: "Claude PRs", category: "prs", kind: "count", series: [prs("claude")] },
  { id: "codex-prs", label: "Codex PRs", category: "prs", kind: "count", series: [prs("codex")] },
  {
    id: "copilot-prs",
    label: "Copilot PRs",
    category: "prs",
    kind: "count",
    series: [prs("copilot")],
  },
  {
    id: "cursor-prs",
    label: "Cursor PRs",
    category: "prs",
    kind: "count",
    series: [prs("cursor")],
  },
  { id: "devin-prs", label: "Devin PRs", category: "prs", kind: "count", series: [prs("devin")] },
  {
    id: "cc-commits",
    label: "Claude commits",
    category: "commits",
    kind: "count",
    series: [{ agent: "claude", measure: "count", metric: "commits" }],
  },
  {
    id: "cc-merge",
    label: "Claude merge rate",
    category: "merge",
    kind: "pct",
    series: [mergeRate("claude")],
  },
  {
    id: "codex-merge",
    label: "Codex merge rate",
    category: "merge",
    kind: "pct",
    series: [mergeRate("codex")],
  },
  {
    id: "copilot-merge",
    label: "Copilot merge rate",
    category: "merge",
    kind: "pct",
    series: [mergeRate("copilot")],
  },
  {
    id: "cursor-merge",
    label: "Cursor merge rate",
    category: "merge",
    kind: "pct",
    series: [mergeRate("cursor")],
  },
  {
    id: "devin-merge",
    label: "Devin merge rate",
    category: "merge",
    kind: "pct",
    series: [mergeRate("devin")],
  },
  {
    id: "cc-vs-codex",
    label: "Claude vs Codex PRs",
    category: "compare",
    kind: "count",
    series: [prs("claude"), prs("codex")],
  },
  {
    id: "cc-vs-codex-merge",
    label: "Claude vs Codex merge rate",
    category: "compare",
    kind: "pct",
    series: [mergeRate("claude"), mergeRate("codex")],
  },
] as const satisfies readonly ProductDefinition[];

export type LlmCodingProduct = (typeof LLM_CODING_PRODUCTS)[number];
export type LlmCodingProductId = LlmCodingProduct["id"];

export const LLM_CODING_PRODUCT_IDS: readonly LlmCodingProductId[] = LLM_CODING_PRODUCTS.map(
  (p) => p.id,
);

/** The product ids as messages list them. */
export const LLM_CODING_PRODUCT_LIST_TEXT = LLM_CODING_PRODUCT_IDS.join(", ");

const productById = new Map<string, LlmCodingProduct>(LLM_CODING_PRODUCTS.map((p) => [p.id, p]));

/** Exact, case-sensitive membership test. */
export function isLlmCodingProductId(value: string): value is LlmCodingProductId {
  return productById.has(value);
}

export function llmCodingProduct(id: LlmCodingProductId): LlmCodingProduct {
  const product = productById.get(id);
  if (product === undefined) throw new RangeError(`unknown LLM coding product '${id}'`);
  return product;
}

/** A comparison product carries two series (`value` and `value2`). */
export function isCompareProduct(product: LlmCodingProduct): boolean {
  return product.series.length === 2;
}

export function codingAgentLabel(agent: CodingAgent): string {
  return CODING_AGENTS.find((a) => a.agent === agent)?.label ?? agent;
}

/** The label of one series, as `seriesLabels` lists them: "Claude PRs", "Codex merge rate". */
export function seriesLabel(series: SeriesSpec): string {
  const agent = codingAgentLabel(series.agent);
  if (series.measure === "merge_rate") return `${agent} merge rate`;
  return series.metric === "commits" ? `${agent} commits` : `${agent} PRs`;
}

/**
 * The catalogue entry as `GET /api/llm-coding/products` serves it: `seriesLabels` for a
 * comparison product, null otherwise.
 */
export type LlmCodingProductEntry = {
  id: LlmCodingProductId;
  label: string;
  category: ProductCategory;
  kind: ProductKind;
  compare: boolean;
  seriesLabels: [string, string] | null;
};

export function productCatalogEntry(product: LlmCodingProduct): LlmCodingProductEntry {
  const [first, second] = product.series as readonly SeriesSpec[];
  return {
    id: product.id,
    label: product.label,
    category: product.category,
    kind: product.kind,
    compare: second !== undefined,
    seriesLabels:
      second !== undefined && first !== undefined
        ? [seriesLabel(first), seriesLabel(second)]
        : null,
  };
}

/**
 * The (agent, metric) counts a product needs for one day: a merge rate needs `opened` and
 * `merged`, a count its own metric.
 */
export function countsNeeded(
  product: LlmCodingProduct,
): { agent: CodingAgent; metric: CodingMetric }[] {
  const needed: { agent: CodingAgent; metric: CodingMetric }[] = [];
  for (const series of product.series as readonly SeriesSpec[]) {
    const metrics: CodingMetric[] =
      series.measure === "merge_rate" ? ["opened", "merged"] : [series.metric];
    for (const metric of metrics) {
      if (!needed.some((n) => n.agent === series.agent && n.metric === metric))
        needed.push({ agent: series.agent, metric });
    }
  }
  return needed;
}
