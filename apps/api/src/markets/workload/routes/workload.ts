import { marketReads } from "../../../platform/openapi/market-reads";
import { DEFAULT_WORKLOAD_CELLS, WORKLOAD_UNIT } from "@tpi/domain";
import { errorResponse } from "../../../platform/openapi/responses";
import { WORKLOAD, WORKLOAD_FRESHNESS } from "../read-model/state";
import {
  REFERENCE_CLASSES_TEXT,
  workloadMethodologyResponseSchema,
  workloadQuerySchema,
  workloadResponseSchema,
} from "../schemas/workload";
import { answerWorkload, workloadMethodologyDocument } from "../services/workload";
import { RELEASE_NOT_FOUND_TEXT } from "../../../platform/http/release-parameter";
import { workloadAsOf } from "../bulk/as-of-release";

/**
 * The Workload Cost routes: what one coding-agent session costs per lab and model family, week
 * by week, from OpenRouter's session costs and our stored model prices. Values need a key of any
 * plan (Trial, Premium, Full); the methodology is public.
 */

const workloadReads = marketReads({
  state: WORKLOAD,
  freshness: WORKLOAD_FRESHNESS,
  tag: "Workload Cost",
  access: "Any key (Trial, Premium, Full) reads every lab and all history; no keyless access.",
});

export const workloadRoute = workloadReads.history({
  path: "/api/workload",
  operationId: "getWorkload",
  tool: {
    name: "get_workload_cost",
    title: "Workload Cost index",
    description: `What one coding-agent SESSION costs (not one request), per lab and model family (\`all\` = the lab's aggregate), week by week: \`cCents\` (US cents per session), \`lfl\` (like-for-like index, base 100), \`qKtok\` (implied thousands of tokens per session) and the week's change split into \`priceEffect\`, \`intensityEffect\` and \`mixEffect\` (percent, summing to \`totalChange\`), with the session-cost cells (harness, model, turn range, median cost) behind them, of the latest week unless \`cells\` = \`all\` or \`none\`. Optional \`startDate\`/\`endDate\` (YYYY-MM-DD, by the week's window end date), \`lab\` and \`family\` (ours, such as \`claude-sonnet\`, or the reference's class names: ${REFERENCE_CLASSES_TEXT}). Unit: ${WORKLOAD_UNIT}. Cite OpenRouter's session-cost dataset (CC BY 4.0) with the numbers`,
  },
  query: workloadQuerySchema,
  responses: {
    200: { description: "Workload Cost rows and cells", schema: workloadResponseSchema },
    404: errorResponse(
      `No published series has the \`family\` asked, and it is no reference class with a published family (for the \`lab\` asked); the message names the families there are. Or: ${RELEASE_NOT_FOUND_TEXT}`,
    ),
  },
  docs: {
    summary:
      "Workload Cost index: cents per coding-agent session, like-for-like index and its price, intensity and mix effects",
    description: [
      "Per week (named by its session-cost window's end date), lab and model family (`all`: every cell of the lab):",
      "`cCents`, the cost of one coding-agent session in US cents (per session of an agent harness such as Claude Code or Cline, not per request), the mean over the group's cells of OpenRouter's median session cost;",
      "`qKtok`, implied thousands of tokens per session (cost / the model's blended list price);",
      "`lfl`, a like-for-like index (100 in the group's first week, chained weekly over cells present in both weeks);",
      "`priceEffect`, `intensityEffect`, `mixEffect`, the LMDI split of the week's change in percent of the previous week's cost, which add up to `totalChange` (to 1e-9); null in the group's first week.",
      `\`cells\` lists the session-cost cells behind the rows (harness, model, turn range, median cost, blended price, implied tokens) of the latest week of the answer by default (\`cells=${DEFAULT_WORKLOAD_CELLS}\`), so an unfiltered request is not every cell of every week; \`cells=all\` gives every week's of the range, \`cells=none\` none, and \`cellsOf\` says which; \`weeks\` gives each week's price snapshot and excluded cells.`,
      `\`family\` takes our families (brand and tier, such as \`claude-sonnet\`, \`gpt-codex-mini\`, \`gemini-flash-lite\`), \`all\` (the lab's aggregate), or a class name of the reference service, which selects every family of the class (${REFERENCE_CLASSES_TEXT}; \`flagship\` is an OpenAI family without a tier word, such as \`gpt-5\`; a family with several tier words is in its most specific class: \`gpt-codex-mini\` is codex). Rows keep our family names.`,
      "Without `startDate` and `endDate`: the whole history. A week range without rows is an empty `data`; a `family` that is neither a published family nor a class of the `lab` asked is a 404 that names the families there are.",
      "Differences from the reference service that stay: costs are per coding-agent session, not per request (`cCents`, `qKtok`), because the source (OpenRouter's session-cost dataset) publishes sessions; weeks (a 7-day window, named by its end date) rather than days; rows name our finer families, and a class name selects them.",
      "`dataSources` carries the as-of time, citation and licence (CC BY 4.0); `sample` is true for the generated sample shown before any real week is stored.",
      "With `release`, `data` holds the rows as that release holds them; a release holds the rows only, so `weeks` and `cells` are empty and `cellsOf` is `none`.",
    ].join(" "),
    examples: () => [
      {
        label: "Every lab and family, all history (the latest week's cells)",
        pathAndQuery: "/api/workload",
      },
      {
        label: "Anthropic's Sonnet family",
        pathAndQuery: "/api/workload?lab=anthropic&family=claude-sonnet",
      },
      {
        label: "OpenAI's flagship class, by the reference's name, every week's cells",
        pathAndQuery: "/api/workload?lab=openai&family=flagship&cells=all",
      },
    ],
  },
  answer: ({ index }, { query }) => answerWorkload(query, index),
  asOfRelease: workloadAsOf,
});

export const workloadMethodologyRoute = workloadReads.document({
  path: "/api/workload/methodology",
  operationId: "getWorkloadMethodology",
  response: {
    description: "The Workload Cost methodology",
    schema: workloadMethodologyResponseSchema,
  },
  docs: {
    summary:
      "The Workload Cost methodology: sources, cells, implied tokens, the chained like-for-like index, the LMDI split, exclusions and the citation",
    description:
      "Public. `dataSources.sample` is true while the index shows the generated sample (no real session-cost week is stored yet).",
    exampleLabel: "The Workload Cost methodology",
  },
  answer: ({ index }) => workloadMethodologyDocument(index),
});
