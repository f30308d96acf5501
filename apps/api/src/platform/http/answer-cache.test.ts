import { describe, expect, it } from "vitest";
import { PreparedAnswer } from "./prepared-answer";
import { AnswerCache } from "./settled";
import type { Route } from "../core/route";

const route = { path: "/api/x" } as unknown as Route;
const answer = (bytes: number, freshUntil = Number.POSITIVE_INFINITY) =>
  new PreparedAnswer('"e"', "x".repeat(bytes - 2), freshUntil);

describe("the kept settled answers", () => {
  it("keeps one answer per URL and caller class until it expires", () => {
    const cache = new AnswerCache(10_000);
    cache.store("/api/x?a=1", route, {}, "anonymous", answer(100, 5_000), cache.generation);
    expect(cache.answer("/api/x?a=1", "anonymous", 4_999)?.body.length).toBe(100);
    expect(cache.answer("/api/x?a=1", "key:full", 4_999)).toBeUndefined();
    expect(cache.answer("/api/x?a=2", "anonymous", 4_999)).toBeUndefined();
    expect(cache.answer("/api/x?a=1", "anonymous", 5_000)).toBeUndefined();
    expect(cache.size.bytes).toBe(0);
  });

  it("drops the oldest URLs beyond its byte budget", () => {
    const cache = new AnswerCache(250);
    for (const url of ["/a", "/b", "/c"]) cache.store(url, route, {}, "anonymous", answer(100), 0);
    expect(cache.find("/a")).toBeUndefined();
    expect(cache.find("/b")).toBeDefined();
    expect(cache.find("/c")).toBeDefined();
    expect(cache.size).toEqual({ urls: 2, bytes: 200 });
    // An answer larger than the whole budget is never kept.
    cache.store("/huge", route, {}, "anonymous", answer(300), 0);
    expect(cache.find("/huge")).toBeUndefined();
  });

  it("does not keep an answer computed across a clear (the published set changed meanwhile)", () => {
    const cache = new AnswerCache(10_000);
    const before = cache.generation;
    cache.clear();
    cache.store("/a", route, {}, "anonymous", answer(100), before);
    expect(cache.find("/a")).toBeUndefined();
    cache.store("/a", route, {}, "anonymous", answer(100), cache.generation);
    expect(cache.find("/a")).toBeDefined();
  });
});
