import type { AnyTRPCRouter } from "@trpc/server";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import VolumePage from "../../app/volume/page";
import { routerWithVolume, routerWithoutVolume } from "../testing/volume-routers";
import { serveRouterAsApi } from "../testing/trpc-fixture";
import { SiteHeader } from "./site-chrome";

/** The /volume page rendered to HTML against routers in the api's shape, with and without data. */
let close: (() => void) | undefined;
afterEach(() => close?.());

async function renderWith(router: AnyTRPCRouter): Promise<string> {
  close = await serveRouterAsApi(router);
  return renderToStaticMarkup(await VolumePage());
}

describe("/volume", () => {
  it("shows each lab's latest share and growth with its base day", async () => {
    const html = await renderWith(routerWithVolume);
    expect(html).toContain("<caption>Latest settled share and growth per lab</caption>");
    const latest = html.slice(html.indexOf('data-table="volume-latest"'), html.indexOf("<h2>"));
    expect(latest).toMatch(
      /data-lab="anthropic".*Anthropic.*5,000,000.*50\.00%.*125\.0.*28 Mar 2026/s,
    );
    expect(latest).toMatch(/data-lab="openai".*1,000,000.*12\.35%.*50\.0/s);
  });

  it("tables every lab-day of the settled days, newest first, catalog order within a day", async () => {
    const html = await renderWith(routerWithVolume);
    expect(html).toContain("<h2>The last 2 settled days</h2>");
    const days = [...html.matchAll(/<tr data-date="([\d-]+)" data-lab="([a-z-]+)"/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    expect(days).toEqual([
      "2026-03-29 anthropic",
      "2026-03-29 openai",
      "2026-03-28 anthropic",
      "2026-03-28 openai",
    ]);
  });

  it("says no day is published yet when there is none", async () => {
    const html = await renderWith(routerWithoutVolume);
    expect(html).toContain('data-volume-state="no-data"');
    expect(html).not.toContain("<table");
  });

  it("is linked from the site navigation", () => {
    expect(renderToStaticMarkup(<SiteHeader />)).toContain('<a href="/volume">Volume</a>');
  });
});
