/**
 * The query parameters of a chart's state, in one place: next.config.ts routes `/` by them and
 * the pages read and write them. No imports, so that next.config.ts can load it as is.
 */
export const CHART_RANGE_PARAM = "range";
/** The y axis's scale: `fit` (the default, left out of links), `zero` or `log`. */
export const CHART_Y_PARAM = "y";
/** A zoomed chart's first and last day (UTC days), set by dragging or pinching the plot. */
export const CHART_FROM_PARAM = "from";
export const CHART_TO_PARAM = "to";
/**
 * The id of the chart a page's chart links (range, series, scale, zoom) control, and their
 * fragment: each is a page load, which lands at the chart instead of the page's top. A page has
 * at most one chart with controls.
 */
export const CONTROLLED_CHART_ID = "chart";
/** Every query parameter of a chart's view besides its range and series. */
export const CHART_VIEW_PARAMS = ["y", "from", "to"] as const;
