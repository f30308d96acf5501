import type { ReactNode } from "react";
import {
  chartGeometry,
  describeSeries,
  PLOT_HEIGHT,
  PLOT_WIDTH,
  type ChartGeometry,
  type YScaleKind,
} from "../lib/chart";
import { zoomSeries, type ChartZoom } from "../lib/chart-state";
import { daysBetween, type UtcDay } from "@tpi/domain";
import {
  formatCount,
  formatFractionPercent,
  formatPoints,
  formatShortUtcDay,
  formatUsd,
  formatUtcDay,
} from "../lib/format";
import type { Series } from "../lib/shape";
import { packIslandData, type ChartValueKind } from "../lib/chart-tooltip";
import { CONTROLLED_CHART_ID } from "../lib/chart-params";

/** The chart script (public/chart.js, built from src/client/chart.ts). */
const CHART_SCRIPT_URL = "/chart.js";

/**
 * Series styles: a colour each, from the theme (`--series-1` … in app/globals.css: at least
 * 4.5:1 on the light paper and on the dark one, above the 3:1 AA needs for graphics), and a
 * distinct dash pattern each, so that the lines differ without colour too. The colour is a CSS
 * class on SVG (presentation attributes take no variables) and a `var()` in the tooltip's swatch.
 */
export const SERIES_STYLES = [
  { stroke: "var(--series-1)", className: "chart-s1", dash: undefined },
  { stroke: "var(--series-2)", className: "chart-s2", dash: "8 4" },
  { stroke: "var(--series-3)", className: "chart-s3", dash: "2 3" },
  { stroke: "var(--series-4)", className: "chart-s4", dash: "10 3 2 3" },
  { stroke: "var(--series-5)", className: "chart-s5", dash: "4 4" },
  { stroke: "var(--series-6)", className: "chart-s6", dash: "12 4" },
] as const;

export function styleAt(index: number) {
  return SERIES_STYLES[index % SERIES_STYLES.length] ?? SERIES_STYLES[0];
}

type ValueFormat = {
  value: (value: number) => string;
  axis: (value: number, decimals: number) => string;
};

const VALUE_FORMATS: Record<ChartValueKind, ValueFormat> = {
  usd: {
    value: (value) => formatUsd(value),
    axis: (value, decimals) => formatUsd(value, decimals),
  },
  percent: {
    value: (value) => formatFractionPercent(value),
    axis: (value, decimals) => formatFractionPercent(value, decimals),
  },
  count: {
    value: (value) => formatCount(value),
    axis: (value) => formatCount(value),
  },
  points: {
    value: (value) => formatPoints(value),
    axis: (value, decimals) => formatPoints(value, decimals),
  },
};

/** The y axis's unit when a page does not name a finer one. */
const DEFAULT_UNITS: Record<ChartValueKind, string> = {
  usd: "USD",
  percent: "Percent",
  count: "Count",
  points: "Index points",
};

export type LineChartProps = {
  id: string;
  title: string;
  series: readonly Series[];
  /** Values are USD unless said otherwise. */
  valueKind?: ChartValueKind;
  /** Printed above the y axis, e.g. "USD per million tokens". */
  unit?: string;
  /** The axis uses fewer decimals than tables. */
  axisDecimals?: number;
  /** Range buttons, series toggles and the like, rendered between the title and the plot. */
  controls?: ReactNode;
  /** The y axis's scale (`?y=`); fitted to the data when absent. */
  yScale?: YScaleKind | undefined;
  /** The days a drag or pinch zoomed to (`?from=&to=`); the chart shows only those. */
  zoom?: ChartZoom | undefined;
  /**
   * Days from `from` to the chart's end drawn shaded and named by `label` under the plot (e.g.
   * counts still provisional), so that a reader sees which values may still move.
   */
  marked?: { from: UtcDay; label: string } | undefined;
  /** Days between consecutive values (7 for a weekly series); a wider step is a gap. Daily by default. */
  cadenceDays?: number;
};

/**
 * A server-rendered SVG line chart with a text alternative (title, description and caption).
 * It is complete without JavaScript. public/chart.js (no React, about 3 KB compressed, loaded
 * only by pages with a chart) adds the tooltip, the marker on the hovered points and zooming; it
 * reads the plot's data from `data-chart-points` when the reader first uses the plot. Nothing
 * here is a client component: the page hydrates no chart.
 */
export function LineChart({
  id,
  title,
  series,
  valueKind = "usd",
  unit,
  axisDecimals = 2,
  controls,
  yScale,
  zoom,
  marked,
  cadenceDays,
}: LineChartProps) {
  const shown = zoomSeries(series, zoom);
  const geometry = chartGeometry(shown, { yScale, cadenceDays });
  if (geometry === undefined)
    return (
      <>
        {controls}
        <p className="notice">No values to chart yet.</p>
      </>
    );
  const format = VALUE_FORMATS[valueKind];
  const description = describeSeries(shown, format.value, formatUtcDay);
  return (
    // A chart with controls is the one its links (and a zoom) land at; only it can be zoomed.
    <figure
      className="chart"
      data-chart={id}
      data-chart-scale={geometry.yScale}
      id={controls === undefined ? undefined : CONTROLLED_CHART_ID}
    >
      {controls}
      <p className="chart-unit" data-chart-unit>
        {unit ?? DEFAULT_UNITS[valueKind]}
        {geometry.yScale === "log" && ", logarithmic scale"}
      </p>
      {/* React hoists this to the head once per page, however many charts the page has. */}
      <script async src={CHART_SCRIPT_URL} />
      <div
        className="chart-area"
        data-chart-points={JSON.stringify(islandDataOf(geometry))}
        data-chart-title={title}
        data-chart-value-kind={valueKind}
        data-chart-zoomable={controls === undefined ? undefined : "true"}
      >
        {/*
          The outer SVG has no viewBox: its user unit is the CSS pixel, so tick labels keep their
          12 px at every width, placed by percentages (SVG lengths, not inline styles, which the
          Content-Security-Policy refuses). The nested SVG stretches the plot box to fit.
        */}
        <svg className="chart-svg" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          <ChartPlot geometry={geometry} markedFrom={marked?.from} />
          <ChartAxes geometry={geometry} format={format} axisDecimals={axisDecimals} />
          <LastValueDots geometry={geometry} />
        </svg>
        {/*
          Filled by public/chart.js: the cursor, markers and selection band, and the tooltip in a
          live region that screen readers announce. Set as (empty) inner HTML, so that React's
          hydration leaves whatever the script put there alone.
        */}
        <div
          className="chart-overlay"
          data-chart-overlay
          aria-hidden="true"
          dangerouslySetInnerHTML={EMPTY}
        />
        <div
          role="status"
          className="chart-tooltip-live"
          data-chart-live
          dangerouslySetInnerHTML={EMPTY}
        />
      </div>
      <ChartLegend geometry={geometry} />
      {marked !== undefined && marked.from <= geometry.lastDay && (
        <p className="chart-mark-note" data-chart-marked={marked.from}>
          <svg width="18" height="10" aria-hidden="true">
            <rect className="chart-mark" x="0" y="0" width="18" height="10" />
          </svg>
          {marked.label}
        </p>
      )}
      <figcaption>
        {title}, {formatUtcDay(geometry.firstDay)} to {formatUtcDay(geometry.lastDay)} (UTC
        settlement days). {description}
      </figcaption>
    </figure>
  );
}

const EMPTY = { __html: "" };

/** What public/chart.js needs for its tooltip and markers: each series' days, values and positions. */
function islandDataOf(geometry: ChartGeometry) {
  return packIslandData(
    geometry.series.map((line, index) => ({
      label: line.label,
      stroke: styleAt(index).stroke,
      points: line.points.map((point) => ({
        date: point.date,
        value: point.value,
        // Hundredths of a percent: finer than a pixel on any screen, and short in the page.
        x: Math.round((point.x / PLOT_WIDTH) * 10_000) / 100,
        y: Math.round((point.y / PLOT_HEIGHT) * 10_000) / 100,
      })),
    })),
  );
}

/**
 * The plot box's x range shaded from `from` (half a day before its first plotted point, so that
 * a single marked day shows) to the end; undefined when no plotted day is that late.
 */
function markedSpan(
  geometry: ChartGeometry,
  from: UtcDay,
): { x: number; width: number } | undefined {
  const first = geometry.series
    .flatMap((line) => line.points)
    .filter((point) => point.date >= from)
    .sort((a, b) => a.x - b.x)[0];
  if (first === undefined) return undefined;
  const halfDay = PLOT_WIDTH / Math.max(daysBetween(geometry.firstDay, geometry.lastDay), 1) / 2;
  const x = Math.max(0, first.x - halfDay);
  return { x, width: PLOT_WIDTH - x };
}

/** The plot box: horizontal grid lines at the y ticks, the marked days and one path per series. */
function ChartPlot({ geometry, markedFrom }: { geometry: ChartGeometry; markedFrom?: UtcDay }) {
  const span = markedFrom === undefined ? undefined : markedSpan(geometry, markedFrom);
  return (
    <svg
      viewBox={`0 0 ${PLOT_WIDTH} ${PLOT_HEIGHT}`}
      preserveAspectRatio="none"
      width="100%"
      height="100%"
      aria-hidden="true"
    >
      {span !== undefined && (
        <rect
          className="chart-mark"
          data-chart-mark
          x={span.x}
          y={0}
          width={span.width}
          height={PLOT_HEIGHT}
        />
      )}
      {geometry.yTicks.map((tick) => (
        <line
          key={`grid${tick.value}`}
          className="chart-grid"
          x1={0}
          x2={PLOT_WIDTH}
          y1={(tick.percent / 100) * PLOT_HEIGHT}
          y2={(tick.percent / 100) * PLOT_HEIGHT}
          vectorEffect="non-scaling-stroke"
        />
      ))}
      {geometry.series.map((line, index) => {
        const style = styleAt(index);
        return (
          <path
            key={line.key}
            className={style.className}
            d={line.path}
            fill="none"
            strokeWidth="2.25"
            strokeDasharray={style.dash}
            vectorEffect="non-scaling-stroke"
          />
        );
      })}
    </svg>
  );
}

/** The first x label starts at the axis and the last ends there, so neither is cut off. */
function xTickAnchor(index: number, lastTick: number): "start" | "middle" | "end" {
  if (lastTick > 0 && index === lastTick) return "end";
  if (index === 0 && lastTick > 0) return "start";
  return "middle";
}

/** Tick labels: values left of the plot, days below it (with the year where a reader needs it). */
function ChartAxes({
  geometry,
  format,
  axisDecimals,
}: {
  geometry: ChartGeometry;
  format: ValueFormat;
  axisDecimals: number;
}) {
  const lastTick = geometry.xTicks.length - 1;
  return (
    <g className="chart-ticks" aria-hidden="true">
      {geometry.yTicks.map((tick) => (
        <text
          key={`y${tick.value}`}
          className="chart-y"
          x={-6}
          y={`${tick.percent}%`}
          dy="0.35em"
          textAnchor="end"
        >
          {format.axis(tick.value, axisDecimals)}
        </text>
      ))}
      {geometry.xTicks.map((tick, index) => (
        <text
          key={`x${tick.value}`}
          className="chart-x"
          x={`${tick.percent}%`}
          y="100%"
          dy="1.35em"
          textAnchor={xTickAnchor(index, lastTick)}
        >
          {formatShortUtcDay(tick.value)}
          {tick.year !== undefined && (
            <tspan x={`${tick.percent}%`} dy="1.2em">
              {tick.year}
            </tspan>
          )}
        </text>
      ))}
    </g>
  );
}

/** A dot on each series' latest value. */
function LastValueDots({ geometry }: { geometry: ChartGeometry }) {
  return geometry.series.map((line, index) =>
    line.last === undefined ? null : (
      <circle
        key={`dot${line.key}`}
        cx={`${(line.last.x / PLOT_WIDTH) * 100}%`}
        cy={`${(line.last.y / PLOT_HEIGHT) * 100}%`}
        r="3.5"
        className={styleAt(index).className}
        fill="currentColor"
      />
    ),
  );
}

/** Each series' colour and dash beside its label; a single series needs none. */
function ChartLegend({ geometry }: { geometry: ChartGeometry }) {
  if (geometry.series.length <= 1) return null;
  return (
    <ul className="legend" aria-label="Legend">
      {geometry.series.map((line, index) => {
        const style = styleAt(index);
        return (
          <li key={line.key}>
            <svg width="28" height="10" aria-hidden="true">
              <line
                className={style.className}
                x1="0"
                x2="28"
                y1="5"
                y2="5"
                strokeWidth="2.5"
                strokeDasharray={style.dash}
              />
            </svg>
            {line.label}
          </li>
        );
      })}
    </ul>
  );
}
