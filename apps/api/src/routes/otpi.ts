import {
  FREE_TIER_LAB_IDS,
  authorizeOtpiQuery,
  utcDayOf,
  type AccessLevel,
  type OtpiQuery,
} from "@tpi/domain";
import { sendError } from "../http/errors";
import { cacheScope, defineRoute } from "../http/route";
import { ResponseCache } from "../http/response-cache";
import { otpiQuerySchema, otpiResponseSchema } from "../schemas/core";
import { answerValidOtpiQuery } from "../services/otpi";
import {
  BAD_REQUEST_RESPONSE,
  NO_DATA_RESPONSE,
  UNAUTHORIZED_RESPONSE,
} from "../openapi/responses";

/** Distinct (access, query, day) answers kept serialised. */
const CACHED_ANSWERS = 1_000;

/**
 * `GET /api/otpi`: the token price index (contract 4.1). Answers come from the in-memory
 * published set; successful bodies are kept serialised (with an ETag, so clients can revalidate
 * with If-None-Match) until the published set changes or the UTC day (and so the free window) moves.
 */
export const otpiRoute = defineRoute({
  method: "get",
  path: "/api/otpi",
  operationId: "getOtpi",
  security: "optional",
  limiter: "public",
  query: otpiQuerySchema,
  responses: {
    200: { description: "Index rows", schema: otpiResponseSchema },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    404: NO_DATA_RESPONSE,
  },
  docs: {
    summary: "Token price index per lab (USD per million tokens)",
    description: `Without a key: the ${FREE_TIER_LAB_IDS.length} free-tier labs and the trailing month (\`access\` = \`public-1mo\`). With a key: every lab and all history (\`full\`).`,
    tags: ["Token Prices"],
    access: "Without a key: the free tier. With a key: all labs and all history (access = full).",
    examples: (days) => [
      { label: "Latest settled day, free tier", pathAndQuery: "/api/otpi" },
      {
        label: "One lab over a range",
        pathAndQuery: `/api/otpi?lab=anthropic&startDate=${days.start}&endDate=${days.end}`,
      },
      {
        label: "A keyed lab with an API key",
        pathAndQuery: "/api/otpi?lab=mistralai",
        withKey: true,
      },
    ],
  },
  handler: (deps) => {
    const answers = new ResponseCache(CACHED_ANSWERS);
    deps.index.onChange(() => answers.clear());
    /** Computes and caches a successful answer; undefined when the answer is an error (not cached). */
    const answerAndCache = (key: string, query: OtpiQuery, access: AccessLevel, now: Date) => {
      const result = answerValidOtpiQuery(query, access, now, deps.index);
      return result.ok ? answers.set(key, result.value) : undefined;
    };
    return ({ query, caller, res }) => {
      const now = deps.clock();
      const authorized = authorizeOtpiQuery(query, caller.access, now);
      if (!authorized.ok) return sendError(res, authorized.error);
      // The answer depends on the caller's access, the query and (through the free window) the UTC day.
      const key = `${caller.access}|${utcDayOf(now)}|${JSON.stringify(query)}`;
      const body = answers.get(key) ?? answerAndCache(key, query, caller.access, now);
      if (!body) {
        const miss = answerValidOtpiQuery(query, caller.access, now, deps.index);
        if (!miss.ok) sendError(res, miss.error);
        return;
      }
      res.setHeader("Cache-Control", `${cacheScope(caller)}, max-age=60`);
      res.vary("Authorization");
      res.setHeader("ETag", body.etag);
      res.type("application/json").send(body.json);
    };
  },
});
