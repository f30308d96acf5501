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
 * A market's page tests' set-up in one call: the market's router served as the api for each
 * test, and the helpers its tests read pages, sign in and download with.
 */
export function marketPageTests(api: MarketTestApi) {
  serveMarketRouter(api.router, api.inputs === undefined ? [] : [api.inputs]);
  return {
    renderPage,
    signIn,
    downloadRequest,
    privateCsvLines,
    itShowsTheRefusal,
    itStaysLockedForAVisitor,
    itRefusesTheCsv,
  };
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

/** What a market's locked page is for the tests: its market's data attributes' name. */
type LockedPage = { market: string; page: () => Promise<string> };

/**
 * The test of a market page whose values any plan reads: a reader whose plan the api refuses
 * (an ended trial, `session`) reads the locked state with the api's words, and no value.
 */
export function itShowsTheRefusal({
  market,
  page,
  session,
  refusal,
}: LockedPage & { session: string; refusal: string }): void {
  it("shows a reader whose plan the api refuses (an ended trial) its words, and no value", async () => {
    signIn(session);
    const html = await page();
    expect(html).toContain(`data-${market}-locked`);
    expect(textOf(html)).toContain(refusal);
    expect(html).not.toContain("data-value=");
  });
}

/**
 * The test of a series page for a visitor: the locked state, no chart and no value, the api
 * request that reads the values with a key, and no plan procedure asked (`inputs` stays empty).
 */
export function itStaysLockedForAVisitor({
  market,
  page,
  request,
  inputs,
}: LockedPage & { request: string; inputs: readonly unknown[] }): void {
  it("stays locked for a visitor, asking for no values", async () => {
    const html = await page();
    expect(html).toContain(`data-${market}-locked`);
    expect(html).not.toContain("data-chart=");
    expect(html).not.toContain("data-value=");
    expect(textOf(html)).toContain(request);
    expect(inputs).toEqual([]);
  });
}

/**
 * The test of a series' CSV refusals: a visitor and an ended trial (`endedSession`) get the
 * api's 401 in its words, an id the catalogue does not have (`unknownId`) a 404.
 */
export function itRefusesTheCsv({
  csv,
  id,
  unknownId,
  endedSession,
  refusal,
}: {
  csv: (id: string, session?: string) => Promise<Response>;
  id: string;
  unknownId: string;
  endedSession: string;
  refusal: string;
}): void {
  it("refuses a visitor and an ended trial in the api's words, and an unknown id with 404", async () => {
    for (const session of [undefined, endedSession]) {
      const response = await csv(id, session);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Unauthorized", message: refusal });
    }
    expect((await csv(unknownId)).status).toBe(404);
  });
}
