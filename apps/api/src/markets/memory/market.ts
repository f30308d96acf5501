import { defineMarket } from "../../platform/core/market";
import { MEMORY_CHAT } from "./chat";
import { MEMORY_USAGE, memoryCommands } from "./cli/commands";
import { memoryMarketJobs, startMemoryMarket } from "./jobs/lifecycle";
import { MEMORY_ENV, memorySettingsFrom } from "./jobs/settings";
import { MEMORY, openMemoryState } from "./read-model/state";
import { MEMORY_RESOURCES } from "./resources";
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
  resources: MEMORY_RESOURCES,
  // No keyless view of its values (Premium/Full data; any key reads it all).
  freeWindow: () => null,
  open: (_settings, context) => openMemoryState(context.db, context.clock),
  start: (state, settings, context) => startMemoryMarket(state, settings, context),
  jobs: memoryMarketJobs,
});
