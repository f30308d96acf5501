import { describe, expect, it } from "vitest";
import { API_KEY_PREFIX } from "@tpi/domain";
import { directFetch, parseCsvLine } from "./api-helpers";
import { chromiumPresent, open, screenshot } from "./browser";
import { site } from "./site";
import { privateCsv, signedInReaders } from "./market-readers";

/**
 * The Neo-Cloud Sites page against the real api: a visitor reads what the dataset is, which plan
 * reads it and no site; a signed-in Full reader reads the map and the table of what
 * `GET /api/neocloud/sites` answers a Full key, searches a radius through the form (with and
 * without JavaScript), reads the api's 400 at the form, and downloads the same sites as CSV.
 */

type SiteBody = {
  id: string;
  company: string | null;
  siteName: string;
  sample: boolean;
  latitude: number | null;
  longitude: number | null;
  powerCapacity: number | null;
};
type SitesBody = {
  total: number;
  data: SiteBody[];
  dataSources: { sample: boolean; sources: { source: string; citation: string | null }[] };
};

describe.skipIf(!chromiumPresent)("the Neo-Cloud Sites page", () => {
  // Its own visitor address: the api allows 5 sign-ups an hour per address.
  const readers = signedInReaders("neocloud", "full", "192.0.2.61");

  /** What the api answers a Full key for these filters (a page of at most 100 sites). */
  function fullKeyAnswer(query = ""): Promise<SitesBody> {
    const separator = query === "" ? "?" : "&";
    return readers.keyAnswer<SitesBody>(`/api/neocloud/sites${query}${separator}limit=100`);
  }

  it("shows a visitor the locked state, the plan that reads sites and no site; refuses the CSV", async () => {
    // The definition, the sources and the map's credit are public; no site is.
    const { page, body } = await readers.lockedToVisitor("neocloud", {
      locked: '[data-neocloud-state="locked"]',
      plans: "Site data is read with the Full plan",
      shown: ["[data-neocloud-sources] [data-source]"],
      hidden: [
        "[data-neocloud-map]",
        "form[data-neocloud-form]",
        "table[data-table^='neocloud']",
        "a[data-csv]",
      ],
      refusedCsv: "/neocloud/sites.csv",
    });
    expect(await page.locator("[data-neocloud-definition]").textContent()).not.toBe("");
    expect(await page.locator("[data-map-credit]").textContent()).toContain("Natural Earth");
    const answer = await fullKeyAnswer();
    expect(answer.data.length, "the api serves sites").toBeGreaterThan(0);
    for (const one of answer.data.slice(0, 10)) expect(body).not.toContain(one.siteName);
  });

  it("gives a Full reader the map and the table of a Full key's answer, each point linked to its row", async () => {
    const page = await readers.openSignedIn("/neocloud");
    const answer = await fullKeyAnswer();
    if (answer.dataSources.sample)
      expect(await page.locator("[data-neocloud-state=values] [data-sample-notice]").count()).toBe(
        1,
      );
    const rows = await page.$$eval('table[data-table="neocloud-sites"] tbody tr', (all) =>
      all.map((row) => row.getAttribute("data-site")),
    );
    expect(rows).toEqual(answer.data.map((one) => one.id));
    const placed = answer.data.filter((one) => one.latitude !== null && one.longitude !== null);
    const points = page.locator("[data-neocloud-map] a[data-site-point]");
    expect(await points.count()).toBe(placed.length);
    // A point is where the projection puts it: x = (lon + 180) × 2, y = (84 − lat) × 2.
    const first = placed.find((one) => (one.latitude ?? 0) > -60);
    if (first !== undefined) {
      const circle = page.locator(`a[data-site-point="${first.id}"] circle`);
      expect(Number(await circle.getAttribute("cx"))).toBeCloseTo(
        ((first.longitude ?? 0) + 180) * 2,
        0,
      );
      expect(Number(await circle.getAttribute("cy"))).toBeCloseTo(
        (84 - (first.latitude ?? 0)) * 2,
        0,
      );
      expect(await page.locator(`a[data-site-point="${first.id}"] title`).textContent()).toContain(
        first.company ?? first.siteName,
      );
      // The point links to its row.
      const href = await page.locator(`a[data-site-point="${first.id}"]`).getAttribute("href");
      expect(await page.locator(`tr[id="${href?.slice(1)}"]`).getAttribute("data-site")).toBe(
        first.id,
      );
    }
    expect(
      await page.locator('table[data-table="neocloud-by-country"] tbody tr').count(),
    ).toBeGreaterThan(0);
    expect(
      await page.locator('table[data-table="neocloud-by-gpu-type"] tbody tr').count(),
    ).toBeGreaterThan(0);
    // No key reached the browser.
    expect(await page.content()).not.toContain(API_KEY_PREFIX);
    await screenshot(page, "neocloud-full-1280");
  });

  it("searches a radius through the form, and sends the same sites as CSV", async () => {
    const { page } = readers;
    const answerAll = await fullKeyAnswer("?scope=all");
    const centre = answerAll.data.find((one) => one.latitude !== null && one.longitude !== null);
    expect(centre, "a placed site to search around").toBeDefined();
    const lat = String(centre?.latitude);
    const lon = String(centre?.longitude);
    await open(page, "/neocloud");
    await page.check('form[data-neocloud-form] input[name="scope"][value="all"]');
    await page.fill('form[data-neocloud-form] input[name="lat"]', lat);
    await page.fill('form[data-neocloud-form] input[name="lon"]', lon);
    await page.fill('form[data-neocloud-form] input[name="radiusKm"]', "300");
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get("radiusKm") === "300"),
      page.click('form[data-neocloud-form] button[type="submit"]'),
    ]);
    const query = `?scope=all&lat=${encodeURIComponent(lat)}&lon=${encodeURIComponent(lon)}&radiusKm=300`;
    const answer = await fullKeyAnswer(query);
    expect(answer.data.map((one) => one.id)).toContain(centre?.id);
    const rows = await page.$$eval('table[data-table="neocloud-sites"] tbody tr', (all) =>
      all.map((row) => row.getAttribute("data-site")),
    );
    expect(rows).toEqual(answer.data.map((one) => one.id));
    expect(await page.inputValue('form[data-neocloud-form] input[name="radiusKm"]')).toBe("300");
    await screenshot(page, "neocloud-radius");

    const href = await page.getAttribute("a[data-csv]", "href");
    expect(href).toBe(`/neocloud/sites.csv${query.replaceAll("%2C", ",")}`);
    const { header, lines } = await privateCsv(page, href ?? "");
    expect(header?.split(",").slice(0, 3)).toEqual(["id", "company", "siteName"]);
    expect(header?.split(",").slice(-3)).toEqual(["sample", "source", "citation"]);
    expect(lines.map((line) => parseCsvLine(line)[0])).toEqual(answer.data.map((one) => one.id));
    expect(lines.map((line) => parseCsvLine(line).at(-3))).toEqual(
      answer.data.map((one) => String(one.sample)),
    );
  });

  it("shows the api's 400 at the form for a latitude off the globe", async () => {
    const { page } = readers;
    await open(page, "/neocloud?lat=100&lon=0&radiusKm=10");
    const error = page.locator("[data-neocloud-error]");
    expect(await error.count()).toBe(1);
    const api = await directFetch(`${site.apiUrl}/api/neocloud/sites?lat=100&lon=0&radiusKm=10`, {
      headers: { authorization: `Bearer ${site.createKey("full")}` },
    });
    expect(api.status).toBe(400);
    expect(await error.textContent()).toContain(
      ((await api.json()) as { message: string }).message,
    );
    expect(await page.locator('table[data-table="neocloud-sites"]').count()).toBe(0);
  });

  it("works without JavaScript: the map, the table and the form's radius search", async () => {
    const plain = await readers.withoutScript();
    const noScript = await plain.newPage();
    await open(noScript, "/neocloud");
    expect(await noScript.locator("[data-neocloud-map] svg path.neocloud-land").count()).toBe(1);
    expect(
      await noScript.locator('table[data-table="neocloud-sites"] tbody tr').count(),
    ).toBeGreaterThan(0);
    await noScript.check('input[name="scope"][value="all"]');
    await noScript.fill('input[name="lat"]', "40");
    await noScript.fill('input[name="lon"]', "-100");
    await noScript.fill('input[name="radiusKm"]', "3000");
    await Promise.all([
      noScript.waitForURL((url) => url.searchParams.get("radiusKm") === "3000"),
      noScript.click('form[data-neocloud-form] button[type="submit"]'),
    ]);
    const answer = await fullKeyAnswer("?scope=all&lat=40&lon=-100&radiusKm=3000");
    expect(
      await noScript.$$eval('table[data-table="neocloud-sites"] tbody tr', (all) =>
        all.map((row) => row.getAttribute("data-site")),
      ),
    ).toEqual(answer.data.map((one) => one.id));
    await plain.close();
  });
});
