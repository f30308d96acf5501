import { GPU_LEDGER_CITATION, addDays, utcDayOf, type UtcDay } from "@tpi/domain";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ledgerSnapshot,
  startGpuLedgerStub,
  type GpuLedgerStub,
} from "../../api/src/testing/gpu-ledger-stub";
import { axeViolations } from "./axe";
import { chromiumPresent, launchBrowser, expectNoHorizontalOverflow, screenshot } from "./browser";
import { contrastFailures } from "./contrast";
import { parseCsvLine } from "./api-helpers";
import { startSite, type RunningSite } from "./harness";

/**
 * A GPU page whose values rest on real posted prices: its own api, first started on a stub of the
 * gpurentalprices ledger (the shared site runs on the sample), so the back-filled days settle
 * from quotes. The constituents table must equal the api's answer, the CSV the table, and the
 * ledger's CC BY citation must be in the server's HTML.
 */
const GPU = "H100 SXM";
const GPU_PATH = "/gpus/H100%20SXM";
const BACKFILL_DAYS = 5;

/** The ledger's days up to today: four providers post H100 SXM, one only as community tier. */
function seedLedger(stub: GpuLedgerStub, today: UtcDay): void {
  stub.days.clear();
  for (let back = BACKFILL_DAYS - 1; back >= 0; back -= 1) {
    const date = addDays(today, -back);
    // Today's file was published just now, never in the future of the api's clock.
    const generatedAt =
      back === 0 ? new Date(Date.now() - 10 * 60_000).toISOString() : `${date}T06:21:55.020Z`;
    stub.days.set(
      date,
      ledgerSnapshot({
        date,
        generatedAt,
        offers: [
          { provider: "lambda", gpuName: GPU, usd_hr: 2.99 },
          { provider: "aws", gpuName: GPU, usd_hr: 12.29, min_gpus: 8 },
          { provider: "nebius", gpuName: GPU, usd_hr: 2.95 },
          { provider: "runpod", gpuName: GPU, usd_hr: 2.69, kind: "community" },
        ],
      }),
    );
  }
  stub.latestDay = today;
}

type QuoteRow = {
  kind: "quote" | "trades";
  provider: string;
  tier?: string;
  priceUsdPerGpuHour?: number;
  averagePriceUsdPerGpuHour?: number;
  included?: boolean;
  exclusionReason?: string | null;
  snapshotAsOf?: string;
};
type ConstituentsBody = { date: string; basis: string; data: QuoteRow[] };

describe.skipIf(!chromiumPresent)("GPU page on real quotes: constituents, CSV, citation", () => {
  let stub: GpuLedgerStub;
  let quoteSite: RunningSite;
  let browser: Browser;
  let latestDay: string;

  beforeAll(async () => {
    stub = await startGpuLedgerStub();
    seedLedger(stub, utcDayOf(new Date()));
    quoteSite = await startSite({
      GPU_LEDGER_ENABLED: "true",
      GPU_LEDGER_BASE_URL: stub.url,
      GPU_LEDGER_BACKFILL_DAYS: String(BACKFILL_DAYS),
      GPU_LEDGER_MIN_REQUEST_INTERVAL_MS: "0",
      GPU_LEDGER_RETRY_BASE_MS: "0",
    });
    browser = await launchBrowser();
    const history = (await (
      await fetch(`${quoteSite.apiUrl}/api/gpu/H100%20SXM/index-history`)
    ).json()) as { data: { timestamp: string }[] };
    latestDay =
      history.data
        .map((row) => row.timestamp.slice(0, 10))
        .sort()
        .at(-1) ?? "";
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await quoteSite?.stop();
    await stub?.close();
  });

  async function constituents(): Promise<ConstituentsBody> {
    const response = await fetch(
      `${quoteSite.apiUrl}/api/gpu/H100%20SXM/constituents?date=${latestDay}`,
    );
    expect(response.status).toBe(200);
    return (await response.json()) as ConstituentsBody;
  }

  it("shows the latest settled day's quotes exactly as the api answers them", async () => {
    expect(latestDay).not.toBe("");
    const body = await constituents();
    expect(body.basis).toBe("quotes");
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${quoteSite.webUrl}${GPU_PATH}`);
    expect(
      await page.locator("[data-gpu-constituents]").getAttribute("data-gpu-constituents"),
    ).toBe(latestDay);
    expect(await page.locator("[data-gpu-constituents]").getAttribute("data-basis")).toBe("quotes");
    const shown = await page.$$eval('table[data-table="gpu-constituents"] tbody tr', (rows) =>
      rows.map((row) => ({
        kind: row.getAttribute("data-kind"),
        provider: row.getAttribute("data-provider"),
        price: Number(row.querySelector("[data-price]")?.getAttribute("data-price")),
        included: row.getAttribute("data-included") === "true",
        exclusion: row.getAttribute("data-exclusion"),
        snapshotAsOf: row
          .querySelector("[data-snapshot-as-of]")
          ?.getAttribute("data-snapshot-as-of"),
      })),
    );
    expect(shown).toEqual(
      body.data.map((row) => ({
        kind: row.kind,
        provider: row.provider,
        price: row.priceUsdPerGpuHour ?? row.averagePriceUsdPerGpuHour,
        included: row.kind === "trades" || row.included === true,
        exclusion: row.exclusionReason ?? "",
        snapshotAsOf: row.snapshotAsOf,
      })),
    );
    expect(shown.some((row) => !row.included)).toBe(true);
    await page.close();
  });

  it("downloads exactly the table's rows as CSV", async () => {
    const body = await constituents();
    const response = await fetch(`${quoteSite.webUrl}${GPU_PATH}/constituents.csv`);
    expect(response.status).toBe(200);
    const [header, ...lines] = (await response.text()).trimEnd().split("\r\n");
    const columns = parseCsvLine(header ?? "");
    const rows = lines.map((line) => parseCsvLine(line));
    const at = (row: string[], column: string) => row[columns.indexOf(column)] ?? "";
    expect(rows.map((row) => [at(row, "date"), at(row, "provider"), at(row, "tier")])).toEqual(
      body.data.map((row) => [latestDay, row.provider, row.tier ?? ""]),
    );
    expect(rows.map((row) => Number(at(row, "priceUsdPerGpuHour")))).toEqual(
      body.data.map((row) => row.priceUsdPerGpuHour ?? row.averagePriceUsdPerGpuHour),
    );
    expect(new Set(rows.map((row) => at(row, "citation")))).toEqual(new Set([GPU_LEDGER_CITATION]));
  });

  it("cites the ledger with its licence in the server's HTML, with no sample notice for the GPU values", async () => {
    const html = await (await fetch(`${quoteSite.webUrl}${GPU_PATH}`)).text();
    expect(html).toContain(GPU_LEDGER_CITATION);
    expect(html).toContain('data-gpu-provenance="real"');
    expect(html).not.toContain("data-gpu-sample-notice");
    expect(html).toContain('href="https://creativecommons.org/licenses/by/4.0/" rel="license"');
    const list = await (await fetch(`${quoteSite.webUrl}/gpus`)).text();
    expect(list).toContain(GPU_LEDGER_CITATION);
  });

  it("passes axe-core and contrast at 1280 and 390 px, light and dark, without overflow", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${quoteSite.webUrl}${GPU_PATH}`);
        await page.locator("[data-gpu-constituents]").scrollIntoViewIfNeeded();
        expect(await contrastFailures(page), `${colorScheme} contrast at ${width}`).toEqual([]);
        // Light first: in dark only axe's colour rules run again (axe.ts says why).
        const scope = colorScheme === "dark" ? "colours" : "everything";
        expect(await axeViolations(page, { scope }), `${colorScheme} axe-core at ${width}`).toEqual(
          [],
        );
        await expectNoHorizontalOverflow(page, `at ${width} px`);
        await screenshot(page, `gpu-quotes-${colorScheme}-${width}`);
      }
      await context.close();
    }
  });
});
