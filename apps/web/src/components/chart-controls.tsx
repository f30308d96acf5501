import Link from "next/link";
import { KEY_HREF } from "./keyed-access";
import {
  CHART_RANGES,
  chartStateHref,
  isRangeLocked,
  toggleSeries,
  type ChartOffer,
  type ChartState,
} from "../lib/chart-state";

type ChartControlsProps = {
  path: string;
  state: ChartState;
  offer: ChartOffer;
  /** `labs` or `gpus`: the query parameter naming the shown series. */
  seriesParam: string;
  /** Display names of the series keys, e.g. `anthropic` → `Anthropic`. */
  labels: Readonly<Record<string, string>>;
  /** What the toggles switch, e.g. "Labs" or "GPUs". */
  seriesNoun: string;
};

/**
 * Range buttons and series toggles as plain links: each names a URL the server renders, so they
 * work without JavaScript and a shared link shows the same chart. Ranges wider than the data the
 * page holds for a visitor are shown locked, with the note that a key reaches them.
 */
export function ChartControls({
  path,
  state,
  offer,
  seriesParam,
  labels,
  seriesNoun,
}: ChartControlsProps) {
  const locked = CHART_RANGES.filter((range) => isRangeLocked(range, offer));
  return (
    <div className="chart-controls" data-chart-controls>
      <nav aria-label="Chart range">
        <ul>
          {CHART_RANGES.map((range) =>
            isRangeLocked(range, offer) ? (
              <li key={range}>
                <span className="locked" data-range={range} data-locked="true">
                  {range}
                  <span className="sr-only"> (needs an API key)</span>
                </span>
              </li>
            ) : (
              <li key={range}>
                <Link
                  href={chartStateHref(path, { ...state, range }, offer, seriesParam)}
                  data-range={range}
                  aria-current={state.range === range ? "true" : undefined}
                  scroll={false}
                >
                  {range}
                </Link>
              </li>
            ),
          )}
        </ul>
      </nav>
      {offer.keys.length > 1 && (
        <nav aria-label={`${seriesNoun} shown in the chart`}>
          <ul>
            {offer.keys.map((key) => {
              const shown = state.keys.includes(key);
              return (
                <li key={key}>
                  <Link
                    href={chartStateHref(path, toggleSeries(state, key), offer, seriesParam)}
                    data-series={key}
                    data-shown={shown ? "true" : "false"}
                    scroll={false}
                  >
                    {labels[key] ?? key}
                    <span className="sr-only">
                      {shown ? " (shown, hide it)" : " (hidden, show it)"}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      {locked.length > 0 && (
        <p className="chart-controls-label" data-locked-note>
          {locked.join(", ")}: older history needs an API key (
          <Link prefetch={false} href={KEY_HREF}>
            get one
          </Link>
          ).
        </p>
      )}
    </div>
  );
}
