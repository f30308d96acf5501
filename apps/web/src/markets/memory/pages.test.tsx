import { MAX_MEMORY_HISTORY_LIMIT } from "@tpi/domain";
import { describe, expect, it, vi } from "vitest";
import { MemoryPage } from "./overview-page";
import { MemoryTypePage } from "./type-page";
import { GET as memoryCsv } from "./history-csv";
import { memory } from "./test-routers";
import { marketPageTests, textOf } from "../../testing/market-page-tests";

// The pages are rendered per request and read the request's session cookie.
vi.mock("next/headers", async () => (await import("../../testing/request-cookies")).nextHeaders);
vi.mock("next/navigation", () => ({
  notFound: () => {
    throw new Error("NEXT_NOT_FOUND");
  },
}));

/**
 * The Memory pages and CSV against a router in the api's shapes: a visitor gets the catalogue,
 * the methodology and the sources with the values locked (no plan procedure asked, no number in
 * the page), a Trial reader the values (the fixture's 62 weekdays from 1 Sep to 25 Nov 2026, type
 * i priced 2 + i + n/100 USD on its n-th day), a reader whose plan the api refuses its words.
 */
const site = marketPageTests(memory);

const sectionPage = () => site.renderPage(MemoryPage());

const typePage = (id: string, query: Record<string, string> = {}) =>
  site.renderPage(
    MemoryTypePage({ params: Promise.resolve({ id }), searchParams: Promise.resolve(query) }),
  );

const csv = (id: string, session?: string, query = "") =>
  memoryCsv(site.downloadRequest(`/memory/${id}/history.csv${query}`, session), {
    params: Promise.resolve({ id }),
  });

describe("/memory", () => {
  it("shows a visitor the 14 types by category with their ids, the method and the sources, and no number", async () => {
    const html = await sectionPage();
    for (const category of ["dram", "flash", "module"])
      expect(html).toContain(`data-table="memory-${category}"`);
    expect(html.match(/<tr data-memory-type=/g)).toHaveLength(14);
    expect(html.match(/<tr data-memory-type="[^"]+" data-date="">/g)).toHaveLength(14);
    expect(html).toContain('href="/memory/mem_ddr5_16gb"');
    expect(textOf(html)).toContain("DDR5 16Gb (2Gx8) 4800/5600");
    expect(textOf(html)).toContain("mem_ddr5_16gb");
    expect(html).toContain("data-memory-locked");
    expect(html).not.toContain("data-value=");
    expect(textOf(html)).not.toMatch(/\$\d/);
    expect(textOf(html)).toContain("any plan (Trial, Premium, Full)");
    expect(html).toContain('href="/account/sign-up"');
    expect(textOf(html)).toContain("A price settles once per trading day at 4 PM New York.");
    expect(html).toContain('href="/docs#route-getMemoryMethodology"');
    expect(textOf(html)).toContain(memory.citation);
    expect(memory.inputs).toEqual([]);
  });

  it("gives a Trial reader each type's latest price, change, weekly high and low, settlement day and source time, marked as the sample", async () => {
    site.signIn(memory.sessions.trial);
    const html = await sectionPage();
    expect(memory.inputs).toEqual([{ planIndex: { sessionToken: memory.sessions.trial } }]);
    expect(html).not.toContain("data-memory-locked");
    // mem_ddr5_16gb is the 6th type (i = 5); 25 Nov is its 62nd day (n = 61): 2 + 5 + 0.61.
    expect(html).toMatch(
      new RegExp(
        `<tr data-memory-type="mem_ddr5_16gb" data-date="${memory.lastDay}">.*?data-value="7.61">\\$7.610<`,
      ),
    );
    expect(html).toMatch(
      /data-memory-type="mem_ddr5_16gb".*?data-label="Change" data-value="1">\+1.00%/,
    );
    expect(html).toMatch(
      /data-memory-type="mem_ddr5_16gb".*?data-label="Weekly high" data-value="7.71">\$7.710/,
    );
    expect(html).toMatch(
      /data-memory-type="mem_ddr5_16gb".*?data-label="Weekly low" data-value="7.51">\$7.510/,
    );
    expect(textOf(html)).toContain("25 Nov 2026source 2026-11-25 20:30:00Z");
    expect(html).toContain("data-sample-notice");
    expect(textOf(html)).toContain(memory.notice);
    expect(textOf(html)).toContain("Signed in as ada@example.com (Trial plan)");
  });

  site.itShowsTheRefusal({
    page: sectionPage,
    session: memory.sessions.ended,
  });
});

describe("/memory/<id>", () => {
  it("charts a Trial reader's settled days in USD, with the latest card, the source under the chart, the table and the CSV link", async () => {
    site.signIn(memory.sessions.trial);
    const html = await typePage("mem_ddr5_16gb");
    expect(memory.inputs).toEqual([
      {
        planHistory: {
          sessionToken: memory.sessions.trial,
          memoryType: "mem_ddr5_16gb",
          limit: String(MAX_MEMORY_HISTORY_LIMIT),
        },
      },
    ]);
    expect(html).toContain('data-chart="memory-mem_ddr5_16gb"');
    expect(html).toContain('data-chart-value-kind="usd"');
    // Trading days only: the line runs across every weekend (one move, then lines).
    const path = /<path class="chart-s1" d="(M[^"]+)"/.exec(html)?.[1] ?? "";
    expect(path.match(/M/g)).toHaveLength(1);
    expect(path.match(/L/g)).toHaveLength(61);
    expect(html).toContain('data-latest-value="7.61"');
    expect(textOf(html)).toContain("USD per chip, settled 25 Nov 2026 at 4 PM New York");
    expect(html.match(/<tr data-date=/g)).toHaveLength(62);
    // Newest first.
    expect(html).toMatch(new RegExp(`<tbody><tr data-date="${memory.lastDay}">`));
    expect(html).toContain('href="/memory/mem_ddr5_16gb/history.csv"');
    expect(html).toMatch(/<a [^>]*data-range="All"[^>]*aria-current="true"/);
    expect(html).toMatch(/data-chart-sources.*data-citation="memory-sample"/);
    expect(textOf(html)).toContain(memory.citation);
    expect(html).toContain("data-sample-notice");
    expect(html).toContain(`data-cite="${memory.lastDay}"`);
  });

  it("cuts the chart, table and CSV link to a range", async () => {
    site.signIn(memory.sessions.trial);
    const html = await typePage("mem_ddr5_rdimm_32gb", { range: "7D" });
    // 19 to 25 Nov: five weekdays.
    expect(html.match(/<tr data-date=/g)).toHaveLength(5);
    expect(html).toContain('href="/memory/mem_ddr5_rdimm_32gb/history.csv?range=7D"');
    expect(textOf(html)).toContain("USD per module");
  });

  site.itStaysLockedForAVisitor({
    page: () => typePage("mem_ddr5_16gb"),
    request: "GET /api/memory/mem_ddr5_16gb/history",
  });

  it("is the 404 for an id the catalogue does not have", async () => {
    await expect(typePage("mem_ddr9_1tb")).rejects.toThrow("NEXT_NOT_FOUND");
  });
});

describe("/memory/<id>/history.csv", () => {
  it("gives a Trial reader the settled days oldest first with sample, source and citation, privately", async () => {
    const lines = await site.privateCsvLines(
      await csv("mem_ddr5_16gb", memory.sessions.trial),
      `tpi-memory-mem_ddr5_16gb-2026-09-01-to-${memory.lastDay}.csv`,
    );
    expect(lines[0]).toBe(
      "date,price,changePct,weeklyHigh,weeklyLow,sourceUpdatedAt,sample,source,citation",
    );
    expect(lines).toHaveLength(63);
    expect(lines[1]).toBe(
      `2026-09-01,7,,7.1,6.9,2026-09-01T20:30:00.000Z,true,${memory.source},${memory.citation}`,
    );
    expect(lines.at(-1)).toBe(
      `${memory.lastDay},7.61,1,7.71,7.51,${memory.lastDay}T20:30:00.000Z,true,${memory.source},${memory.citation}`,
    );
    const week = await csv("mem_ddr5_16gb", memory.sessions.trial, "?range=7D");
    expect((await week.text()).trim().split("\r\n")).toHaveLength(6);
  });

  site.itRefusesTheCsv({
    csv,
    id: "mem_ddr5_16gb",
    unknownId: "not-a-type",
    endedSession: memory.sessions.ended,
  });
});
