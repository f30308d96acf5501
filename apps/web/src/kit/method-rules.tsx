import type { ReactNode } from "react";
import { DocsInline } from "../components/docs-text";
import { formatUtcDay } from "../lib/format";

/**
 * A list of the api's texts, one per item, each one's Markdown (`code`, emphasis, links)
 * rendered as formatting, never shown as raw backticks. `attributes` are the data attributes
 * its tests find it by.
 */
export function MarkdownList({
  items,
  attributes = {},
}: {
  items: readonly string[];
  attributes?: Readonly<Record<`data-${string}`, string | boolean>>;
}) {
  return (
    <ul {...attributes}>
      {items.map((item) => (
        <li key={item}>
          <DocsInline text={item} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A market's method, one rule per item, as its methodology answer states them (nothing without
 * rules). `market` names the list's data attribute (`data-<market>-methodology`).
 */
export function MethodRules({ rules, market }: { rules: readonly string[]; market?: string }) {
  if (rules.length === 0) return null;
  return (
    <MarkdownList
      items={rules}
      attributes={market === undefined ? {} : { [`data-${market}-methodology`]: "" }}
    />
  );
}

/**
 * Which version of its method a market's values follow, and how far they reach: `reached` says
 * it of the latest day published (given as its `<time>`), `none` that no day is yet. `market`
 * names the version's data attribute (`data-<market>-methodology-version`).
 */
export function MethodologyVersion({
  market,
  version,
  latestDay,
  reached,
  none,
}: {
  market: string;
  version: string;
  latestDay: string | null;
  reached: (day: ReactNode) => ReactNode;
  none: string;
}) {
  return (
    <p>
      Methodology version{" "}
      <strong {...{ [`data-${market}-methodology-version`]: version }}>{version}</strong>;{" "}
      {latestDay === null
        ? none
        : reached(<time dateTime={latestDay}>{formatUtcDay(latestDay)}</time>)}
      .
    </p>
  );
}
