"use client";

import {
  useEffect,
  useMemo,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from "react";
import {
  nearestDay,
  plottedDays,
  stepDay,
  tooltipFor,
  unpackIslandData,
  type IslandData,
} from "../lib/chart-tooltip";

type ChartIslandProps = {
  /** The chart's title, for the name of the keyboard-focusable plot. */
  title: string;
  valueKind: "usd" | "percent";
  data: IslandData;
  children: ReactNode;
};

/**
 * The chart's only client code: a tooltip (day, value, change against the series' previous
 * point) that follows the pointer, a tap, or the arrow keys once the plot has focus (Home and
 * End jump to the ends, Escape hides it). The tooltip's text is announced to screen readers.
 * Without JavaScript the server-rendered drawing, its caption and the page's table carry the
 * same numbers, and the plot takes no focus it could not use.
 */
export function ChartIsland({ title, valueKind, data, children }: ChartIslandProps) {
  const series = useMemo(() => unpackIslandData(data), [data]);
  const [day, setDay] = useState<string | undefined>(undefined);
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);

  function track(event: PointerEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0) return;
    setDay(nearestDay(series, ((event.clientX - box.left) / box.width) * 100));
  }

  function key(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      setDay(undefined);
      return;
    }
    const next = stepDay(plottedDays(series), day, event.key);
    if (next === undefined) return;
    event.preventDefault();
    setDay(next);
  }

  const tooltip = day === undefined ? undefined : tooltipFor(series, day, valueKind);
  return (
    <div
      className="chart-area"
      onPointerMove={track}
      onPointerDown={track}
      onPointerLeave={(event) => {
        if (event.pointerType === "mouse") setDay(undefined);
      }}
      {...(interactive && {
        tabIndex: 0,
        role: "group",
        "aria-label": `${title}: use the arrow keys to read each day`,
        onKeyDown: key,
        onBlur: () => setDay(undefined),
      })}
    >
      {children}
      {tooltip !== undefined && (
        <span className="chart-cursor" style={{ left: `${tooltip.x}%` }} aria-hidden="true" />
      )}
      <div role="status" className="chart-tooltip-live">
        {tooltip !== undefined && (
          <div
            className="chart-tooltip"
            data-chart-tooltip={tooltip.day}
            data-side={tooltip.x > 50 ? "left" : "right"}
            style={{ left: `${tooltip.x}%` }}
          >
            <strong>{tooltip.heading}</strong>
            {tooltip.lines.map((line) => (
              <span key={line.label} className="chart-tooltip-row">
                <span className="chart-swatch" style={{ background: line.stroke }} />
                {tooltip.lines.length > 1 && `${line.label}: `}
                {line.value}
                <span className="chart-change"> {line.change}</span>
              </span>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
