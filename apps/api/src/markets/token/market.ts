import { LAB_IDS, OPENROUTER_SOURCE } from "@tpi/domain";
import { freeWindow } from "@tpi/domain";
import { defineMarket } from "../../platform/core/market";
import { TOKEN_CHAT } from "./chat";
import { INGEST_USAGE, ingestCommands } from "./cli/ingest-commands";
import { RESTATEMENT_USAGE, restatementCommands } from "./cli/restatement-commands";
import { SAMPLE_USAGE, sampleCommands } from "./cli/sample-commands";
import { startTokenMarket, tokenJobs } from "./jobs/lifecycle";
import { TOKEN_RESOURCES } from "./resources";
import { tokenTypesFreeRoute, tokenTypesRoute } from "./routes/catalog";
import { otpiConstituentsRoute, otpiMethodologyRoute, otpiRevisionsRoute } from "./routes/details";
import { otpiRoute } from "./routes/otpi";
import { tokenVolumeRoute } from "./routes/volume";
import { TOKEN_ENV, tokenSettingsFrom } from "./jobs/settings";
import { TOKEN } from "./read-model/state";
import { PublishedIndex } from "./read-model/published-index";
import { tokenRouter } from "./trpc";
import { TOKEN_BULK_DATASETS } from "./bulk/datasets";

/**
 * The token price index: for each model lab, one volume-weighted blended price per UTC day in
 * USD per million tokens, from OpenRouter's rankings (or the sample, or imported observations).
 */
export const tokenMarket = defineMarket({
  name: "token",
  key: TOKEN,
  env: TOKEN_ENV,
  // Its events name a catalogue lab, as its routes do.
  eventSeries: LAB_IDS,
  settingsFrom: tokenSettingsFrom,
  routes: [
    otpiRoute,
    otpiConstituentsRoute,
    otpiMethodologyRoute,
    otpiRevisionsRoute,
    tokenVolumeRoute,
    tokenTypesRoute,
    tokenTypesFreeRoute,
  ],
  tags: {
    "Token Prices":
      "The Token Price Index: one volume-weighted blended price per model lab and UTC day in USD per million tokens, its constituents, methodology and revisions, and the token volume behind it.",
  },
  trpc: tokenRouter,
  commands: {
    usage: [SAMPLE_USAGE, INGEST_USAGE, RESTATEMENT_USAGE].join("\n"),
    commands: { ...sampleCommands, ...ingestCommands, ...restatementCommands },
  },
  chat: TOKEN_CHAT,
  syncSources: [OPENROUTER_SOURCE],
  resources: TOKEN_RESOURCES,
  freeWindow,
  bulkDatasets: TOKEN_BULK_DATASETS,
  open: (settings, context) =>
    TOKEN.open(new PublishedIndex(context.db), { rules: settings.rules }),
  start: startTokenMarket,
  jobs: tokenJobs,
});
