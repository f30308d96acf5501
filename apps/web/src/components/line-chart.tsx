import { chartGeometry, describeSeries } from "../lib/chart";
import { formatFractionPercent, formatShortUtcDay, formatUsd, formatUtcDay } from "../lib/format";
import type { Series } from "../lib/shape";

/**
 * Series styles: colours with at least 4.5:1 contrast on white (above the 3:1 AA needs for
 * graphics) and a distinct dash pattern each, so that the lines differ without colour too.
 */
const STYLES = [
  { stroke: "#0b57a4", dash: undefined },
  { stroke: "#a34a12", dash: "8 4" },
  { stroke: "#2b6b1f", dash: "2 3" },
  { stroke: "#6a1b9a", dash: "10 3 2 3" },
  { stroke: "#8a1538", dash: "4 4" },
  { stroke: "#00607a", dash: "12 4" },
] as const;

function styleAt(index: number) {
  return STYLES[index % STYLES.length] ?? STYLES[0];
}

/** How values read: USD amounts, or fractions shown as percentages (0.8 is 80%). */
export type ChartValueKind = "usd" | "percent";

const VALUE_FORMATS: Record<
  ChartValueKind,
  { value: (value: number) => string; axis: (value: number, decimals: number) => string }
> = {
  usd: {
    value: (value) => formatUsd(value),
    axis: (value, decimals) => formatUsd(value, decimals),
  },
  percent: {
    value: (value) => formatFractionPercent(value),
    axis: (value, decimals) => formatFractionPercent(value, decimals),
  },
};

type LineChartProps = {
  id: string;
  title: string;
  series: readonly Series[];
  /** Values are USD unless said otherwise. */
  valueKind?: ChartValueKind;
  /** The axis uses fewer decimals than tables. */
  axisDecimals?: number;
};

/** A server-rendered SVG line chart with a text alternative (title, description and caption). */
export function LineChart({
  id,
  title,
  series,
  valueKind = "usd",
  axisDecimals = 2,
}: LineChartProps) {
  const geometry = chartGeometry(series);
  if (geometry === undefined) return <p className="notice">No values to chart yet.</p>;
  const format = VALUE_FORMATS[valueKind];
  const description = describeSeries(series, format.value, formatUtcDay);
  const { frame } = geometry;
  return (
    <figure className="chart" data-chart={id}>
      <div className="chart-scroll">
        <svg
          viewBox={`0 0 ${frame.width} ${frame.height}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          preserveAspectRatio="xMidYMid meet"
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          <g fontSize="12" fill="#4a5363">
            {geometry.yTicks.map((tick) => (
              <g key={`y${tick.value}`}>
                <line
                  x1={frame.left}
                  x2={frame.width - frame.right}
                  y1={tick.position}
                  y2={tick.position}
                  stroke="#d5dae2"
                />
                <text x={frame.left - 8} y={tick.position + 4} textAnchor="end">
                  {format.axis(tick.value, axisDecimals)}
                </text>
              </g>
            ))}
            {geometry.xTicks.map((tick, index) => (
              <text
                key={`x${tick.value}`}
                x={tick.position}
                y={frame.height - frame.bottom + 20}
                // The last label ends at the right edge instead of overflowing it.
                textAnchor={
                  index === geometry.xTicks.length - 1 && geometry.xTicks.length > 1
                    ? "end"
                    : "middle"
                }
              >
                {formatShortUtcDay(tick.value)}
              </text>
            ))}
          </g>
          {geometry.series.map((line, index) => {
            const style = styleAt(index);
            return (
              <g key={line.key}>
                <path
                  d={line.path}
                  fill="none"
                  stroke={style.stroke}
                  strokeWidth="2.25"
                  strokeDasharray={style.dash}
                />
                {line.last && (
                  <circle cx={line.last.x} cy={line.last.y} r="3.5" fill={style.stroke} />
                )}
              </g>
            );
          })}
        </svg>
      </div>
      {geometry.series.length > 1 && (
        <ul className="legend" aria-label="Legend">
          {geometry.series.map((line, index) => {
            const style = styleAt(index);
            return (
              <li key={line.key}>
                <svg width="28" height="10" aria-hidden="true">
                  <line
                    x1="0"
                    x2="28"
                    y1="5"
                    y2="5"
                    stroke={style.stroke}
                    strokeWidth="2.5"
                    strokeDasharray={style.dash}
                  />
                </svg>
                {line.label}
              </li>
            );
          })}
        </ul>
      )}
      <figcaption>
        {title}, {formatUtcDay(geometry.firstDay)} to {formatUtcDay(geometry.lastDay)} (UTC
        settlement days). {description}
      </figcaption>
    </figure>
  );
}
