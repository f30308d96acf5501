import {
  GITHUB_SEARCH_SOURCE,
  GITHUB_SEARCH_SOURCE_NAME,
  LLM_CODING_METHODOLOGY_VERSION,
  LLM_CODING_PRODUCTS,
  countsNeeded,
  isCompareProduct,
  itemOfRow,
  llmCodingProduct,
  productDayRow,
  rowOfItem,
  type BulkRow,
  type ItemFields,
  type LlmCodingProduct,
  type LlmCodingProductId,
  type UtcDay,
} from "@tpi/domain";
import { readCodingCountDays, seriesPages, type CodingCountOfDay, type Db } from "@tpi/db";
import type { MarketBulkDataset } from "../../../platform/bulk/dataset";
import type {} from "../../../platform/http/release-parameter";
import type {} from "../../../platform/provenance/data-sources";
import { historyItemOf, type LlmCodingHistoryItem } from "../services/llm-coding";
import type {} from "../schemas/llm-coding";

/**
 * `GET /api/llm-coding/history` as one table: every product's items over all stored days, the
 * product first (the route takes it as its parameter), then the item's fields as the route
 * serves them. Read from the stored counts a product uses, a page of days at a time, and built
 * with the route's own rules (`productDayRow`, `historyItemOf`). The generated sample is never
 * stored, so it is in no file.
 */

/** Days of counts read per page: a year of one product's counts is a few thousand rows. */
const DAYS_PER_PAGE = 366;

/** What every value rests on: the total counts of GitHub's search API, as searched. */
const BASIS = "counts";

const FIELDS: ItemFields = {
  columns: [
    {
      name: "product",
      type: "string",
      nullable: false,
      description:
        "The product (`cc-prs`, `codex-merge`, `cc-vs-codex`, ...): the route's `product`",
    },
    { name: "date", type: "date", nullable: false, description: "The UTC day of the value" },
    {
      name: "value",
      type: "double",
      nullable: true,
      description:
        "Pull requests or commits opened that day, or a merge rate in percent (unrounded); a comparison product's first series (null: none that day)",
    },
    {
      name: "value2",
      type: "double",
      nullable: true,
      description:
        "Comparison products only: the second series' value (null: none that day, and for every other product)",
    },
    {
      name: "status",
      type: "string",
      nullable: false,
      description: "`provisional` while a count it uses may still move, then `settled`",
    },
  ],
};

/** The row of a product's item, as of the newest search behind it. */
export function productDailyRow(
  product: LlmCodingProductId,
  item: LlmCodingHistoryItem,
  searchedAt: Date,
): BulkRow {
  return rowOfItem(
    FIELDS,
    { product, ...item },
    {
      source: GITHUB_SEARCH_SOURCE_NAME,
      asOf: searchedAt.toISOString(),
      sample: false,
      basis: BASIS,
      methodologyVersion: LLM_CODING_METHODOLOGY_VERSION,
      citation: GITHUB_SEARCH_SOURCE.citation,
    },
  );
}

/** A row back as the history's item: `value2` only for a comparison product, as the route serves it. */
export function historyItemOfRow(row: BulkRow): LlmCodingHistoryItem {
  const { product, date, value, value2, status } = itemOfRow(FIELDS, row);
  const compare = isCompareProduct(llmCodingProduct(product as LlmCodingProductId));
  // In the route's order: a release's answer reads as today's does, byte for byte when equal.
  return (
    compare ? { date, value, value2, status } : { date, value, status }
  ) as LlmCodingHistoryItem;
}

/** One product's rows, a page of days at a time, oldest first. */
async function* rowsOfProduct(
  db: Db,
  product: LlmCodingProduct,
  stopping: AbortSignal | undefined,
  daysPerPage: number,
): AsyncGenerator<BulkRow> {
  const pairs = countsNeeded(product);
  const compare = isCompareProduct(product);
  // A page is `daysPerPage` days of counts, one count or more a day: a page of fewer counts than
  // that holds fewer days, so it is the last one, as a keyset page of rows would be.
  const pages = seriesPages<CodingCountOfDay, UtcDay>(
    (key, days) => readCodingCountDays(db, { pairs, afterDay: key?.period, days }),
    (count) => ({ series: product.id, period: count.day }),
    daysPerPage,
    stopping,
  );
  for await (const counts of pages)
    for (const day of byDay(counts)) {
      const lookup = (agent: string, metric: string) =>
        day.counts.find((c) => c.agent === agent && c.metric === metric);
      const row = productDayRow(product, day.day, lookup);
      if (row === null) continue;
      // A value stands on at least one count, which says when it was searched (as the read model).
      const searchedAt = day.counts.reduce<Date | undefined>(
        (latest, c) => (latest === undefined || c.observedAt > latest ? c.observedAt : latest),
        undefined,
      );
      if (searchedAt === undefined) continue;
      yield productDailyRow(product.id, historyItemOf(row, compare), searchedAt);
    }
}

function byDay(counts: readonly CodingCountOfDay[]): { day: UtcDay; counts: CodingCountOfDay[] }[] {
  const days: { day: UtcDay; counts: CodingCountOfDay[] }[] = [];
  for (const count of counts) {
    const last = days.at(-1);
    if (last !== undefined && last.day === count.day) last.counts.push(count);
    else days.push({ day: count.day, counts: [count] });
  }
  return days;
}

/** Products in byte order of their ids, as the dataset orders its series. */
const PRODUCTS_IN_SERIES_ORDER = [...LLM_CODING_PRODUCTS].sort((a, b) =>
  a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
);

/** Every product's rows, series then period, read `daysPerPage` days of counts at a time. */
export async function* productDailyRows(
  db: Db,
  stopping?: AbortSignal,
  daysPerPage = DAYS_PER_PAGE,
): AsyncGenerator<BulkRow> {
  for (const product of PRODUCTS_IN_SERIES_ORDER)
    yield* rowsOfProduct(db, product, stopping, daysPerPage);
}

export const llmCodingProductDaily: MarketBulkDataset = {
  market: "llm-coding",
  name: "product-daily",
  title: "LLM Coding products, daily",
  description:
    "One row per product and UTC day: the coding agents' pull requests and commits opened that day on public GitHub, their merge rates in percent, and the Claude-vs-Codex comparisons, provisional until they mature.",
  historyRoute: "/api/llm-coding/history",
  seriesColumn: "product",
  periodColumn: "date",
  columns: FIELDS.columns,
  rows: productDailyRows,
  // Every value needs a key, of any plan: no free file.
  freeSeries: [],
};
