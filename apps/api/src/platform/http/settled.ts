import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import type { Caller } from "../auth/api-key-authenticator";
import type { AppDeps } from "../core/deps";
import { sendError } from "./errors";
import {
  PreparedAnswer,
  maxAgeSeconds,
  notModifiedBeforeBody,
  sendNotModified,
  sendPrepared,
  type SendPreparedOptions,
} from "./prepared-answer";
import { cacheScope } from "./route";
import type { Freshness, Route, SettledAnswer } from "../core/route";

/** Max-age (seconds) of answers that do not change while the process runs: the catalogs. */
export const STATIC_MAX_AGE_SECONDS = 3600;

/** Distinct URLs kept at most, whatever their size (each holds one answer per caller class). */
const ANSWER_CACHE_MAX_URLS = 20_000;

/**
 * The classes of callers that get the same answer to the same URL: every keyless caller, and
 * every key of one plan (access and the per-plan refusals follow from the plan).
 */
export function callerClass(caller: Caller): string {
  return caller.kind === "anonymous" ? "anonymous" : `key:${caller.plan}`;
}

/**
 * The strong ETag of a settled answer, known before its body is built: the same published
 * version, clock period, route, caller class and parsed request always produce the same bytes, on any
 * instance.
 */
export function settledEtag(
  route: Route,
  freshness: Freshness,
  deps: AppDeps,
  caller: Caller,
  input: { params: unknown; query: unknown },
  now: Date,
): string {
  const digest = createHash("sha1")
    .update(freshness.basis(deps, now))
    // The caller's class, not only its access: a Full key's answer (hourly grain, `access: full`)
    // differs from a Premium key's to the same URL.
    .update(`\n${route.method} ${route.path}\n${callerClass(caller)}\n`)
    .update(JSON.stringify([input.params, input.query]))
    .digest("base64url");
  return `"${digest}"`;
}

type UrlEntry = {
  route: Route;
  /** The path parameters Express matched for this URL. */
  params: Record<string, string>;
  answers: Map<string, PreparedAnswer>;
  bytes: number;
};

/**
 * Prepared settled answers by request URL (path and query exactly as sent) and caller class.
 * Cleared whenever a published set changes; bounded in bytes and URLs (the oldest URL goes first),
 * so that arbitrary query strings cannot grow it without limit.
 */
export class AnswerCache {
  private readonly entries = new Map<string, UrlEntry>();
  private bytes = 0;
  /** Moves on every clear: an answer computed across a clear is not stored. */
  private generationCounter = 0;

  constructor(private readonly maxBytes: number) {}

  get generation(): number {
    return this.generationCounter;
  }

  /** The route and path parameters of a URL answered before (the fast lane's first look). */
  find(url: string): UrlEntry | undefined {
    return this.entries.get(url);
  }

  /** The current answer for this URL and caller class, if one is kept. */
  answer(url: string, callerClassName: string, nowMs: number): PreparedAnswer | undefined {
    const entry = this.entries.get(url);
    const answer = entry?.answers.get(callerClassName);
    if (entry === undefined || answer === undefined) return undefined;
    if (answer.freshUntil > nowMs) return answer;
    entry.answers.delete(callerClassName);
    entry.bytes -= answer.body.length;
    this.bytes -= answer.body.length;
    return undefined;
  }

  store(
    url: string,
    route: Route,
    params: Record<string, string>,
    callerClassName: string,
    answer: PreparedAnswer,
    generation: number,
  ): void {
    if (generation !== this.generationCounter || answer.body.length > this.maxBytes) return;
    let entry = this.entries.get(url);
    if (entry === undefined) {
      entry = { route, params, answers: new Map(), bytes: 0 };
      this.entries.set(url, entry);
    }
    const previous = entry.answers.get(callerClassName);
    if (previous !== undefined) {
      entry.bytes -= previous.body.length;
      this.bytes -= previous.body.length;
    }
    entry.answers.set(callerClassName, answer);
    entry.bytes += answer.body.length;
    this.bytes += answer.body.length;
    while (this.bytes > this.maxBytes || this.entries.size > ANSWER_CACHE_MAX_URLS) {
      const oldest = this.entries.entries().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value[0]);
      this.bytes -= oldest.value[1].bytes;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.generationCounter++;
  }

  /** Uncompressed bytes held (for the metrics). */
  get size(): { urls: number; bytes: number } {
    return { urls: this.entries.size, bytes: this.bytes };
  }
}

/** The caching headers' settings for one answer to one caller. */
function sendOptions(
  route: Route,
  caller: Caller,
  until: number,
  nowMs: number,
): SendPreparedOptions {
  return {
    scope: cacheScope(caller),
    varyOnKey: route.security !== "none",
    maxAgeSeconds: maxAgeSeconds(until, nowMs, STATIC_MAX_AGE_SECONDS),
  };
}

/**
 * Answers a settled route's validated request: the kept answer for this URL and caller class; or
 * a 304 decided from the ETag alone; or the answer computed, kept and sent. Errors are not kept.
 */
export async function serveSettled(
  route: Route,
  settled: SettledAnswer<unknown, unknown>,
  answer: ReturnType<SettledAnswer<unknown, unknown>["answer"]>,
  deps: AppDeps,
  cache: AnswerCache,
  input: { query: unknown; params: unknown; caller: Caller },
  req: Request,
  res: Response,
): Promise<void> {
  const now = deps.clock();
  const nowMs = now.getTime();
  const url = req.originalUrl;
  const className = callerClass(input.caller);
  const kept = cache.answer(url, className, nowMs);
  if (kept !== undefined) {
    sendPrepared(req, res, kept, sendOptions(route, input.caller, kept.freshUntil, nowMs));
    return;
  }
  const until = settled.freshness.until(deps, now);
  const etag = settledEtag(route, settled.freshness, deps, input.caller, input, now);
  const notModified = notModifiedBeforeBody(req, etag);
  if (notModified !== undefined) {
    sendNotModified(res, notModified, sendOptions(route, input.caller, until, nowMs));
    return;
  }
  const generation = cache.generation;
  const result = await answer(input);
  if (!result.ok) {
    sendError(res, result.error);
    return;
  }
  const prepared = new PreparedAnswer(etag, result.value, until);
  cache.store(url, route, req.params as Record<string, string>, className, prepared, generation);
  sendPrepared(req, res, prepared, sendOptions(route, input.caller, until, nowMs));
}
