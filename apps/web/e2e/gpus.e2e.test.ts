import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatUtcDay } from "../src/lib/format";
import { directFetch, internal, parseCsvLine } from "./api-helpers";
import { chromiumPresent, launchBrowser, open, screenshot, expectFitsAPhone } from "./browser";
import { site } from "./site";

/** /gpus and the GPU pages: every GPU, the api's values, changes, charts and CSV; keyed GPUs locked. */
describe.skipIf(!chromiumPresent)("GPU pages: every GPU, changes and CSV", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  type DailyBody = { data: { timestamp: string; index_value: number }[] };
  const H100 = "H100%20SXM";

  /** The free window's daily values of a GPU as the keyless REST route serves them, by UTC day. */
  async function dailyByDay(gpu: string): Promise<Map<string, number>> {
    const { gpu: window } = await internal<{ gpu: { startDate: string; endDate: string } }>(
      "windows",
    );
    const response = await fetch(
      `${site.apiUrl}/api/gpu/${gpu}/index-history?startDate=${window.startDate}&endDate=${window.endDate}`,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as DailyBody;
    return new Map(body.data.map((row) => [row.timestamp.slice(0, 10), row.index_value]));
  }

  it("the GPU page shows the free GPUs' latest daily values, equal to GET /api/daily-index/all", async () => {
    const api = (await (await directFetch(`${site.apiUrl}/api/daily-index/all`)).json()) as {
      data: { gpu_type: string; index_value: number }[];
    };
    expect(api.data.length).toBe(5);
    const page = await browser.newPage();
    await open(page, "/gpus");
    expect(await page.locator('[data-gpu-state="no-data"]').count()).toBe(0);
    const shown = await page.$$eval(
      'table[data-table="gpu-latest"] tbody tr:has(td[data-value])',
      (rows) =>
        rows.map((row) => ({
          gpu: row.getAttribute("data-gpu") ?? "",
          value: Number(row.querySelector("td[data-value]")?.getAttribute("data-value")),
        })),
    );
    expect(shown).toEqual(api.data.map((row) => ({ gpu: row.gpu_type, value: row.index_value })));
    expect(await page.locator('figure[data-chart="gpu-3m"]').count()).toBe(1);
    await screenshot(page, "gpus");
    await page.close();
  });

  it("a free GPU's page, linked from /gpus, shows gpu.detail's print, average, 24 prints with carried marks and charts, without JavaScript and at 390 px", async () => {
    type Detail = {
      rollingAverage: { data: { average_usd_per_hour: number; carried_count: number } } | null;
      hourly: { data: { timestamp: string; index_value: number; is_carried: boolean }[] } | null;
      daily: { data: unknown[] } | null;
      volatility: { data: { rolling_volatility: number | null }[] } | null;
    };
    const input = encodeURIComponent(JSON.stringify({ gpu: "H100 SXM" }));
    const response = await directFetch(`${site.apiUrl}/trpc/gpu.detail?input=${input}`, {
      headers: { authorization: `Bearer ${site.internalToken}` },
    });
    expect(response.status).toBe(200);
    const detail = ((await response.json()) as { result: { data: Detail } }).result.data;
    expect(detail.hourly?.data.length).toBe(24);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await open(page, "/gpus");
    await page.locator('table[data-table="gpu-latest"] a', { hasText: "H100 SXM" }).click();
    await page.waitForURL(`${site.webUrl}/gpus/H100%20SXM`);
    expect(await page.locator("h1").textContent()).toBe("H100 SXM GPU compute price index");
    const shown = await page.$$eval('table[data-table="gpu-hourly"] tbody tr', (rows) =>
      rows.map((row) => ({
        timestamp: row.getAttribute("data-hour") ?? "",
        index_value: Number(row.querySelector("td[data-value]")?.getAttribute("data-value")),
        is_carried: row.getAttribute("data-carried") === "true",
      })),
    );
    // The rows carry provenance fields too; the table shows the instant, value and carried mark.
    expect(shown).toEqual(
      [...(detail.hourly?.data ?? [])]
        .reverse()
        .map(({ timestamp, index_value, is_carried }) => ({ timestamp, index_value, is_carried })),
    );
    expect(
      Number(
        await page.locator('[data-card="rolling-average"] [data-value]').getAttribute("data-value"),
      ),
    ).toBe(detail.rollingAverage?.data.average_usd_per_hour);
    expect(await page.locator('figure[data-chart="gpu-daily"]').count()).toBe(1);
    expect(
      await page.locator("[data-latest-volatility]").getAttribute("data-latest-volatility"),
    ).toBe(String(detail.volatility?.data[0]?.rolling_volatility ?? ""));
    expect(await page.locator('table[data-table="gpu-routes"] tbody tr').count()).toBe(4);
    await screenshot(page, "gpu-h100-1280");
    await expectFitsAPhone(page, "gpu-h100-390");
    await page.close();

    const context = await browser.newContext({ javaScriptEnabled: false });
    const noScript = await context.newPage();
    await open(noScript, "/gpus/H100%20SXM");
    expect(await noScript.locator('table[data-table="gpu-hourly"] tbody tr').count()).toBe(24);
    await open(noScript, "/gpus/RTX%20PRO%206000%20WS");
    expect(await noScript.locator('[data-gpu-state="keyed"]').count()).toBe(1);
    expect(await noScript.locator("[data-value]").count()).toBe(0);
    await screenshot(noScript, "gpu-keyed");
    await context.close();

    // An unknown GPU is a 404 with the site's not-found page (server-rendered: see proxy.ts).
    const notFoundPage = await browser.newPage();
    await open(notFoundPage, "/gpus/H300", 404);
    expect(await notFoundPage.locator("h1").textContent()).toBe("Page not found");
    await notFoundPage.close();
  });

  it("/gpus lists all six GPUs; the free ones' changes equal the api's daily values, the keyed one shows only its settled day", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await open(page, "/gpus");
    const rows = await page.$$eval('table[data-table="gpu-latest"] tbody tr', (trs) =>
      trs.map((tr) => tr.getAttribute("data-gpu")),
    );
    expect(rows).toEqual(["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"]);
    const h100 = await dailyByDay(H100);
    const cells = await page.$$eval('tr[data-gpu="H100 SXM"] td[data-change-days]', (tds) =>
      tds.map((td) => ({
        from: td.getAttribute("data-change-from") ?? "",
        change: td.getAttribute("data-change") ?? "",
      })),
    );
    const latestDay = [...h100.keys()].sort().at(-1) ?? "";
    const latest = h100.get(latestDay) ?? Number.NaN;
    expect(cells).toHaveLength(3);
    for (const cell of cells) {
      const earlier = h100.get(cell.from);
      if (earlier === undefined) expect(cell.change).toBe("");
      else expect(Number(cell.change)).toBeCloseTo(latest - earlier, 10);
    }
    const keyed = await internal<{ gpu_type: string; date: string | null }[]>("gpu.keyedLatest");
    const keyedRow = page.locator('tr[data-gpu="RTX PRO 6000 WS"]');
    expect(await keyedRow.locator("time").getAttribute("datetime")).toBe(keyed[0]?.date);
    expect(await keyedRow.locator("[data-value]").count()).toBe(0);
    expect(await keyedRow.textContent()).not.toContain("$");
    expect(await page.locator('figure[data-chart="gpu-3m"] figcaption').textContent()).toContain(
      `to ${formatUtcDay(latestDay)}`,
    );
    await screenshot(page, "gpus-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "gpus-390");
    await page.close();
  });

  it("a keyed GPU's page shows its latest settled day from the api, locked, and the way to a key", async () => {
    const keyed = await internal<{ gpu_type: string; day: string | null }[]>("gpu.keyedLatest");
    const rtx = keyed.find((entry) => entry.gpu_type === "RTX PRO 6000 WS");
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await open(page, "/gpus/RTX%20PRO%206000%20WS");
    expect(await page.locator("[data-keyed-latest]").getAttribute("data-keyed-latest")).toBe(
      rtx?.day ?? "",
    );
    expect(await page.locator("[data-keyed-latest] [data-locked]").count()).toBe(1);
    expect(await page.locator("main").textContent()).not.toMatch(/\$\d/);
    await context.close();
  });

  it("a GPU page's change strip and CSV hold the api's daily series", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // The sample moves by a day at midnight UTC: the page is opened between two reads of the
    // series, and compared once both reads agree (the page was rendered from that same series).
    let h100 = await dailyByDay(H100);
    for (let attempt = 1; ; attempt += 1) {
      await open(page, `/gpus/${H100}`);
      const after = await dailyByDay(H100);
      const unchanged = JSON.stringify([...after]) === JSON.stringify([...h100]);
      h100 = after;
      if (unchanged || attempt === 3) break;
    }
    const days = [...h100.keys()].sort();
    const values = days.map((day) => h100.get(day) ?? Number.NaN);
    const stat = async (name: string) =>
      Number(await page.locator(`[data-stat="${name}"]`).getAttribute("data-value"));
    expect(await stat("min")).toBe(Math.min(...values));
    expect(await stat("max")).toBe(Math.max(...values));
    expect(await stat("mean")).toBeCloseTo(
      values.reduce((sum, value) => sum + value, 0) / values.length,
      10,
    );
    const href = await page.locator("a[data-csv]").getAttribute("href");
    expect(href).toBe(`/gpus/${H100}/daily.csv`);
    await context.close();

    const csv = await fetch(`${site.webUrl}${href}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toBe(
      `attachment; filename="tpi-gpu-H100-SXM-daily-to-${days.at(-1)}.csv"`,
    );
    const [header, ...lines] = (await csv.text()).trim().split("\r\n");
    expect(lines.map((line) => line.split(",")[0])).toEqual(days);
    expect(lines.map((line) => Number(line.split(",")[3]))).toEqual(values);
    // Each value says what it rests on: on this site, the sample's trades, cited as the sample.
    const columns = parseCsvLine(header ?? "");
    const at = (line: string, column: string) => parseCsvLine(line)[columns.indexOf(column)];
    expect(
      new Set(
        lines.map((line) => [at(line, "basis"), at(line, "sources"), at(line, "sample")].join(" ")),
      ),
    ).toEqual(new Set(["trades sample true"]));
    expect(lines.every((line) => (at(line, "citation") ?? "") !== "")).toBe(true);
    const keyedCsv = await fetch(`${site.webUrl}/gpus/RTX%20PRO%206000%20WS/daily.csv`);
    expect(keyedCsv.status).toBe(404);
    expect(await keyedCsv.json()).toMatchObject({ error: "Not found" });

    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await open(phone, `/gpus/${H100}`);
    await screenshot(phone, "gpu-h100-strip-390");
    await phone.close();
  });

  it("a free GPU's page lists its latest settled day's constituents as the api does, with the same rows in its CSV and the sample said server-side", async () => {
    const h100 = await dailyByDay(H100);
    const latestDay = [...h100.keys()].sort().at(-1) ?? "";
    const response = await directFetch(
      `${site.apiUrl}/api/gpu/${H100}/constituents?date=${latestDay}`,
    );
    expect(response.status).toBe(200);
    type Row = { kind: string; provider: string; source: string };
    const body = (await response.json()) as {
      basis: string;
      provenance: { sample: boolean };
      data: Row[];
    };
    expect(body.data.length).toBeGreaterThan(0);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await open(page, `/gpus/${H100}`);
    const section = page.locator("[data-gpu-constituents]");
    expect(await section.getAttribute("data-gpu-constituents")).toBe(latestDay);
    expect(await section.getAttribute("data-basis")).toBe(
      body.provenance.sample ? "sample" : body.basis,
    );
    const shown = await page.$$eval('table[data-table="gpu-constituents"] tbody tr', (rows) =>
      rows.map((row) => ({
        kind: row.getAttribute("data-kind") ?? "",
        provider: row.getAttribute("data-provider") ?? "",
        source: row.querySelector('td[data-label="Source"]')?.textContent ?? "",
      })),
    );
    expect(shown).toEqual(
      body.data.map(({ kind, provider, source }) => ({ kind, provider, source })),
    );
    await page.close();

    const csv = await (await fetch(`${site.webUrl}/gpus/${H100}/constituents.csv`)).text();
    const [header, ...lines] = csv.trimEnd().split("\r\n");
    const columns = parseCsvLine(header ?? "");
    const at = (line: string, column: string) => parseCsvLine(line)[columns.indexOf(column)];
    expect(
      lines.map((line) => [at(line, "kind"), at(line, "provider"), at(line, "source")]),
    ).toEqual(shown.map((row) => [row.kind, row.provider, row.source]));

    // Without JavaScript: the server's HTML says whether the GPU values are the sample.
    const html = await (await fetch(`${site.webUrl}/gpus/${H100}`)).text();
    expect(html).toContain(`data-gpu-provenance="${body.provenance.sample ? "sample" : "real"}"`);
  });
});
