/**
 * The charts' only script, without React: built by `pnpm run build:chart-script` (esbuild) into
 * public/chart.js, which a page loads (async) only when it has a chart. It reads each plot's data
 * from its `data-chart-points` attribute only when the reader first points at, taps or focuses
 * it, so loading it costs next to nothing on the main thread.
 *
 * - a tooltip (day, value, change against the series' previous point) and a marker on each
 *   series' point follow the pointer, a tap, or the arrow keys once the plot has focus (Home and
 *   End jump to the ends, Escape hides it); the tooltip sits in a live region, so a screen
 *   reader announces it;
 * - dragging with the mouse across the plot, or spreading two fingers on it, zooms to the days
 *   selected; "+" zooms the keyboard's way (half the days around the chosen one), "0" resets.
 *   A zoom is the page's URL with `from` and `to` (rendered by the server, like the range links),
 *   so a zoomed chart can be shared and reads without JavaScript.
 *
 * The server renders the live region and the overlay as elements React does not hydrate into
 * (their content is set as inner HTML, empty), so this script can fill them at any time.
 */
import {
  chartValueKindOf,
  pinchSpan,
  plottedDays,
  nearestDay,
  stepDay,
  tooltipFor,
  unpackIslandData,
  zoomAround,
  zoomDays,
  type ChartValueKind,
  type DayRange,
  type IslandData,
  type IslandSeries,
} from "../lib/chart-tooltip";
import { CHART_FROM_PARAM, CHART_TO_PARAM, CONTROLLED_CHART_ID } from "../lib/chart-params";

const AREA = "[data-chart-points]";
/** A drag narrower than this share of the plot (percent) is a click, not a zoom. */
const MIN_DRAG_PERCENT = 3;

type Chart = {
  raw: string;
  series: IslandSeries[];
  days: string[];
  day: string | undefined;
  valueKind: ChartValueKind;
};

const charts = new WeakMap<HTMLElement, Chart>();

/** The plot's data, parsed on first use and again whenever the server rendered new data. */
function chartOf(area: HTMLElement): Chart | undefined {
  const raw = area.dataset.chartPoints ?? "";
  const known = charts.get(area);
  if (known !== undefined && known.raw === raw) return known;
  let data: IslandData;
  try {
    data = JSON.parse(raw) as IslandData;
  } catch {
    return undefined;
  }
  const series = unpackIslandData(data);
  const chart: Chart = {
    raw,
    series,
    days: plottedDays(series),
    day: undefined,
    valueKind: chartValueKindOf(area.dataset.chartValueKind),
  };
  charts.set(area, chart);
  return chart;
}

const part = (area: HTMLElement, name: string): HTMLElement | null =>
  area.querySelector<HTMLElement>(`[data-chart-${name}]`);

function element(tag: string, className: string, text?: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Shows the tooltip, cursor and markers of `day` (or hides them for `undefined`). */
function show(area: HTMLElement, chart: Chart, day: string | undefined): void {
  chart.day = day;
  const overlay = part(area, "overlay");
  const live = part(area, "live");
  if (overlay === null || live === null) return;
  const tooltip = day === undefined ? undefined : tooltipFor(chart.series, day, chart.valueKind);
  overlay.replaceChildren();
  live.replaceChildren();
  if (tooltip === undefined) return;
  // Positions go through the CSS object model: the Content-Security-Policy refuses style attributes.
  const cursor = element("span", "chart-cursor");
  cursor.style.left = `${tooltip.x}%`;
  overlay.append(cursor);
  for (const line of tooltip.lines) {
    if (line.y === undefined) continue;
    const marker = element("span", "chart-marker");
    marker.dataset.chartMarker = "";
    marker.style.left = `${tooltip.x}%`;
    marker.style.top = `${line.y}%`;
    marker.style.background = line.stroke;
    overlay.append(marker);
  }
  const box = element("div", "chart-tooltip");
  box.dataset.chartTooltip = tooltip.day;
  box.dataset.side = tooltip.x > 50 ? "left" : "right";
  box.style.left = `${tooltip.x}%`;
  box.append(element("strong", "", tooltip.heading));
  for (const line of tooltip.lines) {
    const row = element("span", "chart-tooltip-row");
    const swatch = element("span", "chart-swatch");
    swatch.style.background = line.stroke;
    row.append(swatch, `${tooltip.lines.length > 1 ? `${line.label}: ` : ""}${line.value}`);
    row.append(element("span", "chart-change", ` ${line.change}`));
    box.append(row);
  }
  live.append(box);
}

/** The pointer's position in percent of the plot's width. */
function percentAt(area: HTMLElement, clientX: number): number | undefined {
  const box = area.getBoundingClientRect();
  return box.width > 0 ? ((clientX - box.left) / box.width) * 100 : undefined;
}

/**
 * Loads the page's URL with the chart zoomed to `range` (or unzoomed), back at the chart. Only
 * the chart with controls takes a zoom (the page's URL holds one chart's view).
 */
function navigateZoom(area: HTMLElement, range: DayRange | undefined): void {
  if (area.dataset.chartZoomable !== "true") return;
  const url = new URL(window.location.href);
  if (range === undefined) {
    url.searchParams.delete(CHART_FROM_PARAM);
    url.searchParams.delete(CHART_TO_PARAM);
  } else {
    url.searchParams.set(CHART_FROM_PARAM, range.from);
    url.searchParams.set(CHART_TO_PARAM, range.to);
  }
  url.hash = CONTROLLED_CHART_ID;
  if (url.href !== window.location.href) window.location.assign(url.href);
}

/** The selection band while the mouse drags. */
function band(area: HTMLElement, from: number, to: number): void {
  const overlay = part(area, "overlay");
  if (overlay === null) return;
  let node = overlay.querySelector<HTMLElement>(".chart-selection");
  if (node === null) {
    node = element("span", "chart-selection");
    overlay.append(node);
  }
  node.style.left = `${Math.max(0, Math.min(from, to))}%`;
  node.style.width = `${Math.min(100, Math.abs(to - from))}%`;
}

type Gesture = { pointers: Map<number, { start: number; now: number }>; mouseFrom?: number };
const gestures = new WeakMap<HTMLElement, Gesture>();

function gestureOf(area: HTMLElement): Gesture {
  let gesture = gestures.get(area);
  if (gesture === undefined) {
    gesture = { pointers: new Map() };
    gestures.set(area, gesture);
  }
  return gesture;
}

function areaOf(event: Event): HTMLElement | null {
  return event.target instanceof Element ? event.target.closest<HTMLElement>(AREA) : null;
}

function onPointerDown(event: PointerEvent): void {
  const area = areaOf(event);
  const chart = area === null ? undefined : chartOf(area);
  if (area === null || chart === undefined) return;
  const at = percentAt(area, event.clientX);
  if (at === undefined) return;
  const gesture = gestureOf(area);
  gesture.pointers.set(event.pointerId, { start: at, now: at });
  if (event.pointerType === "mouse" && event.button === 0) {
    gesture.mouseFrom = at;
    // Keeps the moves coming while the drag leaves the plot; a drag must not select text.
    area.setPointerCapture(event.pointerId);
    event.preventDefault();
  }
  show(area, chart, nearestDay(chart.series, at));
}

function onPointerMove(event: PointerEvent): void {
  const area = areaOf(event);
  const chart = area === null ? undefined : chartOf(area);
  if (area === null || chart === undefined) return;
  const at = percentAt(area, event.clientX);
  if (at === undefined) return;
  const gesture = gestureOf(area);
  const pointer = gesture.pointers.get(event.pointerId);
  if (pointer !== undefined) pointer.now = at;
  show(area, chart, nearestDay(chart.series, at));
  if (
    gesture.mouseFrom !== undefined &&
    area.dataset.chartZoomable === "true" &&
    Math.abs(at - gesture.mouseFrom) >= MIN_DRAG_PERCENT
  )
    band(area, gesture.mouseFrom, at);
}

function onPointerUp(event: PointerEvent): void {
  const area = areaOf(event);
  const chart = area === null ? undefined : chartOf(area);
  if (area === null || chart === undefined) return;
  const gesture = gestureOf(area);
  const at = percentAt(area, event.clientX);
  if (gesture.mouseFrom !== undefined && at !== undefined) {
    const from = gesture.mouseFrom;
    gesture.mouseFrom = undefined;
    part(area, "overlay")?.querySelector(".chart-selection")?.remove();
    if (Math.abs(at - from) >= MIN_DRAG_PERCENT) {
      const range = zoomDays(chart.series, from, at);
      if (range !== undefined) navigateZoom(area, range);
    }
  }
  const fingers = [...gesture.pointers.values()];
  if (fingers.length === 2) {
    const [one, two] = fingers;
    if (one !== undefined && two !== undefined) {
      const span = pinchSpan([one.start, two.start], [one.now, two.now]);
      const range = span === undefined ? undefined : zoomDays(chart.series, span[0], span[1]);
      if (range !== undefined) navigateZoom(area, range);
    }
  }
  gesture.pointers.delete(event.pointerId);
}

function onPointerLeave(event: PointerEvent): void {
  const area = areaOf(event);
  // pointerleave reaches the document's capture listener from every element: only the plot's own.
  if (area === null || event.target !== area) return;
  if (event.pointerType !== "mouse" || gestureOf(area).mouseFrom !== undefined) return;
  const chart = chartOf(area);
  if (chart !== undefined) show(area, chart, undefined);
}

function onKeyDown(event: KeyboardEvent): void {
  const area = areaOf(event);
  if (area === null || event.target !== area) return;
  const chart = chartOf(area);
  if (chart === undefined) return;
  if (event.key === "Escape") {
    show(area, chart, undefined);
    return;
  }
  if (event.key === "+" || event.key === "=") {
    const range = zoomAround(chart.days, chart.day);
    if (range !== undefined) navigateZoom(area, range);
    return;
  }
  if (event.key === "0") {
    navigateZoom(area, undefined);
    return;
  }
  const next = stepDay(chart.days, chart.day, event.key);
  if (next === undefined) return;
  event.preventDefault();
  show(area, chart, next);
}

function onFocusOut(event: FocusEvent): void {
  const area = areaOf(event);
  if (area === null || event.target !== area) return;
  const chart = chartOf(area);
  if (chart !== undefined) show(area, chart, undefined);
}

/**
 * Makes a plot focusable and says how to use it. Attributes only: React does not undo attributes
 * it did not render, so this may run before, during or after the page is hydrated.
 */
function prepare(area: HTMLElement): void {
  if (area.tabIndex === 0) return;
  area.tabIndex = 0;
  area.setAttribute("role", "group");
  const zoom = area.dataset.chartZoomable === "true" ? ", + to zoom in, 0 to reset the zoom" : "";
  area.setAttribute(
    "aria-label",
    `${area.dataset.chartTitle ?? "Chart"}: use the arrow keys to read each day${zoom}`,
  );
}

function prepareAll(): void {
  for (const area of document.querySelectorAll<HTMLElement>(AREA)) prepare(area);
}

function start(): void {
  // Delegated listeners: one set for every chart, including charts a navigation brings later.
  document.addEventListener("pointerdown", onPointerDown);
  document.addEventListener("pointermove", onPointerMove, { passive: true });
  document.addEventListener("pointerup", onPointerUp);
  document.addEventListener("pointercancel", onPointerUp);
  document.addEventListener("pointerleave", onPointerLeave, true);
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("focusout", onFocusOut);
  prepareAll();
  // A range link or series toggle renders a new chart in place (a client-side navigation): new
  // plots are prepared, and a plot whose data changed loses the old day's tooltip.
  new MutationObserver((records) => {
    for (const record of records)
      if (record.type === "attributes" && record.target instanceof HTMLElement) {
        const chart = chartOf(record.target);
        if (chart !== undefined) show(record.target, chart, undefined);
      }
    prepareAll();
  }).observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["data-chart-points"],
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
