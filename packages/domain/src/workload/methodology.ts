import { PRICE_SNAPSHOT_WINDOW_HOURS } from "../token/provenance";
import { TURN_RANGES } from "./cells";
import { CELL_EXCLUSION_REASONS } from "./index-math";
import { FAMILY_TIER_WORDS } from "./models";

/** The Workload Cost method, one sentence per rule, for the methodology answer, `/docs` and the chat. */
export function describeWorkloadMethodology(): string[] {
  return [
    `Cells: OpenRouter's session-cost dataset gives, weekly, the median USD cost of one coding-agent session per harness (app), model and turn range (${TURN_RANGES.join(", ")}).`,
    "Weeks: each weekly snapshot covers the trailing window it names (window_days, ending window_end_date), so consecutive weeks share most of their sessions and a weekly change is a change of trailing windows.",
    "Unit: cost per session (one agent session of a harness), in US cents; not per request.",
    "Implied tokens per session = median session cost / the model's blended list price (0.75 * input + 0.25 * output, USD per million tokens) * 1,000,000: the session's cost in tokens at list price.",
    `Prices: each week is priced by one stored OpenRouter model-list snapshot, the latest taken before the window's end date was over (or, when none was, the first taken within ${PRICE_SNAPSHOT_WINDOW_HOURS} hours after), so every cell of a week is priced at one instant.`,
    `Exclusions: a cell whose model's lab is not one of the index's labs, whose model has no positive list price in the week's snapshot, or that repeats a harness, model and turn range of the same week is left out (${Object.keys(CELL_EXCLUSION_REASONS).join(", ")}), and counted per week.`,
    `Families: a model's lab is its permaslug's prefix; its family is the brand and its tier words (${FAMILY_TIER_WORDS.join(", ")}) without versions (claude-sonnet, gpt-codex-mini), or, for a flagship without tier words, the brand and major version (gpt-5).`,
    "Aggregate: the cost per session of a lab or family is the mean over its cells of the median session cost (each cell weighs the same: the source publishes medians, not session counts).",
    "Like-for-like index: 100 in a group's first week, chained weekly by the Törnqvist index of cost per session over the cells present in both weeks (same harness, model and turn range; weights: mean of the two weeks' cost shares). A week with no matched cell carries the index unchanged and is flagged.",
    "Effects: each weekly change of the aggregate is split by additive LMDI (log-mean Divisia) into price (list price of the same cells), intensity (implied tokens per session of the same cells) and mix (cells' shares, cells entering and leaving); the three add up exactly to the change (in floating point, to 1e-9 of the percent change), shown in percent of the previous week's cost.",
  ];
}

/** The version of the Workload Cost method the published index follows. */
export const WORKLOAD_METHODOLOGY_VERSION = "1.0";

/** The unit of the index's values: per coding-agent session, never per request. */
export const WORKLOAD_UNIT =
  "US cents per coding-agent session (cCents); thousands of tokens per session (qKtok)";
