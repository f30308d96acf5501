import { ok, type AccountPlan } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MARKETS } from "../../markets";
import { ANONYMOUS, type Caller } from "../auth/api-key-authenticator";
import type { AppDeps } from "../core/deps";
import { MarketStates, marketKey } from "../core/market";
import type { TypedRoute } from "../core/route";
import { RELEASE_NOT_FOUND_TEXT, withReleaseParameter } from "../http/release-parameter";
import { routesOf } from "../routes";
import { fullPlanOnly } from "./full-plan-only";
import { marketReads } from "./market-reads";
import { errorResponse } from "./responses";

const DAYS = { start: "2026-11-13", end: "2026-11-19" };

describe("route examples", () => {
  it("are sent with a key on every route that requires one (a keyless call would only show its 401)", () => {
    const keyless = routesOf(MARKETS)
      .filter((route) => route.security === "required")
      .flatMap((route) =>
        route.docs
          .examples(DAYS)
          .filter((example) => example.withKey !== true)
          .map((example) => `${route.operationId}: ${example.label}`),
      );
    expect(keyless).toEqual([]);
  });
});

describe("a history read", () => {
  type Widgets = { today: string };
  const WIDGETS = marketKey<Widgets>("widgets");
  const reads = marketReads({
    state: WIDGETS,
    freshness: { until: () => 0, basis: () => "" },
    tag: "Widgets",
    access: "Any key.",
  });
  const query = withReleaseParameter(z.object({ size: z.string().optional() }));
  const asOfCalls: unknown[] = [];
  const spec = {
    path: "/api/widgets",
    operationId: "getWidgets",
    query,
    responses: { 200: { description: "Widgets", schema: z.object({}) } },
    docs: { summary: "Widgets", examples: () => [] },
    answer: (state: Widgets) => ok(`${state.today} today`),
    asOfRelease: async (_deps: AppDeps, release: number, own: { size?: string | undefined }) => {
      asOfCalls.push(own);
      return ok(`release ${release}`);
    },
  };
  const deps = { markets: new MarketStates([["widgets", { today: "12" } as never]]) } as AppDeps;
  const answer = (route: TypedRoute<string>, rawQuery: Record<string, string>) =>
    route.settled?.answer(deps)({ query: query.parse(rawQuery), params: {}, caller: ANONYMOUS });

  it("answers from the market's state without `release`, from the release's answer with one", async () => {
    const route = reads.history(spec);
    expect(await answer(route, { size: "2" })).toEqual(ok("12 today"));
    expect(asOfCalls).toEqual([]);
    expect(await answer(route, { size: "2", release: "7" })).toEqual(ok("release 7"));
    expect(asOfCalls).toEqual([{ size: "2", release: 7 }]);
  });

  it("documents a release that is not kept as its 404, unless the route states its own", () => {
    expect(reads.history(spec).responses[404]?.description).toBe(RELEASE_NOT_FOUND_TEXT);
    const own = errorResponse("No such widget.");
    const route = reads.history({ ...spec, responses: { ...spec.responses, 404: own } });
    expect(route.responses[404]).toBe(own);
  });
});

describe("a Full plan lock", () => {
  const lock = fullPlanOnly("Widgets need a Full plan.");
  const keyOf = (plan: AccountPlan): Caller => ({
    kind: "key",
    access: "full",
    keyId: "k",
    accountId: "a",
    plan,
  });

  it("refuses a keyless caller as one without a key, a Premium or Trial key as forbidden in its words", () => {
    expect(lock.authorizeCaller(ANONYMOUS)).toMatchObject({
      ok: false,
      error: { code: "api_key_required" },
    });
    for (const plan of ["premium", "trial"] as const)
      expect(lock.authorizeCaller(keyOf(plan))).toMatchObject({
        ok: false,
        error: { code: "forbidden", message: "Widgets need a Full plan." },
      });
    expect(lock.authorizeCaller(keyOf("full")).ok).toBe(true);
  });

  it("documents that 403 with the same words", () => {
    expect(lock.forbiddenResponse.description).toBe("Forbidden: Widgets need a Full plan.");
  });
});
