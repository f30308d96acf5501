import { GPU_BULK_DATASETS } from "./bulk/datasets";
import {
  GPU_LEDGER_SOURCE,
  GPU_NAMES,
  VAST_SOURCE,
  gpuFreeWindow,
  ok,
  requireHourlyPlan,
} from "@tpi/domain";
import { defineMarket } from "../../platform/core/market";
import { GPU_CHAT } from "./chat";
import { GPU_USAGE, gpuCommands } from "./cli/commands";
import { gpuJobs, startGpuMarket } from "./jobs/lifecycle";
import { gpuMethodologyText } from "./resources";
import { gpuVolatilityRoute, gpuVolumeRoute } from "./routes/analytics";
import { gpuConstituentsRoute } from "./routes/constituents";
import {
  dailyIndexAllRoute,
  dailyIndexRoute,
  dayIndexRoute,
  gpuHistoryRoute,
  gpuIndexHistoryRoute,
  gpuLatestRoute,
  gpuMethodologyRoute,
  gpuTypesFreeRoute,
  gpuTypesRoute,
  previousDailyIndexRoute,
} from "./routes/prices";
import {
  gpuHistoryRangeRoute,
  gpuHistorySimpleRoute,
  gpuHourlyRoute,
  gpuRollingAverageRoute,
  gpuRollingHistoryRoute,
} from "./routes/series";
import { GPU_ENV, gpuSettingsFrom } from "./jobs/settings";
import { GPU } from "./read-model/state";
import { GpuPublishedIndex } from "./read-model/published-index";
import { gpuRouter } from "./trpc";

/**
 * The GPU compute price index: for six GPUs, an hourly print in USD per GPU-hour from executed
 * rental trades and a daily value settled at 4 PM America/New_York.
 */
export const gpuMarket = defineMarket({
  name: "gpu",
  key: GPU,
  env: GPU_ENV,
  outsideSourceSwitches: ["GPU_LEDGER_ENABLED"],
  // Its events name a catalogue GPU, as its routes do.
  eventSeries: GPU_NAMES,
  // Hourly prints (and what is derived from them) are a Full plan's, as the hourly routes are.
  eventAccess: (scope, plan) => (scope.grain === "hour" ? requireHourlyPlan(plan) : ok(undefined)),
  settingsFrom: gpuSettingsFrom,
  routes: [
    gpuTypesRoute,
    gpuTypesFreeRoute,
    gpuMethodologyRoute,
    gpuLatestRoute,
    dailyIndexAllRoute,
    dailyIndexRoute,
    previousDailyIndexRoute,
    dayIndexRoute,
    gpuHistoryRoute,
    gpuIndexHistoryRoute,
    gpuConstituentsRoute,
    gpuHistorySimpleRoute,
    gpuHistoryRangeRoute,
    gpuHourlyRoute,
    gpuRollingAverageRoute,
    gpuRollingHistoryRoute,
    gpuVolatilityRoute,
    gpuVolumeRoute,
  ],
  tags: {
    "Current Prices":
      "The GPU compute price index now: each GPU's latest hourly print and latest settled daily values, in USD per GPU-hour.",
    "Historical Prices":
      "The GPU index over time: the print nearest an instant, daily settlements over a range, hourly and daily series and the rolling 24-hour average.",
    Analytics:
      "Measures derived from the GPU index: rolling volatility of the daily values and traded volume per period.",
  },
  trpc: gpuRouter,
  commands: { usage: GPU_USAGE, commands: gpuCommands },
  chat: GPU_CHAT,
  syncSources: [GPU_LEDGER_SOURCE, VAST_SOURCE],
  methodology: {
    title: "GPU compute price index methodology",
    description:
      "The GPU index methodology in force, section by section, with the winsorizing bounds, the data sources (whether the trades are the generated sample) and version history.",
    text: gpuMethodologyText,
  },
  freeWindow: gpuFreeWindow,
  bulkDatasets: GPU_BULK_DATASETS,
  open: (settings, context) =>
    GPU.open(new GpuPublishedIndex(context.db), { rules: settings.rules }),
  start: startGpuMarket,
  jobs: gpuJobs,
});
