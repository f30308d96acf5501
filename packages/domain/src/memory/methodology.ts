import { MEMORY_IMPORT_ALIASES, MEMORY_IMPORT_COLUMNS } from "./import-file";
import { MAX_MEMORY_HISTORY_LIMIT, DEFAULT_MEMORY_HISTORY_LIMIT } from "./query";
import { MEMORY_SAMPLE_TRADING_DAYS } from "./sample";
import { MEMORY_VALUE_DECIMALS, WEEKLY_WINDOW_DAYS } from "./settlement";

/** The method's version: the session, the settlement calendar and the derived fields. */
export const MEMORY_METHODOLOGY_VERSION = "1.0";
export const MEMORY_UNIT = "USD per chip (DRAM and NAND flash) or per module (modules)";

/** The method, one sentence per rule, for the methodology route, the website and the MCP resource. */
export function describeMemoryMethodology(): string[] {
  return [
    "Prices are observations imported by the operator from their own licensed feed (`tpi memory import`): each names its memory type, its USD price, when it was observed, its source and, when the source gives them, its publication time, address, licence and citation.",
    "The index settles once per NYSE trading day at 4 PM America/New_York (20:00 UTC under daylight saving time, 21:00 UTC otherwise): Monday to Friday except the NYSE holidays (New Year's Day, Martin Luther King Jr. Day, Washington's Birthday, Good Friday, Memorial Day, Juneteenth, Independence Day, Labor Day, Thanksgiving Day, Christmas Day; a holiday on a Saturday closes the Friday before, one on a Sunday the Monday after, except New Year's Day on a Saturday, which closes nothing). One-off closures are not modelled.",
    "A trading day's session runs from the previous trading day's 4 PM settlement (excluded) to its own (included): an observation at 4:00 PM exactly belongs to that day, one a second later, or on a weekend or holiday, to the next trading day.",
    "`price` is the session average: the plain mean of the type's observations in the session, from every source imported.",
    `Prices (USD) and percentages are kept to ${MEMORY_VALUE_DECIMALS} decimal places (0.000001), imported prices included, so that a stored value is exactly the value computed.`,
    "A trading day without an observation of a type has no value for it: nothing is carried forward, and the history has no row that day.",
    "`changePct` is the change from the type's previous settled price in percent; null for its first value.",
    `\`weeklyHigh\` and \`weeklyLow\` are the highest and lowest settled price of the type over the ${WEEKLY_WINDOW_DAYS} calendar days ending on the day (the day included).`,
    "`sourceUpdatedAt` is the latest source publication time among the session's observations (its observation time where the source gave none); `updatedAt` is when the service settled the value.",
    "The settlement job settles every trading day whose 4 PM has passed. A settled value never changes silently: an import that changes a settled session's observations re-settles the day and records a revision (old and new price, reason, time: GET /api/memory/revisions); the following days' change and weekly high and low are re-derived with it.",
    `History answers are oldest first; \`limit\` (default ${DEFAULT_MEMORY_HISTORY_LIMIT}, at most ${MAX_MEMORY_HISTORY_LIMIT}) keeps the latest rows of the range. A date-only \`endDate\` includes that day's 4 PM settlement.`,
    `Until the first import, and when SEED_SAMPLE_ON_EMPTY allows, the service shows a generated sample of ${MEMORY_SAMPLE_TRADING_DAYS} trading days for every type, marked \`sample: true\` on every answer; the first import replaces it.`,
  ];
}

/**
 * What was checked for a public series to bundle, and why none is: the reason the service
 * imports the operator's own licensed feed and bundles no data.
 */
export const MEMORY_PUBLIC_SERIES_CHECK = [
  "No open, licensed source of DRAM or NAND chip spot prices (the 14 types) is known: spot and contract quotes are sold under subscription terms that forbid republication.",
  "Retail series exist: Stanford's DAM memory-price page (dam.stanford.edu/memory-prices.html) merges John C. McCallum's memory-price dataset (jcmit.net, 1957-2024) with Keepa Amazon retail scrapes from mid-2024, as the cheapest advertised USD per GB, monthly. Neither the page, its downloadable CSV's description, nor McCallum's dataset states a licence that allows republication (the page asks readers to check its sources before citing, and Keepa's data is under Keepa's terms), so none of it is bundled or fetched; such series would in any case be retail USD per GB, not chip spot prices, and never mixed with the 14 types.",
  "The operator imports their own licensed feed; every answer names each row's source, licence and citation as imported.",
];

/** The import file's fields, as the methodology and the command's help list them. */
export function describeMemoryImportColumns(): { column: string; meaning: string }[] {
  return Object.entries(MEMORY_IMPORT_COLUMNS).map(([column, meaning]) => {
    const aliases = Object.entries(MEMORY_IMPORT_ALIASES)
      .filter(([, target]) => target === column)
      .map(([alias]) => `\`${alias}\``);
    return {
      column,
      meaning: aliases.length === 0 ? meaning : `${meaning}; also read as ${aliases.join(", ")}`,
    };
  });
}
