import { NEOCLOUD_SYNC_SOURCE, requireNeocloudPlan } from "@tpi/domain";
import { defineMarket } from "../../platform/core/market";
import { NEOCLOUD_CHAT } from "./chat";
import { NEOCLOUD_USAGE, neocloudCommands } from "./cli/commands";
import { neocloudMarketJobs, startNeocloudMarket } from "./jobs/lifecycle";
import { NEOCLOUD_ENV, neocloudSettingsFrom } from "./jobs/settings";
import { NEOCLOUD } from "./read-model/state";
import { PublishedNeocloudSites } from "./read-model/published-sites";
import { neocloudMethodologyText } from "./resources";
import {
  NEOCLOUD_TAG,
  neocloudAggregateRoute,
  neocloudMapRoute,
  neocloudMethodologyRoute,
  neocloudSitesRoute,
} from "./routes/neocloud";
import { neocloudRouter } from "./trpc";
import { neocloudSites } from "./bulk/sites";

/**
 * The Neo-Cloud Sites market: AI data-center sites from Epoch AI's GPU Clusters and Frontier
 * Data Centers datasets (CC BY 4.0), imported daily, classified by a curated operator list to
 * find neo-cloud sites; searched by city, country or radius, aggregated, mapped. Full plan only.
 */
export const neocloudMarket = defineMarket({
  name: "neocloud",
  key: NEOCLOUD,
  env: NEOCLOUD_ENV,
  outsideSourceSwitches: ["NEOCLOUD_SYNC_ENABLED"],
  // Every neo-cloud route needs a Full plan key, so every neo-cloud event does too.
  eventAccess: (_scope, plan) => requireNeocloudPlan(plan),
  settingsFrom: neocloudSettingsFrom,
  routes: [neocloudSitesRoute, neocloudAggregateRoute, neocloudMapRoute, neocloudMethodologyRoute],
  tags: {
    [NEOCLOUD_TAG]:
      "AI data-center sites from Epoch AI's GPU Clusters and Frontier Data Centers datasets (CC BY 4.0): neo-cloud sites by default (a curated operator list), searched by city, country or radius, aggregated by country or chip family, and mapped as GeoJSON. Full plan keys only.",
  },
  bulkDatasets: [neocloudSites],
  trpc: neocloudRouter,
  commands: { usage: NEOCLOUD_USAGE, commands: neocloudCommands },
  chat: NEOCLOUD_CHAT,
  syncSources: [NEOCLOUD_SYNC_SOURCE],
  methodology: {
    title: "Neo-Cloud Sites methodology",
    description:
      "How Epoch AI's GPU Clusters and Frontier Data Centers records become neo-cloud sites: field mapping, the neo-cloud definition and curated operator list, chip families, statuses, geocoding, sources and citations.",
    text: neocloudMethodologyText,
  },
  open: (_settings, context) => NEOCLOUD.open(new PublishedNeocloudSites(context.db)),
  start: startNeocloudMarket,
  jobs: neocloudMarketJobs,
});
