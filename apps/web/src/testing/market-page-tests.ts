import type { ReactElement, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { AnyTRPCRouter } from "@trpc/server";
import { sessionCookieSpec } from "../server/account";
import { clearRequestCookies, setRequestCookie } from "./request-cookies";
import { serveRouterAsApi } from "./trpc-fixture";

/**
 * What every market's page tests share: the api served from a router in its shapes for each
 * test (the inputs it recorded cleared), the page rendered to HTML, its text, and a CSV
 * download's request with or without a session. Each test file still mocks `next/headers`
 * itself: Vitest hoists a mock only within the file that calls it.
 */
export function serveMarketRouter(router: AnyTRPCRouter, recorded: unknown[][] = []): void {
  let close: (() => void) | undefined;
  beforeEach(async () => {
    for (const inputs of recorded) inputs.length = 0;
    clearRequestCookies();
    close = await serveRouterAsApi(router);
  });
  afterEach(() => close?.());
}

/** What a market's test routers give its page tests: the router and the inputs it records. */
export type MarketTestApi = { router: AnyTRPCRouter; inputs?: unknown[] };

/**
 * What a market fixture's test api (`marketFixture`'s `testApi`) adds: its market's name, which
 * names the locked state's data attributes (`data-coding-locked`), the api's 401 in its words,
 * and the inputs its plan procedures record.
 */
export type LockedMarketTestApi = MarketTestApi & {
  market: string;
  keylessRefusal: string;
  inputs: unknown[];
};

/** What every market's page tests are given: pages, sessions and downloads. */
const pageHelpers = { renderPage, signIn, downloadRequest, privateCsvLines, expectRefusal };

/** What a market's page tests are given, bound to its test api. */
type PageTests = typeof pageHelpers & { itIsTheVisitorsPage: (page: RenderedPage) => void };

/**
 * The test of a page read without a session cookie: the visitor's page, its values locked, no
 * signed-in note, and no plan procedure asked (`inputs`, what the api recorded, stays empty).
 */
function itIsTheVisitorsPage(page: RenderedPage, inputs: readonly unknown[]): void {
  it("is the visitor's page without a session cookie, asking for no values", async () => {
    const html = await page();
    expect(html).toContain("data-locked");
    expect(html).not.toContain("data-signed-in");
    expect(inputs).toEqual([]);
  });
}

/**
 * A market's page tests' set-up in one call: the market's router served as the api for each
 * test, and the helpers its tests read pages, sign in and download with; for a market fixture's
 * api, also the tests every locked market shares, told its market, its refusal and its inputs.
 */
export function marketPageTests(api: LockedMarketTestApi): PageTests & LockedPageTests;
export function marketPageTests(api: MarketTestApi): PageTests;
export function marketPageTests(
  api: MarketTestApi | LockedMarketTestApi,
): PageTests | (PageTests & LockedPageTests) {
  const inputs = api.inputs ?? [];
  serveMarketRouter(api.router, [inputs]);
  const pageTests: PageTests = {
    ...pageHelpers,
    itIsTheVisitorsPage: (page) => itIsTheVisitorsPage(page, inputs),
  };
  return "market" in api ? { ...pageTests, ...lockedPageTests(api) } : pageTests;
}

/** A server page (an async component's answer) as HTML. */
export async function renderPage(page: Promise<ReactNode> | ReactNode): Promise<string> {
  return renderToStaticMarkup((await page) as ReactElement);
}

/** The text of some HTML, its tags dropped and the escapes a test compares against undone. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
}

/** A download's request on the site, as the reader's browser sends it (with their session). */
export function downloadRequest(pathAndQuery: string, session?: string): Request {
  return new Request(`http://localhost${pathAndQuery}`, {
    headers: session === undefined ? {} : { cookie: `${sessionCookieSpec().name}=${session}` },
  });
}

/** The request's reader signed in with `session`: its cookie, as their browser sends it. */
export function signIn(session: string): void {
  setRequestCookie(sessionCookieSpec().name, session);
}

/**
 * A CSV download's answer (`csvDownload`'s): a 200 in CSV saved as `fileName`, with the caching
 * its reader allows (`cacheControl`, null for none); its lines (the header first).
 */
async function csvLines(
  response: Response,
  fileName: string,
  cacheControl: string | null,
): Promise<string[]> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe(cacheControl);
  expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${fileName}"`);
  return (await response.text()).trim().split("\r\n");
}

/**
 * A CSV download's answer to a signed-in reader: a 200 never kept by a shared cache, saved as
 * `fileName`; its lines (the header first).
 */
export function privateCsvLines(response: Response, fileName: string): Promise<string[]> {
  return csvLines(response, fileName, "private, no-store");
}

/** A public CSV download's answer: a 200 saved as `fileName`, any cache's to keep; its lines. */
export function publicCsvLines(response: Response, fileName: string): Promise<string[]> {
  return csvLines(response, fileName, null);
}

/**
 * A refused request's answer as the api gives it (the page's CSV route passes it on): its status
 * and its JSON, the error's name and the api's words.
 */
export async function expectRefusal(
  response: Response,
  refusal: { status: 401 | 403; message: string },
): Promise<void> {
  expect(response.status).toBe(refusal.status);
  expect(await response.json()).toEqual({
    error: refusal.status === 401 ? "Unauthorized" : "Forbidden",
    message: refusal.message,
  });
}

/** A page of the market under test, rendered to HTML. */
type RenderedPage = () => Promise<string>;

/** The tests every market whose values a plan reads shares, bound to its test api. */
type LockedPageTests = ReturnType<typeof lockedPageTests>;

function lockedPageTests({ market, keylessRefusal, inputs }: LockedMarketTestApi) {
  return {
    /**
     * The test of a market page whose values any plan reads: a reader whose plan the api
     * refuses (an ended trial, `session`) reads the locked state with the api's words, and no
     * value.
     */
    itShowsTheRefusal({ page, session }: { page: RenderedPage; session: string }): void {
      it("shows a reader whose plan the api refuses (an ended trial) its words, and no value", async () => {
        signIn(session);
        const html = await page();
        expect(html).toContain(`data-${market}-locked`);
        expect(textOf(html)).toContain(keylessRefusal);
        expect(html).not.toContain("data-value=");
      });
    },

    /**
     * The test of a series page for a visitor: the locked state, no chart and no value, the api
     * request that reads the values with a key, and no plan procedure asked.
     */
    itStaysLockedForAVisitor({ page, request }: { page: RenderedPage; request: string }): void {
      it("stays locked for a visitor, asking for no values", async () => {
        const html = await page();
        expect(html).toContain(`data-${market}-locked`);
        expect(html).not.toContain("data-chart=");
        expect(html).not.toContain("data-value=");
        expect(textOf(html)).toContain(request);
        expect(inputs).toEqual([]);
      });
    },

    /**
     * The test of a series' CSV refusals: a visitor and an ended trial (`endedSession`) get the
     * api's 401 in its words, an id the catalogue does not have (`unknownId`) a 404.
     */
    itRefusesTheCsv({
      csv,
      id,
      unknownId,
      endedSession,
    }: {
      csv: (id: string, session?: string) => Promise<Response>;
      id: string;
      unknownId: string;
      endedSession: string;
    }): void {
      it("refuses a visitor and an ended trial in the api's words, and an unknown id with 404", async () => {
        for (const session of [undefined, endedSession])
          await expectRefusal(await csv(id, session), { status: 401, message: keylessRefusal });
        expect((await csv(unknownId)).status).toBe(404);
      });
    },

    /**
     * A page whose values one plan reads (its `PlanLocked` state), as a visitor reads it: no plan
     * procedure asked, the locked state naming the plans that read the values (`plans`) with the
     * way to an account, and no table of the market's and no CSV link.
     */
    expectLockedToVisitor(html: string, plans: string): void {
      expect(inputs).toEqual([]);
      expect(html).toContain(`data-${market}-state="locked"`);
      expect(textOf(html)).toContain(plans);
      expect(html).toContain('href="/account/sign-up"');
      expect(html).not.toContain(`data-table="${market}`);
      expect(html).not.toContain("data-csv");
    },

    /** The test of a CSV (`csv`, asked without a session) a visitor is refused: the api's 401. */
    itRefusesAVisitorTheCsv(csv: () => Promise<Response>): void {
      it("refuses a visitor the CSV in the api's words (401)", async () => {
        await expectRefusal(await csv(), { status: 401, message: keylessRefusal });
      });
    },

    /**
     * The test of a page whose values one plan reads (its `PlanLocked` state), for a reader whose
     * plan the api refuses (`session`, answered with its 403 `refusal`): the locked state with
     * the api's words under who is signed in, and the CSV (`csv`, asked with a session) refused
     * with the same 403.
     */
    itShowsThePlanRefusal({
      page,
      csv,
      session,
      refusal,
      signedInAs,
    }: {
      page: RenderedPage;
      csv: (session: string) => Promise<Response>;
      session: string;
      refusal: string;
      /** The signed-in note's words (`bob@example.com (Premium plan)`). */
      signedInAs: string;
    }): void {
      it("shows the locked state with the api's 403, and refuses the CSV with it", async () => {
        signIn(session);
        const html = await page();
        expect(html).toContain(`data-${market}-state="locked"`);
        expect(textOf(html)).toContain(refusal);
        expect(textOf(html)).toContain(`Signed in as ${signedInAs}`);
        await expectRefusal(await csv(session), { status: 403, message: refusal });
      });
    },
  };
}
