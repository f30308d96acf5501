import { seriesCsvRoute } from "../../kit/series-csv";
import { memoryHistoryToCsv, memoryRowProvenance } from "./lib";
import { MEMORY_SERIES } from "./loaders";

/**
 * A memory type's settled days as CSV
 * (`date,price,changePct,weeklyHigh,weeklyLow,sourceUpdatedAt,sample,source,citation`), each row
 * with the sources its day was settled from.
 */
export const GET = seriesCsvRoute(MEMORY_SERIES, {
  unknown: (id) => `No memory type has the id ${id}.`,
  body: (rows, answer) =>
    memoryHistoryToCsv(rows, (row) => memoryRowProvenance(answer.dataSources, row)),
});
