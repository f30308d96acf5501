import { err, forbidden, ok } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import {
  releasingApiForFile,
  widgetPriceDataset,
  widgetPriceRow as row,
} from "../../testing/release-fixture";
import { cutDueRelease } from "../release-api/releases";

/**
 * The website's release procedures answer what the REST routes answer (list, pages, manifests,
 * `latest`, the 404 and 400 words), and say which plans read each full file by the dataset's rule.
 */

const TOKEN = "internal-token-for-tests-0123456789";
const dataset = widgetPriceDataset(
  async function* rows() {
    yield row("gizmo", "2026-03-07", "7.25");
    yield row("sprocket", "2026-03-07", "2.50");
  },
  {
    // Only the full plan reads it: the answer names exactly the plans the rule lets through.
    keyedAccess: (plan) =>
      plan === "full" ? ok(undefined) : err(forbidden("Only the full plan reads widgets.")),
  },
);

const { api, context } = await releasingApiForFile([dataset], {
  now: new Date("2026-03-08T12:00:00Z"),
  internalToken: TOKEN,
});
// Two releases: the days 2026-03-07 and 2026-03-08.
await cutDueRelease(context, 60);
api.clock.now = new Date("2026-03-09T12:00:00Z");
await cutDueRelease(context, 60);

async function trpc(path: string, input?: unknown) {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await api.get(`/trpc/${path}${query}`, { authorization: `Bearer ${TOKEN}` });
  return res.body as {
    result?: { data: unknown };
    error?: { message: string; data?: { code?: string; error?: string } };
  };
}

describe("releases procedures", () => {
  it("releases.list answers as GET /api/v1/releases, pages included", async () => {
    for (const [input, query] of [
      [{}, ""],
      [{ limit: "1" }, "?limit=1"],
      [{ before: "2" }, "?before=2"],
    ] as const) {
      const rest = await api.get(`/api/v1/releases${query}`);
      expect(rest.status).toBe(200);
      expect((await trpc("releases.list", input)).result?.data).toEqual(rest.body);
    }
    expect((await trpc("releases.list", {})).result?.data).toMatchObject({ count: 2 });
  });

  it("releases.get answers as GET /api/v1/releases/{release}, latest included", async () => {
    for (const release of ["latest", "1", "2"]) {
      const rest = await api.get(`/api/v1/releases/${release}`);
      expect(rest.status).toBe(200);
      expect((await trpc("releases.get", { release })).result?.data).toEqual(rest.body);
    }
  });

  it("refuses as REST does: an unknown release is NOT_FOUND, a bad number or limit BAD_REQUEST", async () => {
    const rest = (await api.get("/api/v1/releases/9")).body as { message: string };
    const missing = await trpc("releases.get", { release: "9" });
    expect(missing.error?.data?.code).toBe("NOT_FOUND");
    expect(missing.error?.message).toBe(rest.message);
    for (const [path, input, restPath] of [
      ["releases.get", { release: "0" }, "/api/v1/releases/0"],
      ["releases.list", { limit: "101" }, "/api/v1/releases?limit=101"],
      ["releases.list", { before: "x" }, "/api/v1/releases?before=x"],
    ] as const) {
      const answer = await trpc(path, input);
      expect(answer.error?.data?.code).toBe("BAD_REQUEST");
      expect(answer.error?.message).toBe(
        ((await api.get(restPath)).body as { message: string }).message,
      );
    }
  });

  it("releases.fullFilePlans names the plans the dataset's rule lets read its full file", async () => {
    const plans = (await trpc("releases.fullFilePlans")).result?.data as {
      market: string;
      name: string;
      plans: string[];
    }[];
    expect(plans.find((entry) => entry.market === "fixture")).toEqual({
      market: "fixture",
      name: "widget-price-daily",
      plans: ["full"],
    });
  });
});
