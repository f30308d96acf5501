import { beforeEach, describe, expect, it } from "vitest";
import { databaseForFile, closedAfterFile } from "../../../testing/file-fixtures";
import { MARKETS } from "../..";
import { readEnv } from "../../../platform/runtime/env";
import { loaderContext } from "../../../testing/first-start";
import { startJsonStub } from "../../../testing/json-stub";
import { neocloudFiles } from "../../../testing/neocloud-files";
import { NEOCLOUD } from "../read-model/state";
import { PublishedNeocloudSites } from "../read-model/published-sites";
import { neocloudMarketJobs, startNeocloudMarket } from "./lifecycle";
import { neocloudSettingsFrom, type NeocloudEnv } from "./settings";

/**
 * The Neo-Cloud Sites market's start-up and daily import job: start never asks epoch.ai (it loads
 * what is stored, the sample while nothing is); the job imports at once when nothing was ever
 * imported, in the background; an unreachable host only logs and is retried an hour later; a
 * successful import replaces the sample.
 */

const NOW = new Date("2026-01-15T12:00:00.000Z");
// Port 9 (discard) on loopback: nothing answers there.
const UNREACHABLE = {
  NEOCLOUD_GPU_CLUSTERS_URL: "http://127.0.0.1:9/gpu_clusters.csv",
  NEOCLOUD_DATA_CENTERS_URL: "http://127.0.0.1:9/data_centers.csv",
  NEOCLOUD_DATA_CENTER_TIMELINES_URL: "http://127.0.0.1:9/data_center_timelines.csv",
};
const files = neocloudFiles();
const stub = closedAfterFile(
  await startJsonStub((request) => ({
    text: request.path.endsWith("gpu_clusters.csv")
      ? files.clusters
      : request.path.endsWith("timelines.csv")
        ? files.timelines
        : files.centers,
  })),
);
const { db, url } = await databaseForFile();
beforeEach(async () => {
  stub.requests.length = 0;
  await db.$executeRawUnsafe("truncate neocloud_site, neocloud_dataset, source_sync");
});

const settingsWith = (variables: Record<string, string>) =>
  neocloudSettingsFrom(readEnv(MARKETS, variables) as unknown as NeocloudEnv);

describe("the Neo-Cloud Sites market's start and jobs", () => {
  it("reads its variables: Epoch's URLs by default, no job when the import is off", () => {
    expect(settingsWith({})).toMatchObject({
      syncEnabled: true,
      files: {
        gpuClusters: "https://epoch.ai/data/gpu_clusters.csv",
        dataCenters: "https://epoch.ai/data/data_centers/data_centers.csv",
        timelines: "https://epoch.ai/data/data_centers/data_center_timelines.csv",
      },
      syncHourUtc: 6,
    });
    const state = NEOCLOUD.open(new PublishedNeocloudSites(db));
    const context = loaderContext({ db, url }, () => NOW);
    expect(
      neocloudMarketJobs(state, settingsWith({ NEOCLOUD_SYNC_ENABLED: "false" }), context),
    ).toEqual([]);
    expect(neocloudMarketJobs(state, settingsWith({}), context)).toHaveLength(1);
  });

  it("starts without asking an unreachable host, serving the sample", async () => {
    const state = NEOCLOUD.open(new PublishedNeocloudSites(db));
    const started = Date.now();
    await startNeocloudMarket(
      state,
      settingsWith(UNREACHABLE),
      loaderContext({ db, url }, () => NOW),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(state.sites.isSample).toBe(true);
    expect(state.provenance().dataSources.sample).toBe(true);
  });

  it("logs an unreachable host, writes nothing and tries again an hour later", async () => {
    let now = NOW;
    const clock = () => now;
    const state = NEOCLOUD.open(new PublishedNeocloudSites(db));
    const context = loaderContext({ db, url }, clock);
    await startNeocloudMarket(state, settingsWith(UNREACHABLE), context);
    const [job] = neocloudMarketJobs(state, settingsWith(UNREACHABLE), context);
    await job?.run(new AbortController().signal);
    const runs = () =>
      db.sourceSync.findMany({ where: { source: "epoch-neocloud" }, orderBy: { id: "asc" } });
    expect((await runs()).map((run) => [run.trigger, run.outcome])).toEqual([
      ["startup", "failed"],
    ]);
    expect((await runs())[0]?.message).toContain("not reachable");
    expect(await db.neocloudSite.count()).toBe(0);
    expect(state.sites.isSample).toBe(true);
    now = new Date(NOW.getTime() + 30 * 60_000);
    await job?.run(new AbortController().signal);
    expect(await runs()).toHaveLength(1);
    now = new Date(NOW.getTime() + 61 * 60_000);
    await job?.run(new AbortController().signal);
    expect((await runs()).map((run) => [run.trigger, run.outcome])).toEqual([
      ["startup", "failed"],
      ["schedule", "failed"],
    ]);
  });

  it("imports at once when nothing was ever imported, replacing the sample", async () => {
    const state = NEOCLOUD.open(new PublishedNeocloudSites(db));
    const variables = {
      NEOCLOUD_GPU_CLUSTERS_URL: `${stub.url}/gpu_clusters.csv`,
      NEOCLOUD_DATA_CENTERS_URL: `${stub.url}/data_centers.csv`,
      NEOCLOUD_DATA_CENTER_TIMELINES_URL: `${stub.url}/data_center_timelines.csv`,
    };
    const context = loaderContext({ db, url }, () => NOW);
    await startNeocloudMarket(state, settingsWith(variables), context);
    expect(state.sites.isSample).toBe(true);
    const [job] = neocloudMarketJobs(state, settingsWith(variables), context);
    await job?.run(new AbortController().signal);
    expect(stub.requests).toHaveLength(3);
    expect(state.sites.isSample).toBe(false);
    expect(state.sites.sites).toHaveLength(8);
    // Done for today: the next check asks nothing.
    await job?.run(new AbortController().signal);
    expect(stub.requests).toHaveLength(3);
  });
});
