import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { marketPageTests, textOf } from "../../testing/market-page-tests";
import { HomeView } from "./home-view-page";
import { GET as historyCsv } from "./lab-csv";
import { LabView } from "./lab-view-page";
import { LabsPage } from "./labs-page";
import { tokenSignedIn } from "./signed-in-test-routers";

// The per-request pages read the request's session cookie through next/headers.
vi.mock("next/headers", async () => (await import("../../testing/request-cookies")).nextHeaders);

/**
 * The per-request lab and home pages and the lab CSV for a signed-in reader, rendered against a
 * router in the api's shapes (signed-in-test-routers.ts): a Full reader sees a keyed lab's values and
 * history with ranges to All, an ended trial sees the visitor's view with a note, and no session
 * is a visitor. The browser test runs the same against the real api.
 */
const site = marketPageTests(tokenSignedIn);

/** A page whose element is a server component (LabContent, HomeContent): rendered as Next would. */
async function rendered(page: ReactElement): Promise<string> {
  const element = page as ReactElement<Record<string, unknown>>;
  const inner =
    typeof element.type === "function"
      ? ((await (element.type as (props: unknown) => unknown)(element.props)) as ReactElement)
      : element;
  return renderToStaticMarkup(inner);
}

async function labView(lab: string, range?: string): Promise<string> {
  const page = (await LabView({
    params: Promise.resolve({ lab }),
    searchParams: Promise.resolve(range === undefined ? {} : { range }),
  })) as ReactElement;
  return rendered(page);
}

function csv(lab: string, query = "", session?: string) {
  return historyCsv(site.downloadRequest(`/labs/${lab}/history.csv${query}`, session), {
    params: Promise.resolve({ lab }),
  });
}

describe("a keyed lab's page, signed in", () => {
  it("shows a Full reader the lab's values and all its history, asked with the session and never a key", async () => {
    site.signIn(tokenSignedIn.sessions.full);
    const html = await labView("minimax");
    expect(tokenSignedIn.inputs).toContainEqual({
      planIndex: {
        sessionToken: tokenSignedIn.sessions.full,
        lab: "minimax",
        startDate: "0001-01-01",
        endDate: "2026-03-30",
      },
    });
    expect(html).not.toContain("data-locked");
    expect(textOf(html)).toContain("Signed in as ada@example.com (Full plan)");
    expect(html).toContain('data-signed-in="full"');
    // The latest settled day's value, and a row per day of the whole history (the All range).
    expect(html).toMatch(/data-latest-value="5\.93"/);
    const rows = html.match(/<tr data-date=/g) ?? [];
    expect(rows).toHaveLength(394);
    expect(html).toContain(`data-date="${tokenSignedIn.planFirstDay}"`);
    // Every range is a link, none locked; All is the one shown.
    for (const range of ["7D", "1M", "3M", "1Y", "All"])
      expect(html).toMatch(new RegExp(`<a [^>]*data-range="${range}"`));
    expect(html).toMatch(/<a [^>]*data-range="All"[^>]*aria-current="true"/);
    expect(html).not.toContain("data-locked-note");
    expect(html).toContain('href="/labs/minimax/history.csv"');
    // The plan reader's page offers the lab's notify-me as a visitor's does.
    expect(html).toContain(
      '<a href="/account/new-webhook?market=token&amp;series=minimax&amp;type=threshold.crossed">',
    );
  });

  it("cuts the history, the table and the CSV link to the year the 1Y range asks for", async () => {
    site.signIn(tokenSignedIn.sessions.full);
    const html = await labView("minimax", "1Y");
    const dates = [...html.matchAll(/<tr data-date="([^"]+)"/g)].map((match) => match[1]);
    expect(dates[0]).toBe(tokenSignedIn.planLastDay);
    expect(dates.at(-1)).toBe("2025-03-30");
    expect(dates).toHaveLength(365);
    // On a phone the year folds after its first 15 days, every row still in the page.
    expect(textOf(html)).toContain("Show all 365 rows (350 more)");
    expect(html).toMatch(/<a [^>]*data-range="1Y"[^>]*aria-current="true"/);
    expect(html).toContain('href="/labs/minimax/history.csv?range=1Y"');
  });

  it("shows an ended trial the locked value and why, without asking for values", async () => {
    site.signIn(tokenSignedIn.sessions.ended);
    const html = await labView("minimax");
    expect(html).toContain("data-locked");
    expect(textOf(html)).toContain(
      "Signed in as bob@example.com (Trial plan): the trial ended 2026-03-20 10:00:00Z",
    );
    expect(tokenSignedIn.inputs.some((input) => "planIndex" in (input as object))).toBe(false);
  });

  site.itIsTheVisitorsPage(() => labView("minimax"));

  it("offers a visitor a key", async () => {
    expect(await labView("minimax")).toContain("data-key-teaser");
  });
});

describe("a free lab's page, signed in", () => {
  it("offers a Full reader the ranges past the free window", async () => {
    site.signIn(tokenSignedIn.sessions.full);
    const html = await labView("anthropic", "3M");
    expect(html).toMatch(/<a [^>]*data-range="3M"[^>]*aria-current="true"/);
    expect(html).not.toContain("data-locked");
    const rows = html.match(/<tr data-date=/g) ?? [];
    expect(rows.length).toBe(90);
  });
});

describe("the home page, signed in", () => {
  it("gives a Full reader the keyed labs' values in place of Locked", async () => {
    site.signIn(tokenSignedIn.sessions.full);
    const html = await rendered(
      (await HomeView({ searchParams: Promise.resolve({}) })) as ReactElement,
    );
    expect(html).toMatch(/<tr data-lab="minimax">.*?data-value="5\.93"/);
    expect(textOf(html)).not.toContain("Locked: API key");
    expect(textOf(html)).toContain("Signed in as ada@example.com (Full plan)");
    // The chart holds the free labs' whole history as the plan reads it: every range a link.
    expect(html).toContain("The index over time");
    for (const range of ["3M", "1Y", "All"])
      expect(html).toMatch(new RegExp(`<a [^>]*data-range="${range}"`));
    expect(html).not.toContain("data-locked-note");
  });

  it("is the visitor's home page without a session cookie", async () => {
    const html = await rendered(
      (await HomeView({ searchParams: Promise.resolve({}) })) as ReactElement,
    );
    expect(textOf(html)).toContain("Locked: API key");
    expect(tokenSignedIn.inputs).toEqual([]);
  });
});

describe("/labs, signed in", () => {
  it("gives a Full reader each keyed lab's latest value as the plan reads it", async () => {
    site.signIn(tokenSignedIn.sessions.full);
    const html = await site.renderPage(LabsPage());
    expect(tokenSignedIn.inputs).toContainEqual({
      planIndex: { sessionToken: tokenSignedIn.sessions.full, lab: "minimax" },
    });
    expect(html).toMatch(/<tr data-lab="minimax" data-tier="keyed"[^>]*>.*?data-value="5\.93"/);
    expect(textOf(html)).not.toContain("Locked: API key");
    expect(textOf(html)).toContain("Signed in as ada@example.com (Full plan)");
  });

  it("locks them for a visitor", async () => {
    const html = await site.renderPage(LabsPage());
    expect(textOf(html)).toContain("Locked: API key");
    expect(tokenSignedIn.inputs).toEqual([]);
  });
});

describe("/labs/[lab]/history.csv, signed in", () => {
  it("gives a Full reader a keyed lab's year, named after its days", async () => {
    const response = await csv("minimax", "?range=1Y", tokenSignedIn.sessions.full);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="tpi-minimax-2025-03-30-to-2026-03-29.csv"',
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const lines = (await response.text()).trim().split("\n");
    expect(lines).toHaveLength(366);
    expect(lines[1]).toMatch(/^2026-03-29,minimax,5\.93,/);
    expect(lines.at(-1)).toMatch(/^2025-03-30,minimax,/);
  });

  it("refuses a keyed lab to an ended trial in the api's words, and to a visitor", async () => {
    const ended = await csv("minimax", "", tokenSignedIn.sessions.ended);
    expect(ended.status).toBe(401);
    expect(await ended.json()).toEqual({
      error: "Unauthorized",
      message: tokenSignedIn.keyedLabRefusal,
    });
    const visitor = await csv("minimax");
    expect(visitor.status).toBe(404);
    expect(((await visitor.json()) as { message: string }).message).toBe(
      "CSV downloads exist for the free-tier labs only.",
    );
  });
});
