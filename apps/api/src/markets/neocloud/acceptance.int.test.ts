import {
  GPU_CLUSTERS_COLUMNS,
  NEOCLOUD_DATASET_INFO,
  NEOCLOUD_REQUIRES_FULL_MESSAGE,
  SAMPLE_NOTICE,
} from "@tpi/domain";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAll } from "../../testing/close-all";
import { startJsonStub, type JsonStub, type StubAnswer } from "../../testing/json-stub";
import { CLUSTERS, csv, geocoder, neocloudFiles } from "../../testing/neocloud-files";
import { bearer, startTestApi, type TestApi } from "../../testing/test-api";
import { importSites } from "./jobs/epoch-import";
import { NEOCLOUD } from "./read-model/state";
import type {
  NeocloudAggregateResponse,
  NeocloudMapResponse,
  NeocloudSitesResponse,
} from "./schemas/neocloud";
import { expectEveryAnswer } from "../../testing/answers";

/**
 * Acceptance: Epoch AI's three CSV files (a loopback stub serving a few real-looking rows in the
 * documented shapes: all 56 GPU Clusters columns, the hub's 15 and the timelines' 13) imported
 * through the import job, then the routes' answers compared with values computed by hand: the
 * city, country and radius searches (haversine distances worked out separately), the aggregates
 * by country and chip family (a two-chip site, an unknown chip, a site without a country), the
 * map, the plan rules, and the import's idempotence and all-or-nothing writes.
 */

const NOW = new Date("2026-01-15T12:00:00.000Z");

const files = neocloudFiles();
let failWith: StubAnswer | undefined;

let api: TestApi;
let stub: JsonStub;
let full: Record<string, string>;
let premium: Record<string, string>;
let trial: Record<string, string>;

const filesAt = () => ({
  gpuClusters: `${stub.url}/data/gpu_clusters.csv`,
  dataCenters: `${stub.url}/data/data_centers/data_centers.csv`,
  timelines: `${stub.url}/data/data_centers/data_center_timelines.csv`,
});

async function runImport() {
  const report = await importSites(api.db, filesAt(), {
    trigger: "manual",
    now: api.clock.now,
    fetchTimeoutMs: 5_000,
    geocoder,
  });
  await NEOCLOUD.of(api.deps).sites.refresh();
  return report;
}

async function sites(query: string, headers = full) {
  const res = await api.get(`/api/neocloud/sites${query}`, headers);
  expect(res.status, res.text).toBe(200);
  return res.body as NeocloudSitesResponse;
}

const storedRows = () =>
  api.db.neocloudSite.findMany({
    orderBy: { id: "asc" },
    select: { id: true, contentHash: true, updatedAt: true },
  });

beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  stub = await startJsonStub((request) => {
    if (failWith !== undefined && request.path.endsWith("timelines.csv")) return failWith;
    const text = request.path.endsWith("gpu_clusters.csv")
      ? files.clusters
      : request.path.endsWith("data_center_timelines.csv")
        ? files.timelines
        : request.path.endsWith("data_centers.csv")
          ? files.centers
          : undefined;
    return text === undefined
      ? { status: 404, text: "not found" }
      : { headers: { "content-type": "text/csv" }, text };
  });
  full = bearer((await api.createKey("full")).key);
  premium = bearer((await api.createKey("premium")).key);
  trial = bearer(
    (await api.createKey("trial", { trialEndsAt: new Date(NOW.getTime() + 86_400_000) })).key,
  );
});
afterAll(() => closeAll(stub, api));

describe("before the first import", () => {
  it("serves the generated sample, marked in every answer", async () => {
    const state = NEOCLOUD.of(api.deps).sites;
    state.allowSample(true);
    await state.refresh();
    const body = await sites("?scope=all");
    expect(body.total).toBeGreaterThan(0);
    expect(body.data.every((site) => site.sample && site.siteName.startsWith("Sample"))).toBe(true);
    expect(body.dataSources).toMatchObject({ sample: true, notice: SAMPLE_NOTICE });
    const aggregate = (await api.get("/api/neocloud/sites/aggregate?by=country", full))
      .body as NeocloudAggregateResponse;
    expect(aggregate.dataSources.sample).toBe(true);
    const map = (await api.get("/api/neocloud/map", full)).body as NeocloudMapResponse;
    expect(map.dataSources.sample).toBe(true);
    expect(map.features.every((feature) => feature.properties.sample)).toBe(true);
    const methodology = await api.get("/api/neocloud/methodology");
    expect(methodology.body).toMatchObject({ dataSources: { sample: true }, imports: [] });
    const document = methodology.body as {
      fields: Record<string, string>;
      operators: { name: string; category: string }[];
      gazetteer: { licence: string; attribution: string };
      sources: { citation: string; licence: { name: string } }[];
    };
    for (const field of ["dcTier", "leaseTerm", "contractAnnounced", "gpuOrderDate"])
      expect(document.fields[field]).toContain("not in the sources");
    expect(document.operators).toContainEqual(
      expect.objectContaining({ name: "CoreWeave", category: "neocloud" }),
    );
    expect(document.gazetteer).toMatchObject({ licence: "CC BY 4.0" });
    expect(document.sources.map((source) => source.citation)).toEqual([
      NEOCLOUD_DATASET_INFO["gpu-clusters"].citation,
      NEOCLOUD_DATASET_INFO["data-centers"].citation,
    ]);
  });
});

describe("the plan rules", () => {
  it("refuses keyless callers with 401 and Premium and Trial keys with 403, the methodology is public", async () => {
    const keyed = [
      "/api/neocloud/sites",
      "/api/neocloud/sites/aggregate?by=country",
      "/api/neocloud/map",
    ];
    await expectEveryAnswer((path) => api.get(path), keyed, { status: 401 });
    for (const key of [premium, trial])
      await expectEveryAnswer((path) => api.get(path, key), keyed, {
        status: 403,
        bodyMatching: { error: "Forbidden", message: NEOCLOUD_REQUIRES_FULL_MESSAGE },
      });
    expect((await api.get("/api/neocloud/methodology")).status).toBe(200);
  });
});

describe("after an import", () => {
  beforeAll(async () => {
    const report = await runImport();
    expect(report).toMatchObject({
      ran: true,
      outcome: "ok",
      written: true,
      counts: {
        "gpu-clusters": { inserted: 6, updated: 0, removed: 0, unchanged: 0 },
        "data-centers": { inserted: 2, updated: 0, removed: 0, unchanged: 0 },
      },
    });
  });

  it("replaces the sample and names Epoch's datasets with their citation, licence and retrieval time", async () => {
    const body = await sites("?scope=all");
    expect(body.total).toBe(8);
    expect(body.data.some((site) => site.sample)).toBe(false);
    expect(body.dataSources.sample).toBe(false);
    expect(body.dataSources.sources).toEqual([
      {
        source: "epoch-data-centers",
        sample: false,
        asOf: NOW.toISOString(),
        citation: NEOCLOUD_DATASET_INFO["data-centers"].citation,
        licence: { name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
      },
      {
        source: "epoch-gpu-clusters",
        sample: false,
        asOf: NOW.toISOString(),
        citation: NEOCLOUD_DATASET_INFO["gpu-clusters"].citation,
        licence: { name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
      },
    ]);
  });

  it("maps a GPU Clusters record field by field", async () => {
    const body = await sites("?city=abilene");
    expect(body).toMatchObject({
      success: true,
      scope: "neocloud",
      count: 1,
      total: 1,
      limit: 100,
      offset: 0,
    });
    expect(body.data[0]).toEqual({
      id: "gpu-clusters:Lambda Abilene Phase 1",
      dataset: "gpu-clusters",
      company: "Lambda Labs",
      siteName: "Lambda Abilene Phase 1",
      streetAddress: "5502 Spinks Rd, Abilene, TX 79601",
      city: "Abilene",
      state: "TX",
      country: "United States of America",
      latitude: 32.4487,
      longitude: -99.7331,
      coordinatePrecision: "city",
      dcTier: null,
      ownershipModel: "owned",
      coloPartner: null,
      gpuTypes: ["H100"],
      chips: [
        {
          type: "H100",
          bucket: "H100",
          generation: "Hopper",
          quantity: 8000,
          sourceName: "NVIDIA H100 SXM5 80GB",
        },
      ],
      gpuQtyKnown: 8000,
      gpuQtyEst: null,
      h100Equivalents: 8000.000000117813,
      chipGeneration: "Hopper",
      powerCapacity: 12,
      category: "neocloud",
      isNeocloud: true,
      status: "operational",
      leaseTerm: null,
      keyCustomer: "Cloud",
      contractAnnounced: null,
      gpuOrderDate: null,
      constructionStart: null,
      phase1LiveDate: "2025-03-01",
      fullCapacityTarget: null,
      sourceNotes: "Rented to several AI startups",
      sample: false,
      provenance: {
        dataset: "gpu-clusters",
        source: "epoch-gpu-clusters",
        recordName: "Lambda Abilene Phase 1",
        sourceUrls: [filesAt().gpuClusters],
        retrievedAt: NOW.toISOString(),
        licence: { name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
        citation: NEOCLOUD_DATASET_INFO["gpu-clusters"].citation,
        sourceLinks: ["https://archive.ph/example-lambda"],
        confidence: {},
        certainty: "Confirmed",
      },
    });
  });

  it("maps a hub record with its timeline: under construction as of the import day", async () => {
    const body = await sites("?city=Claude&state=Texas");
    expect(body.total).toBe(1);
    expect(body.data[0]).toMatchObject({
      id: "data-centers:Crusoe Goodnight Texas",
      company: "Crusoe",
      siteName: "Goodnight",
      city: "Claude",
      state: "TX",
      country: "United States of America",
      coordinatePrecision: "site",
      status: "under_construction",
      constructionStart: "2025-05-19",
      phase1LiveDate: "2026-06-15",
      fullCapacityTarget: "2027-07-01",
      keyCustomer: "Google",
      powerCapacity: 0,
      gpuTypes: [],
      sourceNotes: "Building 1 and 2 under construction.",
      provenance: {
        confidence: { Crusoe: "confident", Google: "speculative" },
        sourceLinks: ["https://example.org/goodnight-spring-2026"],
      },
    });
    // 35°01'01"N, 101°18'43"W.
    expect(body.data[0]?.latitude).toBeCloseTo(35 + 1 / 60 + 1 / 3600, 10);
    expect(body.data[0]?.longitude).toBeCloseTo(-(101 + 18 / 60 + 43 / 3600), 10);
  });

  it("finds sites by country name or ISO code, neo-clouds by default", async () => {
    const us = await sites("?country=United%20States%20of%20America");
    expect(us.data.map((site) => site.siteName)).toEqual([
      "Applied Digital Ellendale Phase 1",
      "CoreWeave Plano Two-Chip",
      "Goodnight",
      "Lambda Abilene Phase 1",
    ]);
    expect((await sites("?country=us")).total).toBe(4);
    expect((await sites("?country=USA&scope=all")).total).toBe(6);
    const iceland = await sites("?country=ISL");
    expect(iceland.data.map((site) => site.id)).toEqual(["gpu-clusters:Crusoe Reykjavik Cluster"]);
    expect(iceland.data[0]).toMatchObject({
      coordinatePrecision: "site",
      streetAddress: null,
      gpuTypes: ["Cerebras WSE-3"],
      chips: [{ bucket: "Other", generation: null }],
      gpuQtyEst: 64,
    });
    // A neo-cloud tenant of a developer's site: colocation.
    expect(us.data[0]).toMatchObject({
      company: "CoreWeave",
      ownershipModel: "colocation",
      coloPartner: "Applied Digital",
      isNeocloud: true,
      latitude: null,
      coordinatePrecision: null,
    });
  });

  it("finds sites within a radius, nearest first, with haversine distances", async () => {
    // Dallas (32.7767, -96.797): Plano 28.541 km, Abilene 277.403 km, Goodnight 485.411 km,
    // Canton (32°35'25"N 90°05'35"W) 627.654 km, Memphis 675.753 km (R = 6371.0088 km), worked
    // out apart from the service's code.
    const near = await sites("?lat=32.7767&lon=-96.797&radiusKm=300");
    expect(near.data.map((site) => [site.siteName, site.distanceKm])).toEqual([
      ["CoreWeave Plano Two-Chip", 28.541],
      ["Lambda Abilene Phase 1", 277.403],
    ]);
    const all = await sites("?latitude=32.7767&lng=-96.797&radius=700&scope=all");
    expect(all.data.map((site) => [site.siteName, site.distanceKm])).toEqual([
      ["CoreWeave Plano Two-Chip", 28.541],
      ["Lambda Abilene Phase 1", 277.403],
      ["Goodnight", 485.411],
      ["Amazon Madison Mega Site", 627.654],
      ["xAI Colossus Memphis Phase 1", 675.753],
    ]);
    const paged = await sites("?lat=32.7767&lon=-96.797&radiusKm=300&limit=1&offset=1");
    expect(paged).toMatchObject({ count: 1, total: 2, limit: 1, offset: 1 });
    expect(paged.data[0]?.siteName).toBe("Lambda Abilene Phase 1");
  });

  it("refuses half a coordinate triple, a radius of 0, a latitude out of range and an unknown scope", async () => {
    await expectEveryAnswer(
      (query) => api.get(`/api/neocloud/sites${query}`, full),
      [
        "?lat=32.7&lon=-96.8",
        "?lat=32.7&lon=-96.8&radiusKm=0",
        "?lat=91&lon=-96.8&radiusKm=10",
        "?lat=32.7&lon=-181&radiusKm=10",
        "?lat=32.7&latitude=32.7&lon=-96.8&radiusKm=10",
        "?scope=everything",
        "?status=building",
      ],
      { status: 400, bodyMatching: { error: "Bad request" } },
    );
    const scope = await api.get("/api/neocloud/sites?scope=everything", full);
    expect((scope.body as { message: string }).message).toContain("neocloud, all");
  });

  it("aggregates by country: Unknown for a site without one, missing power and quantities counted", async () => {
    const res = await api.get("/api/neocloud/sites/aggregate?by=country", full);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      by: "country",
      scope: "neocloud",
      sites: 6,
      sitesWithoutPower: 1,
      sitesWithoutGpuQty: 1,
      data: [
        // Abilene 12 + Plano 30 + Ellendale 100 + Goodnight 0 MW; 8,000 + 6,000 + 2,000 + 50,000 chips.
        {
          key: "United States of America",
          site_count: 4,
          total_power_mw: 142,
          total_gpu_qty: 66000,
          sites_without_power: 0,
          sites_without_gpu_qty: 1,
        },
        {
          key: "Iceland",
          site_count: 1,
          total_power_mw: 2.5,
          total_gpu_qty: 64,
          sites_without_power: 0,
          sites_without_gpu_qty: 0,
        },
        {
          key: "Unknown",
          site_count: 1,
          total_power_mw: 0,
          total_gpu_qty: 10000,
          sites_without_power: 1,
          sites_without_gpu_qty: 0,
        },
      ],
    });
    const all = (await api.get("/api/neocloud/sites/aggregate?by=country&scope=all", full))
      .body as NeocloudAggregateResponse;
    // + Memphis 150 MW, 100,000 chips; + Canton 341 MW, no chip count.
    expect(all.data[0]).toEqual({
      key: "United States of America",
      site_count: 6,
      total_power_mw: 633,
      total_gpu_qty: 166000,
      sites_without_power: 0,
      sites_without_gpu_qty: 2,
    });
  });

  it("aggregates by chip family: a two-chip site in both buckets, an unknown chip and a hub site as Other", async () => {
    const res = await api.get("/api/neocloud/sites/aggregate?by=gpu_type", full);
    expect(res.status).toBe(200);
    expect((res.body as NeocloudAggregateResponse).data).toEqual([
      // Abilene 8,000 (12 MW), Plano's 2,000 H100 (its 30 MW), Ellendale 50,000 (100 MW).
      {
        key: "H100",
        site_count: 3,
        total_power_mw: 142,
        total_gpu_qty: 60000,
        sites_without_power: 0,
        sites_without_gpu_qty: 0,
      },
      // Plano's 6,000 GB200 (its 30 MW again), the Fluidstack site's 10,000 (no power).
      {
        key: "GB200",
        site_count: 2,
        total_power_mw: 30,
        total_gpu_qty: 16000,
        sites_without_power: 1,
        sites_without_gpu_qty: 0,
      },
      // The WSE-3 site (64 chips, 2.5 MW) and Goodnight (no chip type, 0 MW).
      {
        key: "Other",
        site_count: 2,
        total_power_mw: 2.5,
        total_gpu_qty: 64,
        sites_without_power: 0,
        sites_without_gpu_qty: 1,
      },
    ]);
  });

  it("maps the sites with coordinates as GeoJSON points [longitude, latitude]", async () => {
    const res = await api.get("/api/neocloud/map", full);
    expect(res.status).toBe(200);
    const map = res.body as NeocloudMapResponse;
    expect(map.type).toBe("FeatureCollection");
    expect(map.sitesWithoutCoordinates).toBe(2);
    expect(map.features.map((feature) => feature.id)).toEqual([
      "gpu-clusters:CoreWeave Plano Two-Chip",
      "gpu-clusters:Crusoe Reykjavik Cluster",
      "data-centers:Crusoe Goodnight Texas",
      "gpu-clusters:Lambda Abilene Phase 1",
    ]);
    expect(map.features[0]).toMatchObject({
      type: "Feature",
      geometry: { type: "Point", coordinates: [-96.6989, 33.0198] },
      properties: {
        siteName: "CoreWeave Plano Two-Chip",
        gpuQty: 8000,
        status: "under_construction",
      },
    });
    expect(map.dataSources.sample).toBe(false);
  });

  it("writes nothing when imported again, exactly one row when one record changed", async () => {
    const before = await storedRows();
    const again = await runImport();
    expect(again).toMatchObject({
      outcome: "ok",
      written: false,
      counts: {
        "gpu-clusters": { inserted: 0, updated: 0, removed: 0, unchanged: 6 },
        "data-centers": { inserted: 0, updated: 0, removed: 0, unchanged: 2 },
      },
    });
    expect(await storedRows()).toEqual(before);

    const original = files.clusters;
    files.clusters = csv(GPU_CLUSTERS_COLUMNS, [
      { ...CLUSTERS[0], "Power Capacity (MW)": "14.0" } as Record<string, string>,
      ...CLUSTERS.slice(1),
    ]);
    api.clock.now = new Date(NOW.getTime() + 3_600_000);
    try {
      const changed = await runImport();
      expect(changed).toMatchObject({
        outcome: "ok",
        written: true,
        counts: {
          "gpu-clusters": { inserted: 0, updated: 1, removed: 0, unchanged: 5 },
          "data-centers": { inserted: 0, updated: 0, removed: 0, unchanged: 2 },
        },
      });
      const after = await storedRows();
      const moved = after.filter((row, i) => row.contentHash !== before[i]?.contentHash);
      expect(moved.map((row) => row.id)).toEqual(["gpu-clusters:Lambda Abilene Phase 1"]);
      expect((await sites("?city=Abilene")).data[0]?.powerCapacity).toBe(14);
    } finally {
      files.clusters = original;
      await runImport();
      api.clock.now = NOW;
    }
  });

  it("changes nothing when a file is malformed or its host answers 500", async () => {
    const before = await storedRows();
    const original = files.timelines;
    files.timelines = original.replace("2025-10-16", "16/10/2025");
    try {
      const malformed = await runImport();
      expect(malformed).toMatchObject({ ran: true, outcome: "failed", written: false });
      expect((malformed as { message: string }).message).toContain(
        "'Date' is not a YYYY-MM-DD date",
      );
    } finally {
      files.timelines = original;
    }
    // A GPU Clusters file missing a column it needs is not the expected file.
    const clusters = files.clusters;
    files.clusters = clusters.replace("Chip type (primary)", "Chip kind");
    try {
      expect(await runImport()).toMatchObject({ outcome: "failed", written: false });
    } finally {
      files.clusters = clusters;
    }
    failWith = { status: 500, text: "upstream broke" };
    try {
      const failed = await runImport();
      expect(failed).toMatchObject({ outcome: "failed", written: false });
      expect((failed as { message: string }).message).toContain("HTTP 500");
    } finally {
      failWith = undefined;
    }
    expect(await storedRows()).toEqual(before);
    const log = await api.db.sourceSync.findMany({
      where: { source: "epoch-neocloud" },
      orderBy: { id: "asc" },
      select: { outcome: true },
    });
    expect(log.map((run) => run.outcome).slice(-3)).toEqual(["failed", "failed", "failed"]);
  });

  it("holds against hostile files: a header-only file, rows repeated whole, a 10 MB field, Latin-1 bytes", async () => {
    const before = await storedRows();
    const clusters = files.clusters;
    const importWith = async (allowShrink = false, gpuClusters = filesAt().gpuClusters) => {
      const report = await importSites(
        api.db,
        { ...filesAt(), gpuClusters },
        {
          trigger: "manual",
          now: api.clock.now,
          fetchTimeoutMs: 5_000,
          geocoder,
          allowShrink,
        },
      );
      await NEOCLOUD.of(api.deps).sites.refresh();
      return report as { outcome: string; written: boolean; message: string };
    };
    try {
      // The header alone (a truncated download): refused, nothing removed.
      files.clusters = csv(GPU_CLUSTERS_COLUMNS, []);
      const headerOnly = await importWith();
      expect(headerOnly).toMatchObject({ outcome: "failed", written: false });
      expect(headerOnly.message).toContain(
        "the import would remove 6 of the 6 stored gpu-clusters sites (100%, all of them)",
      );
      expect(headerOnly.message).toContain("run the import again with --allow-shrink");
      expect(await storedRows()).toEqual(before);

      // A field of 10 MB: refused with its line and field.
      files.clusters = csv(GPU_CLUSTERS_COLUMNS, [
        { ...CLUSTERS[0], Note: "x".repeat(10_000_000) } as Record<string, string>,
        ...CLUSTERS.slice(1),
      ]);
      const huge = await importWith();
      expect(huge).toMatchObject({ outcome: "failed", written: false });
      expect(huge.message).toContain(
        "line 2: field 'sourceNotes' is 10,000,000 characters; at most 20,000",
      );
      expect(huge.message.length).toBeLessThan(2_000);

      // Sites enough for several write batches, the last record bad: nothing written, even with
      // --allow-shrink (the batches already written are rolled back).
      files.clusters = csv(GPU_CLUSTERS_COLUMNS, [
        ...Array.from(
          { length: 1_200 },
          (_, i) => ({ ...CLUSTERS[0], Name: `Bulk site ${i}` }) as Record<string, string>,
        ),
        { ...CLUSTERS[0], Name: "Bad power", "Power Capacity (MW)": "lots" } as Record<
          string,
          string
        >,
      ]);
      const lastBad = await importWith(true);
      expect(lastBad).toMatchObject({ outcome: "failed", written: false });
      expect(lastBad.message).toContain("line 1202: 'Power Capacity (MW)' is not a number");
      expect(await storedRows()).toEqual(before);

      // Rows repeated whole: each kept once, and said.
      files.clusters = csv(GPU_CLUSTERS_COLUMNS, [...CLUSTERS, CLUSTERS[1], CLUSTERS[1]] as Record<
        string,
        string
      >[]);
      const repeated = await importWith();
      expect(repeated).toMatchObject({ outcome: "ok", written: false });
      expect(repeated.message).toContain(
        "2 gpu-clusters row(s) repeating an earlier row whole, kept once (line(s) 9, 11)",
      );
      expect(await storedRows()).toEqual(before);

      // Latin-1 bytes in a UTF-8 file: refused with the line.
      const dir = mkdtempSync(join(tmpdir(), "tpi-epoch-latin1-"));
      const latin1 = join(dir, "gpu_clusters.csv");
      const [header = "", ...rows] = clusters.split("\n");
      writeFileSync(
        latin1,
        Buffer.concat([Buffer.from(`${header}\n${rows[0]}\n`), Buffer.from([0x4d, 0xe9, 0x0a])]),
      );
      try {
        const mixed = await importWith(false, latin1);
        expect(mixed).toMatchObject({ outcome: "failed", written: false });
        expect(mixed.message).toContain("line 3: the file is not valid UTF-8 (byte 0xe9");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      expect(await storedRows()).toEqual(before);

      // The operator says the source really dropped them: the import goes ahead.
      files.clusters = csv(GPU_CLUSTERS_COLUMNS, []);
      expect(await importWith(true)).toMatchObject({ outcome: "ok", written: true });
      expect(await api.db.neocloudSite.count({ where: { dataset: "gpu-clusters" } })).toBe(0);
    } finally {
      files.clusters = clusters;
      await runImport();
    }
    expect((await storedRows()).map((row) => row.id)).toEqual(before.map((row) => row.id));
  });
});
