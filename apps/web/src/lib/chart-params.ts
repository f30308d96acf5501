/**
 * The query parameters of a chart's state, in one place: next.config.ts routes `/` by them and
 * the pages read and write them. No imports, so that next.config.ts can load it as is.
 */
export const CHART_RANGE_PARAM = "range";
/** Comma-separated lab identifiers shown in the home page's chart. */
export const HOME_SERIES_PARAM = "labs";
/** Comma-separated GPU names shown in /gpus's chart. */
export const GPU_SERIES_PARAM = "gpus";
