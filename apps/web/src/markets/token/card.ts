import { FREE_TIER_LAB_IDS, isFreeTierLab, labLabel, type LabId } from "@tpi/domain";
import { formatUsd, formatUtcDay } from "../../lib/format";
import {
  CARD_ROOT,
  KICKER,
  cardTitleOf,
  latestValueCard,
  type CardContent,
} from "../../lib/social-card";
import type { IndexRow } from "./api-types";

/** The home page's card image. */
export const HOME_CARD_PATH = `${CARD_ROOT}/home`;

/** A lab page's card image: `/og/labs/<lab>`. */
export function labCardPath(lab: LabId): string {
  return `${CARD_ROOT}/labs/${lab}`;
}

const TOKEN_UNIT = "USD per million tokens";

/** The latest settled day with every free lab's value. */
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

/** A lab's latest settled value and its day; a keyed lab's card names the day, never the value. */
export function labCard(
  lab: LabId,
  latest: { date: string; indexPerMtok?: number } | undefined,
  sample: boolean,
): CardContent {
  return latestValueCard({
    title: `${labLabel(lab)} token price index`,
    sample,
    keyed: !isFreeTierLab(lab),
    value: latest?.indexPerMtok,
    none: "No settled day yet",
    unit: TOKEN_UNIT,
    when: latest === undefined ? undefined : `on ${formatUtcDay(latest.date)} (UTC)`,
  });
}
