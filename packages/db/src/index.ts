export {
  createDb,
  poolStats,
  Prisma,
  DEFAULT_JOB_TIMEOUTS,
  DEFAULT_REQUEST_TIMEOUTS,
  type Db,
  type DbTimeouts,
  type PoolStats,
} from "./client";
export {
  databaseFailureReason,
  describeDatabaseError,
  isDatabaseUnavailable,
} from "./database-errors";
export * from "./embedded-postgres-server";
export { applyMigrations, readMigrations, MIGRATIONS_DIR, type MigrationReport } from "./migrate";
export { openDatabase, type DatabaseSettings, type OpenDatabase } from "./open-database";
export * from "./repositories/api-keys";
export * from "./repositories/web-accounts";
export * from "./repositories/oauth";
export * from "./repositories/upgrade-requests";
export * from "./repositories/bulk-insert";
export * from "./repositories/conversions";
export * from "./repositories/index-values";
export * from "./repositories/observations";
export * from "./repositories/settlements";
export {
  generateTokenSample,
  perMtokToPerTokenText,
  samplePriceList,
  sampleRankingsOn,
  sampleRankingsRow,
  sampleSnapshotTime,
  SAMPLE_SNAPSHOT_DELAY_HOURS,
  type SampleDay,
} from "./sample/token-sample";
export {
  SAMPLE_MODELS,
  SAMPLE_START_DAY,
  samplePermaslug,
  type SampleModel,
  type UntrackedAuthor,
} from "./sample/token-models";
export { seededRandom, normal } from "./sample/prng";
export {
  startTestPostgres,
  startEmbeddedTestPostgres,
  createTestDatabase,
  withDatabase,
  type TestPostgres,
} from "./testing/test-postgres";
export { freePort } from "./testing/free-port";
export * from "./repositories/gpu-index";
export * from "./repositories/gpu-quotes";
export { copyGpuTradesIfAbsent } from "./repositories/gpu-trade-copy";
export {
  generateGpuSample,
  gpuSampleStartDay,
  sampleGpuTradesOn,
  GPU_SAMPLE_SOURCE,
  GPU_SAMPLE_MONTHS,
  GPU_SAMPLE_TRADES_PER_DAY,
} from "./sample/gpu-sample";
export * from "./repositories/lab-days";
export * from "./repositories/observation-import";
export * from "./repositories/revisions";
export * from "./repositories/source-data";
export * from "./repositories/data-loads";
export * from "./repositories/coding-workload";
export * from "./repositories/memory";
export * from "./repositories/series-pages";
export * from "./repositories/neocloud-sites";
export * from "./repositories/webhooks";
export * from "./repositories/series-events";
export * from "./repositories/event-feed";
export * from "./repositories/source-states";
export * from "./repositories/releases";
