import type { ReactElement, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach } from "vitest";
import type { AnyTRPCRouter } from "@trpc/server";
import { sessionCookieSpec } from "../server/account";
import { clearRequestCookies } from "./request-cookies";
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
