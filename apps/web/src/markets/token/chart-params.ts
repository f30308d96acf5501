/**
 * The token charts' series parameter: next.config.ts routes `/` by it and the pages read and
 * write it. No imports, so that next.config.ts can load it as is.
 */

/** Comma-separated lab identifiers shown in the home page's chart (`?labs=`). */
export const HOME_SERIES_PARAM = "labs";
