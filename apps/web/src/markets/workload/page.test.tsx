import { OPENROUTER_LICENCE } from "@tpi/domain";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { WorkloadPage } from "./page";
import { GET as workloadCsv } from "./history-csv";
import { marketPageTests, textOf } from "../../testing/market-page-tests";
import { workload } from "./test-routers";

// The page is rendered per request and reads the request's session cookie.
vi.mock("next/headers", async () => (await import("../../testing/request-cookies")).nextHeaders);

/**
 * /workload and its CSV against a router in the api's shapes: a visitor reads what the index is
 * and who reads it, and no value (the page never asks for one); a Full reader reads the chart,
 * each lab's latest week, the latest cells and the CSV of the rows the api answered.
 */
const site = marketPageTests(workload);

const render = (query: Record<string, string> = {}) =>
  site.renderPage(WorkloadPage({ searchParams: Promise.resolve(query) }));

describe("/workload for a visitor", () => {
  it("says what the index is, which plans read it and how, and shows no value", async () => {
    const html = await render();
    site.expectLockedToVisitor(html, "any plan (Trial, Premium, Full)");
    expect(html).toContain('href="/docs"');
    expect(html).toContain('href="/docs#route-getWorkloadMethodology"');
    // The method and its cited source are public.
    expect(textOf(html)).toContain("Like-for-like index: 100 in a group's first week");
    expect(html).toContain("session-cost dataset, as of 2026-11-16T03:00:00.000Z");
    // Its licence linked, as every market's method sources link theirs, and named once: the
    // citation's own "Licensed under CC BY 4.0." carries the link.
    expect(html).toContain(
      `as of 2026-11-16T03:00:00.000Z.</span> Licensed under <a href="${OPENROUTER_LICENCE.url}" rel="license">CC BY 4.0</a>.`,
    );
    expect(textOf(html)).not.toContain("Licence: CC BY 4.0");
    // No value: no chart or number of the rows either.
    expect(html).not.toContain("data-chart=");
    for (const row of workload.rows) expect(textOf(html)).not.toContain(String(row.cCents));
  });

  site.itRefusesAVisitorTheCsv(() => workloadCsv(site.downloadRequest("/workload/history.csv")));

  it("asks the api for a visitor's CSV without a session", async () => {
    await workloadCsv(site.downloadRequest("/workload/history.csv"));
    expect(workload.inputs).toEqual([{ planIndex: {} }]);
  });
});

describe("/workload for a reader whose plan does not read it", () => {
  site.itShowsThePlanRefusal({
    page: render,
    csv: (session) => workloadCsv(site.downloadRequest("/workload/history.csv", session)),
    session: workload.sessions.refused,
    refusal: workload.planRefusal,
    signedInAs: "bob@example.com (Premium plan)",
  });

  it("asks the api with the reader's session", async () => {
    site.signIn(workload.sessions.refused);
    await render();
    expect(workload.inputs).toEqual([{ planIndex: { sessionToken: workload.sessions.refused } }]);
  });
});

describe("/workload for a Full reader", () => {
  beforeEach(() => site.signIn(workload.sessions.full));

  it("charts each lab's like-for-like index and cites its source under the chart", async () => {
    const html = await render();
    expect(workload.inputs).toEqual([{ planIndex: { sessionToken: workload.sessions.full } }]);
    expect(html).not.toContain('data-workload-state="locked"');
    expect(html).toContain('data-chart="workload-lfl"');
    expect(html).toContain('data-chart-value-kind="points"');
    // Weekly values are joined week to week: each line is drawn, not a row of lone dots.
    expect(html).toMatch(/<path class="chart-s1" d="M0,\d+(\.\d+)? L1000,/);
    // Both labs' `all` series, in points; the family row is not charted.
    expect(textOf(html)).toMatch(/Anthropic: .*96\.4/);
    expect(textOf(html)).toMatch(/OpenAI: .*104\.2/);
    // The sample source has no citation line: the sample notice says what it is.
    expect(html).not.toContain('data-citation="openrouter-session-cost"');
    expect(html).toContain('href="/workload/history.csv"');
    expect(html).toContain("data-sample-notice");
  });

  it("tables each lab's latest week per family with the effects and their sum", async () => {
    const html = await render();
    const table = html.slice(html.indexOf('data-table="workload-latest"'));
    const rows = table.slice(0, table.indexOf("</table>")).split("<tr ").slice(1);
    expect(
      rows.map((one) => /data-lab="([^"]+)" data-family="([^"]+)"/.exec(one)?.slice(1)),
    ).toEqual([
      ["anthropic", "all"],
      ["anthropic", "claude-opus"],
      ["openai", "all"],
    ]);
    const opus = rows[1] ?? "";
    expect(textOf(opus)).toContain("$4.00 (400.00\u00a2)");
    expect(textOf(opus)).toContain("940,000");
    expect(textOf(opus)).toContain("97.3");
    expect(textOf(opus)).toContain("\u22121.00%");
    expect(textOf(opus)).toContain("\u22121.50%");
    expect(textOf(opus)).toContain("+0.25%");
    expect(opus).toContain('data-effects-sum="-2.25"');
    expect(textOf(opus)).toContain("\u22122.25%");
  });

  it("tables the cells of the latest window only, harness by harness", async () => {
    const html = await render();
    const table = html.slice(html.indexOf('data-table="workload-cells"'));
    const body = table.slice(0, table.indexOf("</table>"));
    const latest = workload.cells.filter((cell) => cell.date === "2026-11-15");
    expect(body.match(/<tr data-harness=/g)).toHaveLength(latest.length);
    expect(textOf(body)).toContain("Cline");
    expect(textOf(body)).toContain("2\u20139 turns");
    expect(body).toContain('data-value="4.6"');
    expect(body).not.toContain('data-value="4.1"');
  });

  it("follows the chart's range in the CSV link and cuts the CSV by it", async () => {
    const html = await render({ range: "7D" });
    expect(html).toContain('href="/workload/history.csv?range=7D"');
    const response = await workloadCsv(
      site.downloadRequest("/workload/history.csv?range=7D", workload.sessions.full),
    );
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines.slice(1).map((line) => line.slice(0, 10))).toEqual([
      "2026-11-15",
      "2026-11-15",
      "2026-11-15",
    ]);
  });

  it("links each lab to its families' view, which asks the api for that lab only", async () => {
    expect(await render()).toContain('<a href="/workload?lab=anthropic">Anthropic</a>');
    workload.inputs.length = 0;
    const html = await render({ lab: "anthropic", range: "1M" });
    expect(workload.inputs).toEqual([
      { planIndex: { sessionToken: workload.sessions.full, lab: "anthropic" } },
    ]);
    expect(html).toContain('data-workload-lab="anthropic"');
    // The chart's series are Anthropic's families; its links keep the lab.
    expect(textOf(html)).toMatch(/All families: .*96\.4/);
    expect(textOf(html)).toMatch(/claude-opus: .*97\.3/);
    expect(html).toContain('href="/workload?lab=anthropic&amp;range=7D#chart"');
    expect(html).toContain('href="/workload/history.csv?lab=anthropic&amp;range=1M"');
    expect(html).toContain('href="/workload" data-workload-all-labs');
    // Its table and cells are Anthropic's only.
    expect(html).not.toContain('data-lab="openai"');
    expect(html).not.toContain('data-model="openai/gpt-5"');
    // An unknown lab is no filter.
    workload.inputs.length = 0;
    await render({ lab: "OpenAI" });
    expect(workload.inputs).toEqual([{ planIndex: { sessionToken: workload.sessions.full } }]);
  });

  it("sends one lab's rows when the CSV names it", async () => {
    const [, ...lines] = await site.privateCsvLines(
      await workloadCsv(
        site.downloadRequest("/workload/history.csv?lab=openai", workload.sessions.full),
      ),
      "tpi-workload-openai-2026-11-08-to-2026-11-15.csv",
    );
    expect(lines.map((line) => line.split(",").slice(0, 3).join(","))).toEqual([
      "2026-11-08,openai,all",
      "2026-11-15,openai,all",
    ]);
  });

  it("sends the api's rows as CSV with provenance, never cached", async () => {
    const lines = await site.privateCsvLines(
      await workloadCsv(site.downloadRequest("/workload/history.csv", workload.sessions.full)),
      "tpi-workload-2026-11-08-to-2026-11-15.csv",
    );
    expect(lines[0]).toBe(
      "date,lab,family,cCents,lfl,qKtok,priceEffect,intensityEffect,mixEffect,sample,source,citation",
    );
    expect(lines).toHaveLength(workload.rows.length + 1);
    expect(lines[1]).toBe(
      '2026-11-08,anthropic,all,250,100,1800,,,,true,openrouter-session-cost,"Source: OpenRouter (openrouter.ai), session-cost dataset, as of 2026-11-16T03:00:00.000Z. Licensed under CC BY 4.0."',
    );
    expect(
      lines[4]?.startsWith(
        "2026-11-15,anthropic,all,240.125,96.43718,1820.46,-2.5,-1.25,-0.2,true,",
      ),
    ).toBe(true);
  });
});
