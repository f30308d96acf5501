import { writeFileSync, readFileSync } from "node:fs";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, it, vi } from "vitest";
import NeocloudPage from "../../app/neocloud/page";
import { sessionCookieSpec } from "../server/account";
import { clearRequestCookies, setRequestCookie } from "../testing/request-cookies";
import { serveRouterAsApi } from "../testing/trpc-fixture";
import { NEOCLOUD_FULL_SESSION, routerWithNeocloud } from "../testing/neocloud-routers";
import { SiteHeader, SiteFooter } from "./site-chrome";

vi.mock("next/headers", async () => (await import("../testing/request-cookies")).nextHeaders);
let close: (() => void) | undefined;
beforeEach(async () => { clearRequestCookies(); close = await serveRouterAsApi(routerWithNeocloud); });
afterEach(() => close?.());

it("writes previews", async () => {
  const css = readFileSync("app/globals.css", "utf8");
  for (const [name, session] of [["full", NEOCLOUD_FULL_SESSION], ["visitor", undefined]] as const) {
    clearRequestCookies();
    if (session) setRequestCookie(sessionCookieSpec().name, session);
    const page = (await NeocloudPage({ searchParams: Promise.resolve({ scope: "all" }) })) as ReactElement;
    const body = renderToStaticMarkup(<><SiteHeader current="neocloud" /><main id="content"><div className="inner">{page}</div></main><SiteFooter dataSources={undefined} /></>);
    writeFileSync(`/tmp/neo-shots/${name}.html`, `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Neo-Cloud Sites</title><style>${css}</style></head><body>${body}</body></html>`);
  }
});
