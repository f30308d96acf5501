import { describe, expect, it } from "vitest";
import { neocloudSampleSites } from "./sample";
import {
  COORDINATES_MESSAGE,
  LATITUDE_MESSAGE,
  RADIUS_MESSAGE,
  SCOPE_MESSAGE,
  aggregateSites,
  chipQuantityOf,
  countryMatches,
  parseNeocloudAggregateQuery,
  parseNeocloudSitesQuery,
  selectSites,
} from "./query";

describe("GET /api/neocloud/sites parameters", () => {
  it("defaults to neo-cloud sites, 100 at a time from the first", () => {
    expect(parseNeocloudSitesQuery({})).toEqual({
      ok: true,
      value: { scope: "neocloud", limit: 100, offset: 0 },
    });
  });

  it("takes the coordinate aliases", () => {
    const parsed = parseNeocloudSitesQuery({ latitude: "32.5", lng: "-96.25", radius: "50" });
    expect(parsed).toMatchObject({
      ok: true,
      value: { near: { latitude: 32.5, longitude: -96.25, radiusKm: 50 } },
    });
  });

  it.each([
    [{ lat: "32.5", lon: "-96" }, COORDINATES_MESSAGE],
    [{ radiusKm: "10" }, COORDINATES_MESSAGE],
    [{ lat: "1", latitude: "1", lon: "1", radiusKm: "1" }, COORDINATES_MESSAGE],
    [{ lat: "90.5", lon: "0", radiusKm: "1" }, LATITUDE_MESSAGE],
    [{ lat: "1e1", lon: "0", radiusKm: "1" }, LATITUDE_MESSAGE],
    [{ lat: "0", lon: "0", radiusKm: "0" }, RADIUS_MESSAGE],
    [{ lat: "0", lon: "0", radiusKm: "-5" }, RADIUS_MESSAGE],
    [{ scope: "hyperscalers" }, SCOPE_MESSAGE],
  ])("refuses %j", (raw, message) => {
    expect(parseNeocloudSitesQuery(raw)).toMatchObject({
      ok: false,
      error: { code: "bad_request", message },
    });
  });

  it("requires by= for aggregates and names its choices", () => {
    expect(parseNeocloudAggregateQuery({})).toMatchObject({
      ok: false,
      error: { message: "'by' must be one of country, gpu_type." },
    });
  });
});

describe("selecting and aggregating the sample sites", () => {
  const sites = neocloudSampleSites();

  it("is marked sample everywhere and named as a sample", () => {
    expect(sites.every((site) => site.sample && site.siteName.startsWith("Sample"))).toBe(true);
  });

  it("matches a country by ISO code", () => {
    const site = sites.find((s) => s.country === "Iceland");
    expect(site !== undefined && countryMatches(site, "IS") && countryMatches(site, "isl")).toBe(
      true,
    );
  });

  it("sorts a radius search by distance and leaves the rest out", () => {
    const matches = selectSites(sites, {
      scope: "all",
      near: { latitude: 32.78, longitude: -96.8, radiusKm: 400 },
    });
    expect(matches.map((m) => m.site.city)).toEqual(["Dallas", "Abilene"]);
    expect(matches[0]?.distanceKm).toBe(0);
  });

  it("counts a two-chip site in both chip buckets with each chip's quantity", () => {
    const dallas = sites.filter((s) => s.city === "Dallas");
    expect(aggregateSites(dallas, "gpu_type")).toEqual([
      {
        key: "GB200",
        site_count: 1,
        total_power_mw: 60,
        total_gpu_qty: 8000,
        sites_without_power: 0,
        sites_without_gpu_qty: 0,
      },
      {
        key: "H200",
        site_count: 1,
        total_power_mw: 60,
        total_gpu_qty: 4000,
        sites_without_power: 0,
        sites_without_gpu_qty: 0,
      },
    ]);
    const [site] = dallas;
    if (site === undefined) throw new Error("the sample has a Dallas site");
    expect(chipQuantityOf(site, "H200")).toBe(4000);
    expect(chipQuantityOf(site, "H100")).toBeNull();
  });
});
