import { CONTROLLED_CHART_ID } from "../lib/chart-params";
import { KEY_HREF } from "./keyed-access";
import { LineChart, type LineChartProps } from "./line-chart";
import { DEFAULT_Y_SCALE, Y_SCALES, type YScaleKind } from "../lib/chart";
import { formatUtcDay } from "../lib/format";
import {
  CHART_RANGES,
  chartStateHref,
  isRangeLocked,
  toggleSeries,
  type ChartOffer,
  type ChartState,
} from "../lib/chart-state";

/** What each y scale's link says; its title says what it does. */
const Y_SCALE_LABELS: Record<YScaleKind, { text: string; title: string }> = {
  fit: { text: "Fit", title: "Y axis fitted to the values shown" },
  zero: { text: "From 0", title: "Y axis from zero" },
  log: { text: "Log", title: "Logarithmic y axis: equal percentage moves look equal" },
};

/** A chart link with the fragment that lands the reloaded page at the chart. */
export function anchored(href: string): string {
  return `${href}#${CONTROLLED_CHART_ID}`;
}

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
 * Range buttons, series toggles and scales as plain links: each names a URL the server renders,
 * so they work without JavaScript and a shared link shows the same chart. Ranges wider than the
 * data the page holds for a visitor are shown locked, with the note that a key reaches them.
 * They are `<a>`, not next/link: each would be a client component to hydrate and a page to
 * prefetch (rendered per request, for nothing), which on a phone costs more main-thread time than
 * the page load they save; the fragment brings the reader back to the chart.
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
                <a
                  href={anchored(
                    chartStateHref(path, { ...state, range, zoom: undefined }, offer, seriesParam),
                  )}
                  data-range={range}
                  aria-current={state.range === range ? "true" : undefined}
                >
                  {range}
                </a>
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
                  <a
                    href={anchored(
                      chartStateHref(path, toggleSeries(state, key), offer, seriesParam),
                    )}
                    data-series={key}
                    data-shown={shown ? "true" : "false"}
                  >
                    {labels[key] ?? key}
                    <span className="sr-only">
                      {shown ? " (shown, hide it)" : " (hidden, show it)"}
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      <nav aria-label="Y axis scale">
        <ul>
          {Y_SCALES.map((y) => (
            <li key={y}>
              <a
                href={anchored(chartStateHref(path, { ...state, y }, offer, seriesParam))}
                data-y-scale={y}
                title={Y_SCALE_LABELS[y].title}
                aria-current={(state.y ?? DEFAULT_Y_SCALE) === y ? "true" : undefined}
              >
                {Y_SCALE_LABELS[y].text}
                <span className="sr-only"> ({Y_SCALE_LABELS[y].title.toLowerCase()})</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {state.zoom !== undefined && (
        <p className="chart-controls-label" data-chart-zoom>
          Zoomed to {formatUtcDay(state.zoom.from)} – {formatUtcDay(state.zoom.to)}.{" "}
          <a
            href={anchored(chartStateHref(path, { ...state, zoom: undefined }, offer, seriesParam))}
            data-zoom-reset
          >
            Reset zoom
          </a>
        </p>
      )}
      {locked.length > 0 && (
        <p className="chart-controls-label" data-locked-note>
          {locked.join(", ")}: older history needs an API key (<a href={KEY_HREF}>get one</a>
          ).
        </p>
      )}
    </div>
  );
}

/** Where a chart's links go: the page, its series parameter, and what they call the series. */
export type ChartLinks = Omit<ChartControlsProps, "state" | "offer">;

/**
 * A line chart with its range, series and scale links: drawn on the scale and zoom the state
 * asks for; `links` says where the links go. `series` is what the state shows of the page's
 * series (`applyChartState`), or the rows the range cut.
 */
export function ControlledChart({
  state,
  offer,
  links,
  ...chart
}: Omit<LineChartProps, "controls" | "yScale" | "zoom"> & {
  state: ChartState;
  offer: ChartOffer;
  links: ChartLinks;
}) {
  return (
    <LineChart
      {...chart}
      yScale={state.y}
      zoom={state.zoom}
      controls={<ChartControls {...links} state={state} offer={offer} />}
    />
  );
}
