import { describe, expect, it } from "vitest";
import {
  formatGpuQty,
  mapPointsOf,
  neocloudCsvFileName,
  neocloudFiltersOf,
  neocloudHref,
  neocloudOffsetOf,
  pointRadiusOf,
  siteAnchorOf,
  sourceLinkOf,
  statusGroupOf,
  type NeocloudSiteLike,
} from "./neocloud";

describe("the page's filters", () => {
  it("takes each filter the api names, trimmed, first value only; an empty field is no filter", () => {
    expect(
      neocloudFiltersOf({
        scope: "all",
        country: ["France", "Spain"],
        city: "  ",
        lat: " 48.85 ",
        lon: "2.35",
        radiusKm: "50",
        other: "x",
      }),
    ).toEqual({ scope: "all", country: "France", lat: "48.85", lon: "2.35", radiusKm: "50" });
    // The api checks the values: a wrong one is passed on for its 400.
    expect(neocloudFiltersOf({ lat: "north" })).toEqual({ lat: "north" });
  });

  it("reads the page's offset as a whole number, else the first page", () => {
    expect(neocloudOffsetOf({ offset: "200" })).toBe(200);
    for (const wrong of ["-1", "1.5", "x", "", "99999999"])
      expect(neocloudOffsetOf({ offset: wrong })).toBe(0);
  });

  it("writes the filters back in the form's order, then the page", () => {
    expect(neocloudHref("/neocloud", {})).toBe("/neocloud");
    expect(neocloudHref("/neocloud", { city: "Austin", scope: "all" }, 100)).toBe(
      "/neocloud?scope=all&city=Austin&offset=100",
    );
    expect(neocloudHref("/neocloud/sites.csv", { country: "United States" })).toBe(
      "/neocloud/sites.csv?country=United+States",
    );
  });

  it("names the CSV after the scope and the place filters", () => {
    expect(neocloudCsvFileName({})).toBe("tpi-neocloud-sites-neo-cloud.csv");
    expect(neocloudCsvFileName({ scope: "all", city: "São Paulo" })).toBe(
      "tpi-neocloud-sites-all-s-o-paulo.csv",
    );
    expect(neocloudCsvFileName({ lat: "30.27", lon: "-97.74", radiusKm: "500" })).toBe(
      "tpi-neocloud-sites-neo-cloud-30.27_-97.74_500km.csv",
    );
  });
});

const SITE: NeocloudSiteLike = {
  id: "a b/c",
  company: "Nscale",
  siteName: null,
  city: "Glomfjord",
  state: null,
  country: "Norway",
  latitude: 66.81,
  longitude: 13.95,
  gpuTypes: ["GB300"],
  gpuQtyKnown: null,
  gpuQtyEst: null,
  powerCapacity: 9,
  isNeocloud: true,
  status: "Operational",
};

describe("the map's points", () => {
  it("sizes a point by the square root of its power, capped, with a size for power not known", () => {
    // 2 + √9 / 3 = 3; 2 + √900 / 3 = 12, capped at 9.
    expect(pointRadiusOf(9)).toBe(3);
    expect(pointRadiusOf(900)).toBe(9);
    expect(pointRadiusOf(null)).toBe(2.5);
    expect(pointRadiusOf(0)).toBe(2.5);
  });

  it("colours a point by its status group, from the dataset's words", () => {
    expect(statusGroupOf("Operational")).toBe("operational");
    expect(statusGroupOf("Under construction")).toBe("construction");
    expect(statusGroupOf("Planned")).toBe("planned");
    expect(statusGroupOf("Announced")).toBe("planned");
    expect(statusGroupOf(null)).toBe("unknown");
  });

  it("projects a placed site, names it in its title and links it to its row's anchor", () => {
    // 13.95°E 66.81°N: x = 193.95 × 2 = 387.9, y = (84 − 66.81) × 2 = 34.38 → 34.4.
    expect(mapPointsOf([SITE])).toEqual([
      {
        id: "a b/c",
        anchor: "site-a-b-c",
        x: 387.9,
        y: 34.4,
        r: 3,
        group: "operational",
        title: "Nscale, Glomfjord (Glomfjord, Norway): Operational, 9 MW",
      },
    ]);
    expect(siteAnchorOf(SITE)).toBe("site-a-b-c");
    // Without coordinates, or south of the map: no point.
    expect(mapPointsOf([{ ...SITE, latitude: null }])).toEqual([]);
    expect(mapPointsOf([{ ...SITE, latitude: -70 }])).toEqual([]);
  });
});

describe("a site's cells", () => {
  it("shows the known GPU count, else the estimate said to be one", () => {
    expect(formatGpuQty({ gpuQtyKnown: 4096, gpuQtyEst: 5000 })).toBe("4,096");
    expect(formatGpuQty({ gpuQtyKnown: null, gpuQtyEst: 5000 })).toBe("about 5,000 (estimate)");
    expect(formatGpuQty({ gpuQtyKnown: null, gpuQtyEst: null })).toBe("\u2013");
  });

  it("links the first web address of the source notes, without trailing punctuation", () => {
    expect(sourceLinkOf({ sourceNotes: "See https://example.org/a?b=1, and more." })).toBe(
      "https://example.org/a?b=1",
    );
    expect(sourceLinkOf({ sourceNotes: "Press release (no link)" })).toBeUndefined();
    expect(sourceLinkOf({ sourceNotes: null })).toBeUndefined();
  });
});
