import type { ReactNode } from "react";
import { DocsInline } from "../components/docs-text";

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
 * Which version of its method a market's values follow, and how far they reach (`latest`: the
 * latest settled day, or that none is yet). `market` names the version's data attribute
 * (`data-<market>-methodology-version`).
 */
export function MethodologyVersion({
  market,
  version,
  latest,
}: {
  market: string;
  version: string;
  latest: ReactNode;
}) {
  return (
    <p>
      Methodology version{" "}
      <strong {...{ [`data-${market}-methodology-version`]: version }}>{version}</strong>; {latest}.
    </p>
  );
}
