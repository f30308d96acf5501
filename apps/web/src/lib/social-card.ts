import {
  FREE_TIER_LAB_IDS,
  isFreeTierGpu,
  isFreeTierLab,
  type GpuName,
  type LabId,
} from "@tpi/domain";
import type { IndexRow } from "./api-types";
import { formatUsd, formatUtcDay, formatUtcInstant } from "./format";
import { labLabel } from "./shape";

/** The size social networks expect of a large card image, in pixels (1.91:1). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** Where a page's card image is served: `/og/home`, `/og/labs/<lab>`, `/og/gpus/<gpu>`. */
export const CARD_ROOT = "/og";
export const HOME_CARD_PATH = `${CARD_ROOT}/home`;
export function labCardPath(lab: LabId): string {
  return `${CARD_ROOT}/labs/${lab}`;
}
export function gpuCardPath(gpu: GpuName): string {
  return `${CARD_ROOT}/gpus/${encodeURIComponent(gpu)}`;
}

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
const TOKEN_UNIT = "USD per million tokens";
const GPU_UNIT = "USD per GPU-hour";
/** In place of a value a card never shows: the values are read with a key. */
export const KEYED_VALUE = "With an API key";

export function homeCard(
  latest: { date: string; rows: readonly IndexRow[] } | undefined,
  sample: boolean,
): CardContent {
  const rows = FREE_TIER_LAB_IDS.flatMap((lab) => {
    const row = latest?.rows.find((one) => one.lab === lab);
    return row === undefined ? [] : [{ label: labLabel(lab), value: formatUsd(row.indexPerMtok) }];
  });
  return {
    kicker: KICKER,
    title: cardTitleOf("The daily price of AI tokens by model lab", sample),
    value: latest === undefined ? "No settled day yet" : formatUtcDay(latest.date),
    detail: `${TOKEN_UNIT}, latest settled UTC day`,
    rows,
    sample,
  };
}

export function labCard(
  lab: LabId,
  latest: { date: string; indexPerMtok?: number } | undefined,
  sample: boolean,
): CardContent {
  const label = labLabel(lab);
  const keyed = !isFreeTierLab(lab);
  return {
    kicker: KICKER,
    title: cardTitleOf(`${label} token price index`, sample),
    value:
      keyed || latest?.indexPerMtok === undefined
        ? keyed
          ? KEYED_VALUE
          : "No settled day yet"
        : formatUsd(latest.indexPerMtok),
    detail:
      latest === undefined ? TOKEN_UNIT : `${TOKEN_UNIT} on ${formatUtcDay(latest.date)} (UTC)`,
    rows: [],
    sample,
  };
}

export function gpuCard(
  gpu: GpuName,
  latest: { timestamp: string; value?: number } | undefined,
  sample: boolean,
): CardContent {
  const keyed = !isFreeTierGpu(gpu);
  return {
    kicker: KICKER,
    title: cardTitleOf(`${gpu} GPU compute price index`, sample),
    value:
      keyed || latest?.value === undefined
        ? keyed
          ? KEYED_VALUE
          : "No print yet"
        : formatUsd(latest.value),
    detail:
      latest === undefined ? GPU_UNIT : `${GPU_UNIT} at ${formatUtcInstant(latest.timestamp)}`,
    rows: [],
    sample,
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
