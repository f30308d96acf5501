import { APP_RANKINGS_SOURCE } from "../../platform/ingest/openrouter-data-api";
import { GITHUB_SEARCH_SOURCE } from "./sources/github-search";
import { defineMarket } from "../../platform/core/market";
import { LLM_CODING_CHAT } from "./chat";
import { LLM_CODING_USAGE, llmCodingCommands } from "./cli/commands";
import { llmCodingJobs, startLlmCodingMarket } from "./jobs/lifecycle";
import { LLM_CODING_ENV, llmCodingSettingsFrom } from "./jobs/settings";
import { LLM_CODING } from "./read-model/state";
import { LlmCodingPublishedCounts } from "./read-model/published-counts";
import { llmCodingMethodologyText } from "./resources";
import {
  LLM_CODING_TAG,
  llmCodingHistoryRoute,
  llmCodingIndexRoute,
  llmCodingMethodologyRoute,
  llmCodingProductsRoute,
  llmCodingRevisionsRoute,
  llmCodingTokensRoute,
} from "./routes/llm-coding";
import { llmCodingRouter } from "./trpc";
import { llmCodingProductDaily } from "./bulk/product-daily";
import { llmCodingAgentTokensDaily } from "./bulk/agent-tokens-daily";

/**
 * LLM Coding: what AI coding agents ship on public GitHub, per UTC day: pull requests opened,
 * merge rates and commits of Claude Code, Codex, Copilot, Cursor and Devin, counted with GitHub's
 * search API (13 products).
 */
export const llmCodingMarket = defineMarket({
  name: "llm-coding",
  key: LLM_CODING,
  env: LLM_CODING_ENV,
  outsideSourceSwitches: ["GITHUB_SEARCH_ENABLED"],
  settingsFrom: llmCodingSettingsFrom,
  routes: [
    llmCodingProductsRoute,
    llmCodingIndexRoute,
    llmCodingHistoryRoute,
    llmCodingMethodologyRoute,
    llmCodingRevisionsRoute,
    llmCodingTokensRoute,
  ],
  tags: {
    [LLM_CODING_TAG]:
      "What AI coding agents ship on public GitHub, per UTC day: pull requests, merge rates and commits of Claude Code, Codex, Copilot, Cursor and Devin, from GitHub's search API, provisional until they mature.",
  },
  bulkDatasets: [llmCodingProductDaily, llmCodingAgentTokensDaily],
  trpc: llmCodingRouter,
  commands: { usage: LLM_CODING_USAGE, commands: llmCodingCommands },
  chat: LLM_CODING_CHAT,
  syncSources: [GITHUB_SEARCH_SOURCE, APP_RANKINGS_SOURCE],
  methodology: {
    title: "LLM Coding methodology",
    description:
      "How the LLM Coding products are counted: the GitHub searches per agent, the maturation rule, the merge-rate definition, the sources with their citations, and whether the served values are the generated sample.",
    text: llmCodingMethodologyText,
  },
  open: (_settings, context) =>
    LLM_CODING.open(new LlmCodingPublishedCounts(context.db, context.clock)),
  start: startLlmCodingMarket,
  jobs: llmCodingJobs,
});
