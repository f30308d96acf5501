import { MEMORY_BULK_DATASETS } from "./bulk/datasets";
import { MEMORY_IMPORT_LOG_SOURCE } from "./jobs/import";
import { defineMarket } from "../../platform/core/market";
import { MEMORY_CHAT } from "./chat";
import { MEMORY_USAGE, memoryCommands } from "./cli/commands";
import { memoryMarketJobs, startMemoryMarket } from "./jobs/lifecycle";
import { MEMORY_ENV, memorySettingsFrom } from "./jobs/settings";
import { MEMORY } from "./read-model/state";
import { PublishedMemory } from "./read-model/published-memory";
import { memoryMethodologyText } from "./resources";
import {
  MEMORY_TAG,
  memoryHistoryRoute,
  memoryIndexRoute,
  memoryMethodologyRoute,
  memoryRevisionsRoute,
  memoryTypesRoute,
} from "./routes/memory";
import { memoryRouter } from "./trpc";

/**
 * The Memory index: DRAM chip, NAND flash chip and DRAM module prices, settled once per NYSE
 * trading day at 4 PM New York as the session average of the operator's imported observations,
 * with change, trailing-week high and low and a revision log. Values need a key.
 */
export const memoryMarket = defineMarket({
  name: "memory",
  key: MEMORY,
  env: MEMORY_ENV,
  settingsFrom: memorySettingsFrom,
  routes: [
    memoryTypesRoute,
    memoryIndexRoute,
    memoryHistoryRoute,
    memoryRevisionsRoute,
    memoryMethodologyRoute,
  ],
  tags: {
    [MEMORY_TAG]:
      "DRAM chip, NAND flash chip and DRAM module prices in USD, settled once per NYSE trading day at 4 PM New York as the session average of imported observations, with change, trailing-week high and low, and revisions.",
  },
  trpc: memoryRouter,
  commands: { usage: MEMORY_USAGE, commands: memoryCommands },
  chat: MEMORY_CHAT,
  syncSources: [MEMORY_IMPORT_LOG_SOURCE],
  methodology: {
    title: "Memory index methodology",
    description:
      "How the Memory index settles DRAM, NAND flash and module prices once per NYSE trading day at 4 PM New York: the trading calendar, the session average, change and weekly high/low, revisions, the import format and the sources checked.",
    text: memoryMethodologyText,
  },
  bulkDatasets: MEMORY_BULK_DATASETS,
  open: (_settings, context) => MEMORY.open(new PublishedMemory(context.db, context.clock)),
  start: startMemoryMarket,
  jobs: memoryMarketJobs,
});
