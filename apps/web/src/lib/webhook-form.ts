import {
  EVENT_FILTER_MESSAGES,
  EVENT_TYPE_NAMES,
  isEventType,
  type EventType,
  type ThresholdInput,
} from "@tpi/domain";

/**
 * The website's form for a new webhook subscription, read without JavaScript: every field is a
 * plain input, and lists are typed with commas. The form only reads what was typed (a number is a
 * number, a box is ticked); every rule of a filter (known markets and series, limits, which rules
 * go with which type) is the api's, whose refusal is put back next to the field it is about.
 */

/** The form's fields, as its inputs name them. */
export const WEBHOOK_FIELDS = ["url", "types", "markets", "series", "levels", "changes"] as const;
export type WebhookField = (typeof WEBHOOK_FIELDS)[number];

/** What the reader typed and ticked, kept to fill the form again after a refusal. */
export type WebhookFormValues = {
  url: string;
  types: readonly string[];
  markets: readonly string[];
  /** Series keys, separated by commas. */
  series: string;
  /** Level thresholds (in the series' unit), separated by commas. */
  levels: string;
  /** Change thresholds (percent of the previous value), separated by commas. */
  changes: string;
};

export type WebhookFieldErrors = Partial<Record<WebhookField, string>>;

/** The create input the api takes (its `filter`'s lists omitted when they do not narrow). */
export type WebhookCreateInput = {
  url: string;
  types?: string[];
  markets?: string[];
  series?: string[];
  thresholds?: ThresholdInput[];
};

export type WebhookFormReading =
  | { ok: true; input: WebhookCreateInput; values: WebhookFormValues }
  | { ok: false; values: WebhookFormValues; errors: WebhookFieldErrors };

/**
 * A typed value is read up to this many characters: above the api's bounds (a URL of 2,000), so
 * that the api, not the form, refuses what is too long.
 */
export const MAX_READ_VALUE_LENGTH = 10_000;

/**
 * A typed value is kept to this many characters when the form is filled again after a refusal:
 * the values travel in the one-time cookie, which a browser keeps only under 4 KB.
 */
export const MAX_KEPT_VALUE_LENGTH = 400;
/** A ticked box's value kept (event type names and market names are far shorter), and how many. */
export const MAX_KEPT_ITEM_LENGTH = 40;
export const MAX_KEPT_ITEMS = 10;

export const EMPTY_WEBHOOK_FORM: WebhookFormValues = {
  url: "",
  types: [],
  markets: [],
  series: "",
  levels: "",
  changes: "",
};

/** How the api's refusals of the target URL begin (`Invalid 'url': …`). */
const URL_REFUSAL_START = "Invalid 'url'";

export const WEBHOOK_FORM_MESSAGES = {
  url: "Enter the address that receives the events, starting with https://.",
  notANumber: (value: string) => `'${value.slice(0, 40)}' is not a number.`,
} as const;

/** Boxes of a list read at most: more than any list the page offers (a forged post sends more). */
const MAX_BOXES = 50;

type FormLike = { getAll: (name: string) => unknown[] };

function strings(form: FormLike, name: string): string[] {
  return form.getAll(name).filter((value): value is string => typeof value === "string");
}

function text(form: FormLike, name: string): string {
  return (strings(form, name)[0] ?? "").slice(0, MAX_READ_VALUE_LENGTH);
}

/** The values as the form is filled again with them: each bounded (see MAX_KEPT_VALUE_LENGTH). */
export function keptValues(values: WebhookFormValues): WebhookFormValues {
  const kept = (value: string) => value.slice(0, MAX_KEPT_VALUE_LENGTH);
  const items = (list: readonly string[]) =>
    list.slice(0, MAX_KEPT_ITEMS).map((item) => item.slice(0, MAX_KEPT_ITEM_LENGTH));
  return {
    url: kept(values.url),
    types: items(values.types),
    markets: items(values.markets),
    series: kept(values.series),
    levels: kept(values.levels),
    changes: kept(values.changes),
  };
}

/** The items of a comma-separated list, trimmed, empty ones dropped. */
export function listItems(value: string): string[] {
  return value
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** The numbers of a comma-separated list, or the first item that is not one. */
function numbers(value: string): { ok: true; numbers: number[] } | { ok: false; item: string } {
  const result: number[] = [];
  for (const item of listItems(value)) {
    // Number("") is 0 and Number("0x10") 16: only a decimal, as people write it, is read.
    const parsed = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(item) ? Number(item) : NaN;
    if (!Number.isFinite(parsed)) return { ok: false, item };
    result.push(parsed);
  }
  return { ok: true, numbers: result };
}

/** The submitted form's values (bounded, unknown boxes dropped) and what they ask the api for. */
export function readWebhookForm(form: FormLike): WebhookFormReading {
  const values: WebhookFormValues = {
    url: text(form, "url").trim(),
    // A box the page offers is an event type or a market name; anything else is a forged post,
    // which the api would refuse in the same words: kept as sent, bounded.
    types: strings(form, "types").slice(0, EVENT_TYPE_NAMES.length * 2),
    markets: strings(form, "markets").slice(0, MAX_BOXES),
    series: text(form, "series"),
    levels: text(form, "levels"),
    changes: text(form, "changes"),
  };
  const errors: WebhookFieldErrors = {};
  if (values.url === "") errors.url = WEBHOOK_FORM_MESSAGES.url;
  const levels = numbers(values.levels);
  if (!levels.ok) errors.levels = WEBHOOK_FORM_MESSAGES.notANumber(levels.item);
  const changes = numbers(values.changes);
  if (!changes.ok) errors.changes = WEBHOOK_FORM_MESSAGES.notANumber(changes.item);
  if (!levels.ok || !changes.ok || Object.keys(errors).length > 0)
    return { ok: false, values, errors };

  const series = listItems(values.series);
  const thresholds: ThresholdInput[] = [
    ...levels.numbers.map((level) => ({ kind: "level", level })),
    ...changes.numbers.map((percent) => ({ kind: "change", percent })),
  ];
  // Nothing ticked is no narrowing: the api's filter then has every type (or market, series).
  const input: WebhookCreateInput = {
    url: values.url,
    ...(values.types.length === 0 ? {} : { types: [...values.types] }),
    ...(values.markets.length === 0 ? {} : { markets: [...values.markets] }),
    ...(series.length === 0 ? {} : { series }),
    ...(thresholds.length === 0 ? {} : { thresholds }),
  };
  return { ok: true, input, values };
}

/**
 * The form a "notify me" link opens: a series page's market and series, and the type it offers
 * (threshold.crossed), from the page's query. Anything else in the query is ignored.
 */
export function prefilledWebhookForm(query: Record<string, string | string[] | undefined>) {
  const one = (name: string) => {
    const value = query[name];
    return (typeof value === "string" ? value : "").slice(0, MAX_KEPT_VALUE_LENGTH);
  };
  const type = one("type");
  const market = one("market");
  const series = one("series");
  return {
    ...EMPTY_WEBHOOK_FORM,
    types: isEventType(type) ? [type] : [],
    markets: market === "" ? [] : [market],
    series,
  };
}

/**
 * The field an api refusal of this form is about, found by rebuilding the domain's filter
 * messages from what was typed (the same function words them), or the URL for the api's target
 * checks; none for a refusal of the account (a plan limit), which the page shows above the form.
 */
export function fieldOfRefusal(
  message: string,
  values: WebhookFormValues,
): WebhookField | undefined {
  const m = EVENT_FILTER_MESSAGES;
  const series = listItems(values.series);
  const candidates: [WebhookField, readonly string[]][] = [
    ["types", [m.emptyList("types"), ...values.types.map((type) => m.unknownType(type))]],
    ["types", [m.thresholdsWithoutType, m.typeWithoutThresholds]],
    ["markets", [m.emptyList("markets")]],
    ["series", [m.emptyList("series"), m.tooManySeries, ...series.map((key) => m.seriesForm(key))]],
    ["levels", [m.level, m.tooManyThresholds]],
    ["changes", [m.percent]],
  ];
  for (const [field, messages] of candidates) if (messages.includes(message)) return field;
  if (message.startsWith(URL_REFUSAL_START)) return "url";
  // The unknown market and series messages name what the api serves: their start says which.
  if (values.markets.some((market) => message.startsWith(`Invalid market '${market}'.`)))
    return "markets";
  if (series.some((key) => message.startsWith(`Invalid series '${key}': no series of`)))
    return "series";
  return undefined;
}

/** The event types in catalogue order, for the form's boxes. */
export const FORM_EVENT_TYPES: readonly EventType[] = EVENT_TYPE_NAMES;
