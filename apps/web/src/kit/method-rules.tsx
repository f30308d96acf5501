import { DocsInline } from "../components/docs-text";

/**
 * A market's method, one rule per item, as its methodology answer states them: each rule's
 * Markdown (`code`, emphasis, links) rendered as formatting, never shown as raw backticks.
 * `market` names the list's data attribute (`data-<market>-methodology`), which its tests read.
 */
export function MethodRules({ rules, market }: { rules: readonly string[]; market?: string }) {
  if (rules.length === 0) return null;
  return (
    <ul {...(market === undefined ? {} : { [`data-${market}-methodology`]: "" })}>
      {rules.map((rule) => (
        <li key={rule}>
          <DocsInline text={rule} />
        </li>
      ))}
    </ul>
  );
}
