import { formatUsd } from "./format";

/** The size social networks expect of a large card image, in pixels (1.91:1). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** Where the pages' card images are served: each market's under it (`/og/home`, `/og/gpus/<gpu>`). */
export const CARD_ROOT = "/og";

/**
 * What a card image says, as text: the image draws it and its alt text reads it. A keyed lab or
 * GPU's card names its latest date and never its value (the value is for key holders only).
 */
export type CardContent = {
  kicker: string;
  title: string;
  /** The headline number, formatted, or a phrase where there is none to show. */
  value: string;
  /** Its unit and date. */
  detail: string;
  /** Further values (the home card's free labs). */
  rows: { label: string; value: string }[];
  /** True while the numbers come from the generated sample: the card says so. */
  sample: boolean;
};

/** Above every card's title: the site's name. */
export const KICKER = "Token Price Index";

/**
 * Said in a card's title (the image, its alt text and the page's og:title and twitter:title)
 * while the numbers it shows are the generated sample: a shared link must not pass for market data.
 */
export const SAMPLE_TITLE_MARK = " (sample data)";
export function cardTitleOf(title: string, sample: boolean): string {
  return sample ? `${title}${SAMPLE_TITLE_MARK}` : title;
}
/** In place of a value a card never shows: the values are read with a key. */
export const KEYED_VALUE = "With an API key";

/**
 * The card of one series' latest value: the value in USD, or `none` before the first; a keyed
 * series' card says KEYED_VALUE instead, even when handed its value (a shared link is seen by
 * anyone). `when` follows the unit: the day or the time the value belongs to.
 */
export function latestValueCard(input: {
  title: string;
  sample: boolean;
  keyed: boolean;
  value: number | undefined;
  none: string;
  unit: string;
  when: string | undefined;
}): CardContent {
  const value = input.keyed
    ? KEYED_VALUE
    : input.value === undefined
      ? input.none
      : formatUsd(input.value);
  return {
    kicker: KICKER,
    title: cardTitleOf(input.title, input.sample),
    value,
    detail: input.when === undefined ? input.unit : `${input.unit} ${input.when}`,
    rows: [],
    sample: input.sample,
  };
}

/**
 * The card of a market whose values are read with a key (or a signed-in plan): it names what
 * the market holds and its unit, never a value (a shared link is seen by anyone).
 */
export function keyedCard(
  title: string,
  detail: string,
  sample: boolean,
  value: string = KEYED_VALUE,
): CardContent {
  return { kicker: KICKER, title: cardTitleOf(title, sample), value, detail, rows: [], sample };
}

/** The card as one sentence: the image's alt text and a check that the image says it all. */
export function cardText(card: CardContent): string {
  const rows = card.rows.map((row) => `${row.label} ${row.value}`).join(", ");
  return [
    `${card.title}: ${card.value}, ${card.detail}.`,
    rows === "" ? "" : `${rows}.`,
    card.sample ? "Sample data, not market prices." : "",
  ]
    .filter((part) => part !== "")
    .join(" ");
}
