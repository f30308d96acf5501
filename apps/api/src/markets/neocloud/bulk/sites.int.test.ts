// @module-tag zone
import {
  NEOCLOUD_DATASET_INFO,
  NEOCLOUD_METHODOLOGY_VERSION,
  NEOCLOUD_SITES_LIMIT_MAX,
  neocloudSampleSites,
  type NeocloudSite,
} from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectRows, expectDatasetRows, fixedReleases } from "../../../testing/bulk-rows";
import { importNeocloudSites, importedNeocloudSites } from "../../../testing/neocloud-sites";
import { bearer, startTestApi, type TestApi } from "../../../testing/test-api";
import { NEOCLOUD } from "../read-model/state";
import type { NeocloudSitesResponse } from "../schemas/neocloud";
import { neocloudSites, siteOfRow, siteRows } from "./sites";

/**
 * The Neo-Cloud site register against `GET /api/neocloud/sites`: two imports a day apart (the
 * second changes one site's power and adds a site). Every site the route serves (`scope=all`)
 * equals the dataset's row, item by item, nested fields included; a changed site keeps the day
 * it was first stored; a release's rows answer the route with `release`, Full plan keys only.
 */

const FIRST_IMPORT = new Date("2026-11-20T03:00:00.000Z");
const SECOND_IMPORT = new Date("2026-11-21T03:00:00.000Z");

const releases = fixedReleases();
let api: TestApi;
let full: string;
let premium: string;
let firstRows: Awaited<ReturnType<typeof collectRows>>;

beforeAll(async () => {
  api = await startTestApi({
    now: SECOND_IMPORT,
    configure: releases.configure,
  });
  const first = importedNeocloudSites(FIRST_IMPORT).slice(0, 4);
  await importNeocloudSites(api.db, first, FIRST_IMPORT);
  firstRows = await collectRows(neocloudSites.rows(api.db));
  const second = importedNeocloudSites(SECOND_IMPORT).map((site) =>
    site.siteName === "Site A" ? { ...site, powerCapacity: 99 } : site,
  );
  // Unchanged sites keep their stored content (and its retrieval time); Site A and the new one move.
  await importNeocloudSites(
    api.db,
    second.map((site, i) => (i > 0 && i < 4 ? (first[i] as NeocloudSite) : site)),
    SECOND_IMPORT,
  );
  await NEOCLOUD.of(api.deps).sites.refresh();
  full = (await api.createKey("full")).key;
  premium = (await api.createKey("premium")).key;
});
afterAll(() => api.close());

const sites = async (query: string) => {
  const res = await api.get(`/api/neocloud/sites?${query}`, bearer(full));
  expect(res.status).toBe(200);
  return res.body as NeocloudSitesResponse;
};

describe("the sites dataset", () => {
  it("equals every site the route serves, item by item, nested fields included", async () => {
    const rows = await collectRows(neocloudSites.rows(api.db));
    const served = await sites(`scope=all&limit=${NEOCLOUD_SITES_LIMIT_MAX}`);
    expect(served.total).toBe(neocloudSampleSites().length);
    const byId = (a: NeocloudSite, b: NeocloudSite) => (a.id < b.id ? -1 : 1);
    expectDatasetRows(neocloudSites, rows, {
      items: [...served.data].sort(byId),
      itemOf: siteOfRow,
    });
  });

  it("types every value, orders by id, fills the provenance from each site's", async () => {
    const rows = await collectRows(neocloudSites.rows(api.db));
    expectDatasetRows(neocloudSites, rows);
    expect(rows.find((row) => row.id === "data-centers:Site D")).toMatchObject({
      source: "epoch-data-centers",
      asOf: FIRST_IMPORT.toISOString(),
      sample: false,
      basis: "imported",
      methodologyVersion: NEOCLOUD_METHODOLOGY_VERSION,
      citation: NEOCLOUD_DATASET_INFO["data-centers"].citation,
      latitude: null,
    });
  });

  it("keys a site by the day it was first stored: a changed record keeps its key", async () => {
    const rows = await collectRows(neocloudSites.rows(api.db));
    const siteA = rows.find((row) => row.id === "gpu-clusters:Site A");
    expect(siteA).toMatchObject({
      firstSeen: "2026-11-20",
      powerCapacity: 99,
      asOf: SECOND_IMPORT.toISOString(),
    });
    expect(firstRows.find((row) => row.id === "gpu-clusters:Site A")).toMatchObject({
      firstSeen: "2026-11-20",
    });
    expect(rows.find((row) => row.id === "gpu-clusters:Site E")?.firstSeen).toBe("2026-11-21");
  });

  it("reads the same rows a site at a time as in one page", async () => {
    const whole = await collectRows(siteRows(api.db));
    expect(await collectRows(siteRows(api.db, undefined, 1))).toStrictEqual(whole);
    expect(await collectRows(siteRows(api.db, undefined, 2))).toStrictEqual(whole);
  });

  it("is downloaded with a Full plan key only, as the route is read", () => {
    expect(neocloudSites.keyedAccess?.("full").ok).toBe(true);
    expect(neocloudSites.keyedAccess?.("premium").ok).toBe(false);
    expect(neocloudSites.keyedAccess?.("trial").ok).toBe(false);
    expect(neocloudSites.freeSeries).toEqual([]);
  });
});

describe("GET /api/neocloud/sites with release", () => {
  beforeAll(() => {
    releases.hold(1, neocloudSites, firstRows);
  });

  it("searches the sites as the release holds them", async () => {
    const then = await sites("scope=all&release=1");
    expect(then.total).toBe(4);
    expect(then.data.find((site) => site.siteName === "Site A")?.powerCapacity).not.toBe(99);
    const now = await sites("scope=all");
    expect(now.data.find((site) => site.siteName === "Site A")?.powerCapacity).toBe(99);
    const unchanged = (body: NeocloudSitesResponse) =>
      body.data.filter((site) => site.siteName === "Site B");
    expect(unchanged(then)).toStrictEqual(unchanged(now));
    const nearAbilene = await sites("lat=32.45&lon=-99.73&radiusKm=10&scope=all&release=1");
    expect(nearAbilene.data.map((site) => [site.siteName, site.distanceKm])).toEqual([
      ["Site A", 0],
    ]);
    expect(then.dataSources.sources.map((source) => [source.source, source.asOf])).toEqual([
      ["epoch-gpu-clusters", FIRST_IMPORT.toISOString()],
      ["epoch-data-centers", FIRST_IMPORT.toISOString()],
    ]);
  });

  it("keeps the route's access (401 keyless, 403 Premium) and refuses an unknown release", async () => {
    expect((await api.get("/api/neocloud/sites?release=1")).status).toBe(401);
    expect((await api.get("/api/neocloud/sites?release=1", bearer(premium))).status).toBe(403);
    expect((await api.get("/api/neocloud/sites?release=2", bearer(full))).status).toBe(404);
  });
});
