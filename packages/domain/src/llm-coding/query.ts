import { badRequest, type DomainError } from "../shared/errors";
import {
  invalidRowLimitMessage,
  parseDatedRows,
  type DatedRows,
  type RowLimit,
} from "../shared/dated-query";
import { singleParameterQuery, requiredParameterMessage } from "../shared/query-parameters";
import { err, ok, type Result } from "../shared/result";
import {
  LLM_CODING_PRODUCT_LIST_TEXT,
  isCompareProduct,
  isLlmCodingProductId,
  llmCodingProduct,
  type LlmCodingProductId,
} from "./catalog";

/** Rules of `GET /api/llm-coding/index` and `/history` that do not depend on storage. */
export const LLM_CODING_INDEX_QUERY_PARAMETERS = ["product"] as const;
export const LLM_CODING_HISTORY_QUERY_PARAMETERS = [
  "product",
  "startDate",
  "endDate",
  "limit",
] as const;

/** History rows per answer unless `limit` says otherwise (the contract's default). */
export const DEFAULT_LLM_CODING_HISTORY_LIMIT = 2000;
/** The most rows one history answer may carry: more than 13 years of days. */
export const MAX_LLM_CODING_HISTORY_LIMIT = 5000;

export function invalidProductMessage(value: string): string {
  return `Invalid product '${value}'. Allowed values (case-sensitive): ${LLM_CODING_PRODUCT_LIST_TEXT}.`;
}

export function compareProductIndexMessage(product: string): string {
  return `Product '${product}' compares two series and has no single current value; use GET /api/llm-coding/history?product=${product}.`;
}

/** The history's `limit`: its default and most rows, as the parser and the api's document read it. */
export const LLM_CODING_HISTORY_LIMIT: RowLimit = {
  default: DEFAULT_LLM_CODING_HISTORY_LIMIT,
  max: MAX_LLM_CODING_HISTORY_LIMIT,
};

export function invalidLimitMessage(value: string): string {
  return invalidRowLimitMessage(value, MAX_LLM_CODING_HISTORY_LIMIT);
}

function parseProduct(value: string | undefined): Result<LlmCodingProductId, DomainError> {
  if (value === undefined) return err(badRequest(requiredParameterMessage("product")));
  return isLlmCodingProductId(value) ? ok(value) : err(badRequest(invalidProductMessage(value)));
}

/** `GET /api/llm-coding/index?product`: a known product with a single series. */
export const parseLlmCodingIndexQuery = singleParameterQuery(
  LLM_CODING_INDEX_QUERY_PARAMETERS,
  (params): Result<{ product: LlmCodingProductId }, DomainError> => {
    const product = parseProduct(params.product);
    if (!product.ok) return product;
    if (isCompareProduct(llmCodingProduct(product.value)))
      return err(badRequest(compareProductIndexMessage(product.value)));
    return ok({ product: product.value });
  },
);

export type LlmCodingHistoryQuery = DatedRows & { product: LlmCodingProductId };

/**
 * `GET /api/llm-coding/history`: a known product (comparison products too), optional inclusive
 * days in order, and a limit (default DEFAULT_LLM_CODING_HISTORY_LIMIT).
 */
export const parseLlmCodingHistoryQuery = singleParameterQuery(
  LLM_CODING_HISTORY_QUERY_PARAMETERS,
  (params): Result<LlmCodingHistoryQuery, DomainError> => {
    const product = parseProduct(params.product);
    if (!product.ok) return product;
    const rows = parseDatedRows(params, LLM_CODING_HISTORY_LIMIT);
    if (!rows.ok) return rows;
    return ok({ product: product.value, ...rows.value });
  },
);

/** `GET /api/llm-coding/revisions`: the history's parameters without `limit`. */
export const LLM_CODING_REVISIONS_QUERY_PARAMETERS = ["product", "startDate", "endDate"] as const;

export type LlmCodingRevisionsQuery = Omit<LlmCodingHistoryQuery, "limit">;

/**
 * `GET /api/llm-coding/revisions`: a known product (comparison products too) and optional
 * inclusive days in order, refused in the history's words.
 */
export const parseLlmCodingRevisionsQuery = singleParameterQuery(
  LLM_CODING_REVISIONS_QUERY_PARAMETERS,
  (params): Result<LlmCodingRevisionsQuery, DomainError> => {
    const parsed = parseLlmCodingHistoryQuery(params);
    if (!parsed.ok) return parsed;
    const { limit: _limit, ...query } = parsed.value;
    return ok(query);
  },
);
