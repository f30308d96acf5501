import { SESSION_COST_SOURCE } from "../../platform/ingest/openrouter-data-api";
import { defineMarket } from "../../platform/core/market";
import { WORKLOAD_CHAT } from "./chat";
import { WORKLOAD_USAGE, workloadCommands } from "./cli/commands";
import { startWorkloadMarket, workloadMarketJobs } from "./jobs/lifecycle";
import { WORKLOAD_ENV, workloadSettingsFrom } from "./jobs/settings";
import { WORKLOAD } from "./read-model/state";
import { PublishedWorkload } from "./read-model/published-workload";
import { workloadMethodologyText } from "./resources";
import { workloadMethodologyRoute, workloadRoute } from "./routes/workload";
import { workloadRouter } from "./trpc";
import { workloadWeeklySessionCost } from "./bulk/weekly-session-cost";

/**
 * The Workload Cost index: what one coding-agent session costs, per lab and model family, week
 * by week, from OpenRouter's weekly session costs and our stored model prices, with a
 * like-for-like index and the change split into price, intensity and mix. Values need a key.
 */
export const workloadMarket = defineMarket({
  name: "workload",
  key: WORKLOAD,
  env: WORKLOAD_ENV,
  settingsFrom: workloadSettingsFrom,
  routes: [workloadRoute, workloadMethodologyRoute],
  tags: {
    "Workload Cost":
      "What one coding-agent session costs (US cents per session, not per request), per lab and model family, weekly, from OpenRouter's session-cost dataset and our model prices: a like-for-like index and its price, intensity and mix effects.",
  },
  bulkDatasets: [workloadWeeklySessionCost],
  trpc: workloadRouter,
  commands: { usage: WORKLOAD_USAGE, commands: workloadCommands },
  chat: WORKLOAD_CHAT,
  syncSources: [SESSION_COST_SOURCE],
  methodology: {
    title: "Workload Cost index methodology",
    description:
      "How the Workload Cost index turns OpenRouter's weekly median cost per coding-agent session into cents per session, implied tokens, a like-for-like index and its price, intensity and mix effects; sources, exclusions and the citation.",
    text: workloadMethodologyText,
  },
  open: (_settings, context) => WORKLOAD.open(new PublishedWorkload(context.db, context.clock)),
  start: startWorkloadMarket,
  jobs: workloadMarketJobs,
});
