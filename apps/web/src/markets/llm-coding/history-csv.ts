import { seriesCsvRoute } from "../../kit/series-csv";
import { codingHistoryToCsv } from "./lib";
import { CODING_SERIES } from "./loaders";

/**
 * A product's rows as CSV (`date,value[,value2],status,sample,source,citation`), each with the
 * answer's sources.
 */
export const GET = seriesCsvRoute(CODING_SERIES, {
  unknown: (id) => `No LLM Coding product is named ${id}.`,
  body: (rows, answer, product) => codingHistoryToCsv(rows, product.compare, answer.dataSources),
});
