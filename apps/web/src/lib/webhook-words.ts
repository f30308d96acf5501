import type { EventFilter, ThresholdRule } from "@tpi/domain";

/**
 * A subscription's filter in words, for the account page's list: what is sent, of which markets
 * and series, and the threshold rules. Each part says "every" where the filter does not narrow.
 */
export function filterInWords(filter: EventFilter): string {
  const types = filter.types === null ? "Every event type" : filter.types.join(", ");
  const markets = filter.markets === null ? "every market" : listWords(filter.markets);
  const series = filter.series === null ? "every series" : `series ${listWords(filter.series)}`;
  const rules =
    filter.thresholds.length === 0
      ? ""
      : `; thresholds: ${filter.thresholds.map(ruleInWords).join(", ")}`;
  return `${types}, of ${markets}, ${series}${rules}.`;
}

/** `level 100` (crossed either way), `change over 5 %` (of the previous value). */
export function ruleInWords(rule: ThresholdRule): string {
  return rule.kind === "level" ? `level ${rule.level}` : `change over ${rule.percent} %`;
}

function listWords(values: readonly string[]): string {
  if (values.length <= 1) return values.join("");
  return `${values.slice(0, -1).join(", ")} and ${values.at(-1) ?? ""}`;
}

/** A delivery's time taken, in milliseconds as measured by the api, or a dash when none was made. */
export function latencyWords(latencyMs: number | null): string {
  return latencyMs === null ? "–" : `${latencyMs} ms`;
}

/** The receiver's answer: its HTTP status, or why there was none (the api's words). */
export function responseWords(status: number | null, error: string | null): string {
  if (status !== null) return String(status);
  return error ?? "–";
}
