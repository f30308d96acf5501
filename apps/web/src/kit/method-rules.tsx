import type { ReactNode } from "react";
import { DocsInline } from "../components/docs-text";
import { formatUtcDay } from "../lib/format";
import { RouteLink, type ApiRoute } from "./route-link";
import { TitledSection } from "./titled-section";

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
 * it of the latest day published (given as its `<time>`), `none` that no day is yet.
 */
export type MethodVersion = {
  version: string;
  latestDay: string | null;
  reached: (day: ReactNode) => ReactNode;
  none: string;
};

/** A market's method version as a sentence; `market` names its data attribute (`data-<market>-methodology-version`). */
function MethodologyVersion({
  market,
  version: { version, latestDay, reached, none },
}: {
  market: string;
  version: MethodVersion;
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

/** Routes joined in a sentence: `A`, `A and B`, `A, B and C`. */
function RouteList({ routes }: { routes: readonly ApiRoute[] }) {
  return routes.map((route, index) => (
    <span key={route.operationId}>
      {index === 0 ? "" : index === routes.length - 1 ? " and " : ", "}
      <RouteLink route={route} />
    </span>
  ));
}

/** Where the api serves a market's method and values, and to whom. */
export type MethodServed = {
  /** The methodology route, with what it holds beyond the rules (`with each agent's exact search`). */
  methodology: ApiRoute;
  holds?: string;
  /** Other public routes, each with what it serves (`the catalogue`). */
  public?: readonly { what: string; route: ApiRoute }[];
  /** The routes of the values, and the plans whose keys read them. */
  values: readonly ApiRoute[];
  plansText: string;
};

/** One sentence on every market's page: where the api serves its method and values, to whom. */
export function MethodServedBy({ served }: { served: MethodServed }) {
  return (
    <p>
      The whole methodology{served.holds === undefined ? "" : `, ${served.holds},`} is served to
      anyone by <RouteLink route={served.methodology} />
      {(served.public ?? []).map(({ what, route }) => (
        <span key={route.operationId}>
          , {what} by <RouteLink route={route} />
        </span>
      ))}
      ; the values by <RouteList routes={served.values} /> with an API key of {served.plansText};
      see the <a href="/docs">API docs</a>.
    </p>
  );
}

/**
 * A market's "how it is computed" section: which version of the method its values follow
 * (`version`, where it versions its method), the rules, where the api serves them and the values,
 * then what the market adds (`children`). Its data attributes are `data-<market>-method` and the
 * rules' `data-<market>-methodology`.
 */
export function MethodSection({
  market,
  title,
  version,
  rules,
  served,
  children,
}: {
  market: string;
  title: string;
  version?: MethodVersion;
  rules: readonly string[];
  served: MethodServed;
  children?: ReactNode;
}) {
  return (
    <TitledSection
      id="method-heading"
      title={title}
      attributes={{ [`data-${market}-method`]: true }}
    >
      {version !== undefined && <MethodologyVersion market={market} version={version} />}
      <MethodRules rules={rules} market={market} />
      <MethodServedBy served={served} />
      {children}
    </TitledSection>
  );
}
