import { formatUtcDay } from "../../lib/format";
import {
  CARD_ROOT,
  cardTitleOf,
  KEYED_VALUE,
  KICKER,
  type CardContent,
} from "../../lib/social-card";

export const WORKLOAD_CARD_PATH = `${CARD_ROOT}/workload`;
const WORKLOAD_UNIT = "US cents per coding-agent session, per lab and model family";

/**
 * The Workload Cost card: the index is read with a key (or a signed-in plan), so the card names
 * the latest week and never a value (a shared link is seen by anyone).
 */
export function workloadCard(latestWeek: string | null, sample: boolean): CardContent {
  return {
    kicker: KICKER,
    title: cardTitleOf("What a coding-agent session costs", sample),
    value: KEYED_VALUE,
    detail:
      latestWeek === null
        ? WORKLOAD_UNIT
        : `${WORKLOAD_UNIT}, latest week ending ${formatUtcDay(latestWeek)} (UTC)`,
    rows: [],
    sample,
  };
}
