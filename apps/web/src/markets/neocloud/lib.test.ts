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
  siteLabelOf,
  statusGroupOf,
  statusLabelOf,
  type NeocloudSiteLike,
} from "./lib";

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
    expect(neocloudCsvFileName({})).toBe("tpi-neocloud-sites-neocloud.csv");
    expect(neocloudCsvFileName({ scope: "all", city: "São Paulo" })).toBe(
      "tpi-neocloud-sites-all-s-o-paulo.csv",
    );
    expect(neocloudCsvFileName({ lat: "30.27", lon: "-97.74", radiusKm: "500" })).toBe(
      "tpi-neocloud-sites-neocloud-30.27_-97.74_500km.csv",
    );
  });
});

const SITE: NeocloudSiteLike = {
  id: "a b/c",
  dataset: "gpu-clusters",
  company: "Nscale",
  siteName: "Nscale Glomfjord",
  streetAddress: null,
  city: "Glomfjord",
  state: null,
  country: "Norway",
  latitude: 66.81,
  longitude: 13.95,
  coordinatePrecision: "site",
  dcTier: null,
  ownershipModel: null,
  coloPartner: null,
  gpuTypes: ["GB300"],
  gpuQtyKnown: null,
  gpuQtyEst: null,
  chipGeneration: null,
  powerCapacity: 9,
  category: "neocloud",
  isNeocloud: true,
  status: "operational",
  leaseTerm: null,
  keyCustomer: null,
  contractAnnounced: null,
  gpuOrderDate: null,
  constructionStart: null,
  phase1LiveDate: null,
  fullCapacityTarget: null,
  sourceNotes: null,
  sample: false,
  provenance: { source: "epoch-gpu-clusters", citation: "", sourceUrls: [], sourceLinks: [] },
};

describe("the map's points", () => {
  it("sizes a point by the square root of its power, capped, with a size for power not known", () => {
    // 2 + √9 / 3 = 3; 2 + √900 / 3 = 12, capped at 9.
    expect(pointRadiusOf(9)).toBe(3);
    expect(pointRadiusOf(900)).toBe(9);
    expect(pointRadiusOf(null)).toBe(2.5);
    expect(pointRadiusOf(0)).toBe(2.5);
  });

  it("colours a point by the api's status, and says it in words", () => {
    expect(statusGroupOf("operational")).toBe("operational");
    expect(statusGroupOf("under_construction")).toBe("under_construction");
    expect(statusGroupOf("decommissioned")).toBe("decommissioned");
    expect(statusGroupOf("rumoured")).toBe("unknown");
    expect(statusGroupOf(null)).toBe("unknown");
    expect(statusLabelOf("under_construction")).toBe("Under construction");
    expect(statusLabelOf("rumoured")).toBe("rumoured");
    expect(statusLabelOf(null)).toBe("\u2013");
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
        title: "Nscale, Nscale Glomfjord (Glomfjord, Norway): Operational, 9 MW",
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

  it("names a site by its company, then its own name unless that repeats the company", () => {
    expect(siteLabelOf({ company: "Crusoe", siteName: "Abilene" })).toBe("Crusoe, Abilene");
    expect(siteLabelOf({ company: "Lambda", siteName: "Lambda" })).toBe("Lambda");
    expect(siteLabelOf({ company: null, siteName: "Stargate UAE" })).toBe("Stargate UAE");
  });

  it("links Epoch's own source first, else a web address of the notes, else the dataset", () => {
    const provenance = {
      source: "epoch-data-centers",
      citation: "",
      sourceUrls: ["https://epoch.ai/data/data-centers"],
      sourceLinks: ["press release", "https://example.org/own"],
    };
    expect(sourceLinkOf({ sourceNotes: "https://example.org/note", provenance })).toBe(
      "https://example.org/own",
    );
    const noLinks = { ...provenance, sourceLinks: [] };
    expect(
      sourceLinkOf({
        sourceNotes: "See https://example.org/a?b=1, and more.",
        provenance: noLinks,
      }),
    ).toBe("https://example.org/a?b=1");
    expect(sourceLinkOf({ sourceNotes: null, provenance: noLinks })).toBe(
      "https://epoch.ai/data/data-centers",
    );
    expect(
      sourceLinkOf({ sourceNotes: null, provenance: { ...noLinks, sourceUrls: [] } }),
    ).toBeUndefined();
  });
});
