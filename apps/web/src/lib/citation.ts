import { SITE_NAME } from "./social";

/** The licence of the index data, as the footer states it. */
export const DATA_LICENCE = {
  name: "CC BY 4.0",
  url: "https://creativecommons.org/licenses/by/4.0/",
} as const;

export type Citation = {
  /** The series cited, e.g. "Anthropic token price index". */
  series: string;
  /** Its unit, e.g. "USD per million tokens". */
  unit: string;
  /** The settlement day (YYYY-MM-DD) or the print's hour (ISO instant) the value belongs to. */
  valueDate: string;
  /** The absolute URL of the page the value was read from. */
  url: string;
};

/** One line a reader can paste under a chart or a table: source, series, value date, URL, licence. */
export function citationText(citation: Citation): string {
  return `${SITE_NAME}, “${citation.series}” (${citation.unit}), value of ${citation.valueDate} (UTC), retrieved from ${citation.url}. Licensed under ${DATA_LICENCE.name}.`;
}
