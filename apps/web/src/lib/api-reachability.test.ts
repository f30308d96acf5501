import { describe, expect, it } from "vitest";
import {
  REACHABILITY_TTL_MS,
  apiReachability,
  needsApi,
  unavailableAnswer,
} from "./api-reachability";

function fakeApi(answer: () => Promise<{ status: number }>) {
  let clock = 1_000_000;
  const probes: string[] = [];
  const reachable = apiReachability(
    "http://api/health",
    (url) => {
      probes.push(url);
      return answer();
    },
    () => clock,
  );
  return { reachable, probes, advance: (ms: number) => (clock += ms) };
}

describe("apiReachability", () => {
  it("reads the api's state from /health: answering, without its database, or down", async () => {
    for (const [answer, expected] of [
      [() => Promise.resolve({ status: 200 }), "answering"],
      [() => Promise.resolve({ status: 503 }), "without-database"],
      [() => Promise.reject(new Error("connect ECONNREFUSED")), "down"],
      [() => Promise.reject(new DOMException("The operation timed out.", "TimeoutError")), "down"],
    ] as const) {
      const api = fakeApi(answer);
      expect(await api.reachable()).toBe(expected);
      expect(api.probes).toEqual(["http://api/health"]);
    }
  });

  it("probes at most once per interval, and concurrent callers share the probe", async () => {
    let up = true;
    const api = fakeApi(() =>
      up ? Promise.resolve({ status: 200 }) : Promise.reject(new Error("ECONNREFUSED")),
    );
    expect(await Promise.all([api.reachable(), api.reachable(), api.reachable()])).toEqual([
      "answering",
      "answering",
      "answering",
    ]);
    expect(api.probes).toHaveLength(1);
    up = false;
    api.advance(REACHABILITY_TTL_MS - 1);
    expect(await api.reachable()).toBe("answering");
    expect(api.probes).toHaveLength(1);
    api.advance(1);
    expect(await api.reachable()).toBe("down");
    expect(api.probes).toHaveLength(2);
    // Recovery is noticed at the next probe, without a restart.
    up = true;
    api.advance(REACHABILITY_TTL_MS);
    expect(await api.reachable()).toBe("answering");
  });
});

describe("which requests wait for the api", () => {
  it("answers the status page and the api-free files whatever the api's state", () => {
    for (const path of ["/status", "/revalidate", "/robots.txt", "/sitemap.xml", "/icon.svg"])
      expect(needsApi(path), path).toBe(false);
    for (const path of ["/", "/labs/anthropic", "/gpus", "/account/sign-in", "/docs"])
      expect(needsApi(path), path).toBe(true);
  });

  it("answers pages with the 503 page, downloads and images with JSON, form posts with a way back", () => {
    expect(unavailableAnswer("/labs/anthropic/history.csv", "GET")).toBe("json");
    expect(unavailableAnswer("/og/home", "GET")).toBe("json");
    expect(unavailableAnswer("/account/do/sign-in", "POST")).toBe("back-to-account");
    expect(unavailableAnswer("/docs", "DELETE")).toBe("json");
    expect(unavailableAnswer("/labs/anthropic", "GET")).toBe("page");
    expect(unavailableAnswer("/", "HEAD")).toBe("page");
  });
});
