import { describe, expect, it } from "vitest";
import { API_KEY_PREFIX } from "@tpi/domain";
import { parseCsvLine } from "./api-helpers";
import { chromiumPresent, open, screenshot } from "./browser";
import { expectReadableEverywhere } from "./reader-audit";
import { site } from "./site";
import { privateCsv, signedInReaders } from "./market-readers";

/**
 * The Workload Cost page: a visitor reads what the index is and which plan reads it, and no
 * value; a signed-in Full reader reads the chart, each lab's latest week and the cells behind it,
 * and a CSV equal to what `GET /api/workload` answers a Full key.
 */

type WorkloadRowBody = {
  date: string;
  lab: string;
  family: string;
  cCents: number;
  lfl: number;
  qKtok: number;
  priceEffect: number | null;
  intensityEffect: number | null;
  mixEffect: number | null;
};
type WorkloadBody = {
  data: WorkloadRowBody[];
  cells: { date: string; model: string; turnRange: string; medianSessionCostUsd: number }[];
  dataSources: {
    sample: boolean;
    sources: { source: string; sample: boolean; citation: string | null }[];
  };
};

describe.skipIf(!chromiumPresent)("the Workload Cost page", () => {
  // Its own visitor address: the api allows 5 sign-ups an hour per address.
  const readers = signedInReaders("workload", "full", "192.0.2.42");

  /** What the api answers a Full key for the whole history (of one lab, `?lab=`). */
  function fullKeyAnswer(query = ""): Promise<WorkloadBody> {
    return readers.keyAnswer<WorkloadBody>(`/api/workload${query}`);
  }

  it("shows a visitor the locked state, the plans that read it and no value; refuses the CSV", async () => {
    // What it measures, the method and its cited sources are public; no value is.
    const { page, body } = await readers.lockedToVisitor("workload", {
      locked: '[data-workload-state="locked"]',
      plans: "any plan (Trial, Premium, Full)",
      shown: ["[data-workload-sources] [data-source]"],
      hidden: ["figure[data-chart]", "table[data-table^='workload']", "a[data-csv]"],
      refusedCsv: "/workload/history.csv",
    });
    expect(await page.locator("[data-workload-methodology] li").count()).toBeGreaterThan(3);
    const answer = await fullKeyAnswer();
    const latest = answer.data.at(-1);
    expect(latest, "the api publishes workload rows").toBeDefined();
    expect(body).not.toContain(String(latest?.cCents));
    // Its card names the latest week, never a value.
    expect(await page.getAttribute('meta[property="og:image:alt"]', "content")).toContain(
      "What a coding-agent session costs",
    );
  });

  it("gives a Full reader the chart, the latest week, the cells and a CSV equal to a Full key's answer", async () => {
    const page = await readers.openSignedIn("/workload");
    expect(await page.locator('[data-workload-state="locked"]').count()).toBe(0);
    const answer = await fullKeyAnswer();
    // The chart: one like-for-like series per lab with an `all` row.
    const labs = [
      ...new Set(answer.data.filter((row) => row.family === "all").map((row) => row.lab)),
    ];
    const chart = page.locator('figure[data-chart="workload-lfl"]');
    expect(await chart.count()).toBe(1);
    if (answer.dataSources.sample)
      expect(await page.locator("[data-workload-state=values] [data-sample-notice]").count()).toBe(
        1,
      );
    expect(await chart.locator("[data-chart-unit]").textContent()).toContain("Index points");
    if (labs.length > 1) expect(await chart.locator(".legend li").count()).toBe(labs.length);
    // The citation under the chart names each real source (the sample gets the sample notice).
    for (const source of answer.dataSources.sources)
      if (source.citation !== null && !source.sample)
        expect(await page.locator(`[data-citation="${source.source}"]`).textContent()).toContain(
          source.citation,
        );
    // The latest week of each lab: the api's values in the table's data attributes.
    const latestByLab = new Map<string, string>();
    for (const row of answer.data)
      if ((latestByLab.get(row.lab) ?? "") < row.date) latestByLab.set(row.lab, row.date);
    const expected = answer.data.filter((row) => latestByLab.get(row.lab) === row.date);
    const shown = await page.$$eval('table[data-table="workload-latest"] tbody tr', (rows) =>
      rows.map((row) => ({
        key: `${row.getAttribute("data-lab")}|${row.getAttribute("data-family")}`,
        cost: row.querySelector('[data-label="Cost per session"]')?.getAttribute("data-value"),
        lfl: row.querySelector('[data-label="Like-for-like"]')?.getAttribute("data-value"),
      })),
    );
    expect(shown.map((row) => row.key).sort()).toEqual(
      expected.map((row) => `${row.lab}|${row.family}`).sort(),
    );
    for (const row of expected) {
      const one = shown.find((entry) => entry.key === `${row.lab}|${row.family}`);
      expect(Number(one?.cost), `${row.lab} ${row.family}`).toBe(row.cCents);
      expect(Number(one?.lfl), `${row.lab} ${row.family}`).toBe(row.lfl);
    }
    // The cells of the latest window, each with the api's median cost.
    const lastWeek = answer.cells
      .map((cell) => cell.date)
      .sort()
      .at(-1);
    const cells = answer.cells.filter((cell) => cell.date === lastWeek);
    expect(cells.length).toBeGreaterThan(0);
    const shownCells = await page.$$eval('table[data-table="workload-cells"] tbody tr', (rows) =>
      rows.map(
        (row) =>
          `${row.getAttribute("data-model")}|${row.getAttribute("data-turn-range")}|${row
            .querySelector('[data-label="Median session cost"]')
            ?.getAttribute("data-value")}`,
      ),
    );
    expect(shownCells.sort()).toEqual(
      cells.map((cell) => `${cell.model}|${cell.turnRange}|${cell.medianSessionCostUsd}`).sort(),
    );
    await screenshot(page, "workload-full-1280");

    // The CSV: exactly the Full key's rows, through the reader's cookie, never cached.
    const href = await page.getAttribute("a[data-csv]", "href");
    expect(href).toBe("/workload/history.csv");
    const { header, lines } = await privateCsv(page, href ?? "");
    expect(header).toBe(
      "date,lab,family,cCents,lfl,qKtok,priceEffect,intensityEffect,mixEffect,sample,source,citation",
    );
    const optional = (value: number | null) => (value === null ? "" : String(value));
    expect(lines.map((line) => parseCsvLine(line).slice(0, 10))).toEqual(
      answer.data.map((row) => [
        row.date,
        row.lab,
        row.family,
        String(row.cCents),
        String(row.lfl),
        String(row.qKtok),
        optional(row.priceEffect),
        optional(row.intensityEffect),
        optional(row.mixEffect),
        String(answer.dataSources.sample),
      ]),
    );
    // No key reached the browser.
    expect(await page.content()).not.toContain(API_KEY_PREFIX);
  });

  it("opens a lab's families from the table, with that lab's CSV", async () => {
    const page = await readers.openSignedIn("/workload");
    await page.click('table[data-table="workload-latest"] a[href="/workload?lab=anthropic"]');
    await page.waitForURL(`${site.webUrl}/workload?lab=anthropic`);
    const answer = await fullKeyAnswer("?lab=anthropic");
    const families = new Set(answer.data.map((row) => row.family));
    expect(families.size).toBeGreaterThan(1);
    expect(await page.locator('figure[data-chart="workload-lfl"] .legend li').count()).toBe(
      families.size,
    );
    const href = await page.getAttribute("a[data-csv]", "href");
    expect(href).toBe("/workload/history.csv?lab=anthropic");
    const { lines } = await privateCsv(page, href ?? "");
    expect(lines.map((line) => parseCsvLine(line).slice(0, 5))).toEqual(
      answer.data.map((row) => [
        row.date,
        row.lab,
        row.family,
        String(row.cCents),
        String(row.lfl),
      ]),
    );
    await screenshot(page, "workload-full-anthropic");
  });

  it("renders the chart without JavaScript and follows its range links", async () => {
    const plain = await readers.withoutScript();
    const noScript = await plain.newPage();
    await open(noScript, "/workload?range=1M");
    expect(await noScript.locator('figure[data-chart="workload-lfl"] svg.chart-svg').count()).toBe(
      1,
    );
    expect(await noScript.getAttribute('a[data-range="1M"]', "aria-current")).toBe("true");
    expect(await noScript.getAttribute("a[data-csv]", "href")).toBe(
      "/workload/history.csv?range=1M",
    );
    await plain.close();
  });

  it("has no axe violations, no contrast failure and no horizontal overflow at 390 and 1280 px, light and dark, for a Full reader", async () => {
    const { page } = readers;
    // The visitor's page is the site audit's.
    await expectReadableEverywhere(page, "/workload", "full");
  });
});
