import { beforeEach, describe, expect, it, vi } from "vitest";
import { NeocloudPage } from "./page";
import { GET as neocloudCsv } from "./sites-csv";
import { marketPageTests, textOf } from "../../testing/market-page-tests";
import { neocloud } from "./test-routers";

// The page is rendered per request and reads the request's session cookie.
vi.mock("next/headers", async () => (await import("../../testing/request-cookies")).nextHeaders);

/**
 * /neocloud and its CSV against a router in the api's shapes: a visitor and a Premium reader read
 * what the dataset is and which plan reads it, and no site; a Full reader reads the map, the
 * form, the table, the aggregates and the CSV of the api's answer.
 */
const site = marketPageTests(neocloud);

const render = (query: Record<string, string> = {}) =>
  site.renderPage(NeocloudPage({ searchParams: Promise.resolve(query) }));

const csvRequest = (query = "", session?: string) =>
  site.downloadRequest(`/neocloud/sites.csv${query}`, session);

describe("/neocloud for a visitor", () => {
  it("says what the dataset is, which plan reads it and how, with the sources, and shows no site", async () => {
    const html = await render();
    site.expectLockedToVisitor(html, "Site data is read with the Full plan");
    expect(html).toContain('href="/docs#route-getNeocloudMethodology"');
    expect(textOf(html)).toContain("main business is renting GPU capacity to others");
    expect(textOf(html)).toContain(neocloud.citation);
    expect(textOf(html)).toContain("Contains data from GeoNames (geonames.org).");
    expect(html).toContain('href="https://creativecommons.org/licenses/by/4.0/"');
    // The sample is marked, and the map outline's source is credited.
    expect(html).toContain("data-sample-notice");
    expect(textOf(html)).toContain("Natural Earth 1:110m land, public domain");
    // No site: no map or form either.
    expect(html).not.toContain("data-neocloud-map");
    expect(html).not.toContain("data-neocloud-form");
    for (const site of neocloud.sites) expect(textOf(html)).not.toContain(site.company);
  });

  site.itRefusesAVisitorTheCsv(() => neocloudCsv(csvRequest()));
});

describe("/neocloud for a reader whose plan does not read site data", () => {
  site.itShowsThePlanRefusal({
    page: render,
    csv: (session) => neocloudCsv(csvRequest("", session)),
    session: neocloud.sessions.refused,
    refusal: neocloud.planRefusal,
    signedInAs: "bob@example.com (Premium plan)",
  });

  it("shows no site", async () => {
    site.signIn(neocloud.sessions.refused);
    const html = await render();
    expect(html).not.toContain("data-neocloud-map");
    for (const site of neocloud.sites) expect(textOf(html)).not.toContain(site.company);
  });
});

describe("/neocloud for a Full reader", () => {
  beforeEach(() => site.signIn(neocloud.sessions.full));

  it("draws each placed site on the map at its projected place, linked to its row", async () => {
    const html = await render();
    expect(html).toContain('data-neocloud-state="values"');
    expect(html).toContain('viewBox="0 0 720 288"');
    expect(html).toContain(
      '<title id="neocloud-map-title">World map of the 3 sites listed below; each point links to its row</title>',
    );
    // Abilene, 99.73°W 32.45°N: x = (180 − 99.73) × 2 = 160.54 → 160.5, y = (84 − 32.45) × 2 =
    // 103.1; 1,200 MW: 2 + √1200 / 3 = 13.5, capped at 9.
    expect(html).toMatch(
      /<a href="#site-data-centers-crusoe-abilene" data-site-point="data-centers:crusoe-abilene"><title>Crusoe, Abilene campus \(Abilene, TX, United States\): Under construction, 1,200 MW<\/title><circle class="neocloud-point neocloud-under_construction" cx="160.5" cy="103.1" r="9"><\/circle><\/a>/,
    );
    // Plano, 96.7°W 33.02°N, 30 MW: (166.6, 101.96 → 102), r = 2 + √30 / 3 = 3.83 → 3.8.
    expect(html).toContain('cx="166.6" cy="102" r="3.8"');
    // Mäntsälä, 25.32°E 60.63°N, 75 MW: (410.64 → 410.6, 46.74 → 46.7), r = 4.89 → 4.9.
    expect(html).toContain('cx="410.6" cy="46.7" r="4.9"');
    // The site without coordinates is in the table only, and said to be.
    expect(html).not.toContain('data-site-point="data-centers:lambda-unplaced"');
    expect(textOf(html)).toContain("1 site has no coordinates and is in the table only.");
    // Every point's target is a row of the table.
    for (const [, anchor] of html.matchAll(/<a href="#([^"]+)" data-site-point=/g))
      expect(html).toContain(`<tr id="${anchor}"`);
  });

  it("tables the sites with place, status, GPUs, power, dates and source, and cites the source", async () => {
    const html = await render();
    expect(neocloud.inputs[0]).toEqual({
      planSites: { sessionToken: neocloud.sessions.full, limit: "100", offset: "0" },
    });
    const table = html.slice(html.indexOf('data-table="neocloud-sites"'));
    const rows = table.slice(0, table.indexOf("</table>")).split("<tr ").slice(1);
    expect(rows.map((row) => /data-site="([^"]+)"/.exec(row)?.[1])).toEqual([
      "data-centers:crusoe-abilene",
      "data-centers:coreweave-plano",
      "data-centers:nebius-mantsala",
      "data-centers:lambda-unplaced",
    ]);
    const crusoe = textOf(rows[0] ?? "");
    expect(crusoe).toContain("Crusoe, Abilene campus");
    expect(crusoe).toContain("Abilene, TX, United States");
    expect(crusoe).toContain("GB200");
    expect(crusoe).toContain("about 50,000 (estimate)");
    expect(crusoe).toContain("1,200");
    expect(crusoe).toContain("Under construction");
    expect(crusoe).toContain("Construction: 2024-07");
    expect(crusoe).toContain("Phase 1 live: 2025-06");
    expect(rows[0]).toContain('href="https://example.org/crusoe-abilene"');
    expect(textOf(rows[1] ?? "")).toContain("8,192");
    // A site named after its company is named once.
    expect(textOf(`<tr ${rows[3] ?? ""}`)).toMatch(/^Lambda(?!, Lambda)/);
    expect(textOf(html)).toContain("Sites 1 to 4 of 4");
    expect(html).toContain('data-citation="epoch-data-centers"');
    expect(html).toContain("data-sample-notice");
    // The hyperscaler's site is not in the default (neo-cloud) scope.
    expect(textOf(html)).not.toContain("Microsoft");
    expect(html).toContain('href="/neocloud/sites.csv"');
  });

  it("totals the sites by country and by GPU type", async () => {
    const html = await render();
    const byCountry = html.slice(html.indexOf('data-table="neocloud-by-country"'));
    expect(textOf(byCountry.slice(0, byCountry.indexOf("</table>")))).toContain(
      "United States31,23058,192",
    );
    const byGpu = html.slice(html.indexOf('data-table="neocloud-by-gpu-type"'));
    expect(byGpu).toContain('data-bucket="H200"');
    // The sites that add nothing to a total are said: Lambda has neither power nor GPUs.
    expect(textOf(byCountry)).toContain(
      "Of 4 sites, 1 without a power figure and 2 without a GPU count add nothing to those totals.",
    );
    expect(neocloud.inputs.filter((one) => "planAggregate" in one)).toEqual([
      { planAggregate: { sessionToken: neocloud.sessions.full, by: "country" } },
      { planAggregate: { sessionToken: neocloud.sessions.full, by: "gpu_type" } },
    ]);
  });

  it("passes the form's filters to the api as the address names them, and keeps them in the form, links and CSV", async () => {
    const html = await render({
      scope: "all",
      lat: "30.27",
      lon: "-97.74",
      radiusKm: "500",
      city: " ",
    });
    expect(neocloud.inputs[0]?.planSites).toEqual({
      sessionToken: neocloud.sessions.full,
      scope: "all",
      lat: "30.27",
      lon: "-97.74",
      radiusKm: "500",
      limit: "100",
      offset: "0",
    });
    // Abilene (about 310 km from Austin) and Plano (about 320 km); not Mäntsälä or Fairwater.
    expect(textOf(html)).toContain("Sites 1 to 2 of 2");
    expect(html).toContain('data-site="data-centers:crusoe-abilene"');
    expect(html).toContain('data-site="data-centers:coreweave-plano"');
    expect(html).not.toContain('data-site="data-centers:nebius-mantsala"');
    expect(html).toContain('inputMode="decimal" name="lat" value="30.27"');
    expect(html).toMatch(/type="radio" name="scope" checked="" value="all"/);
    expect(html).toContain(
      'href="/neocloud/sites.csv?scope=all&amp;lat=30.27&amp;lon=-97.74&amp;radiusKm=500"',
    );
  });

  it("shows the api's 400 at the form, keeps the filters typed, and shows no site", async () => {
    const html = await render({ lat: "100", lon: "0", radiusKm: "10" });
    expect(html).toContain("data-neocloud-error");
    expect(textOf(html)).toContain(neocloud.latitudeError);
    expect(html).toContain('inputMode="decimal" name="lat" value="100"');
    expect(html).not.toContain('data-neocloud-state="locked"');
    expect(html).not.toContain('data-table="neocloud-sites"');
    const response = await neocloudCsv(
      csvRequest("?lat=100&lon=0&radiusKm=10", neocloud.sessions.full),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Bad request",
      message: neocloud.latitudeError,
    });
  });

  it("pages the table, keeping the filters in the links", async () => {
    const html = await render({ scope: "all", offset: "100" });
    expect(neocloud.inputs[0]?.planSites).toMatchObject({ scope: "all", offset: "100" });
    // 5 sites in scope `all`: page 101+ is empty and links back to the first 100.
    expect(html).toContain('href="/neocloud?scope=all" rel="prev"');
    expect(html).toContain("No site on this page.");
    expect(html).not.toContain('rel="next"');
  });

  it("sends every site of the filters as CSV with provenance, never cached", async () => {
    const lines = await site.privateCsvLines(
      await neocloudCsv(csvRequest("?scope=all&country=United%20States", neocloud.sessions.full)),
      "tpi-neocloud-sites-all-united-states.csv",
    );
    expect(lines[0]).toBe(
      "id,company,siteName,streetAddress,city,state,country,latitude,longitude,coordinatePrecision,isNeocloud,category,status,dcTier,ownershipModel,coloPartner,gpuTypes,gpuQtyKnown,gpuQtyEst,chipGeneration,powerCapacityMw,leaseTerm,keyCustomer,contractAnnounced,gpuOrderDate,constructionStart,phase1LiveDate,fullCapacityTarget,dataset,sourceNotes,sample,source,citation",
    );
    expect(lines).toHaveLength(5);
    // One call of the api's largest page holds them all.
    expect(neocloud.inputs).toEqual([
      {
        planSites: {
          sessionToken: neocloud.sessions.full,
          scope: "all",
          country: "United States",
          limit: "1000",
          offset: "0",
        },
      },
    ]);
    expect(lines[1]).toBe(
      `data-centers:crusoe-abilene,Crusoe,Abilene campus,,Abilene,TX,United States,32.45,-99.73,city,true,neocloud,under_construction,,,,GB200,,50000,Blackwell,1200,,OpenAI,,,2024-07,2025-06,,data-centers,1.2 GW at full build.,false,epoch-data-centers,"${neocloud.citation}"`,
    );
    expect(lines[2]).toContain(
      "data-centers:coreweave-plano,CoreWeave,CoreWeave Plano,,Plano,TX,United States,33.02,-96.7,",
    );
    expect(lines[2]).toContain(",H100; H200,8192,,");
    expect(lines[4]?.startsWith("data-centers:microsoft-fairwater,Microsoft,Fairwater,")).toBe(
      true,
    );
    expect(lines[4]).toContain(",false,hyperscaler,");
  });
});
