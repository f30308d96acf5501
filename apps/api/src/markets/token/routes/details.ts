import { documentRoute } from "../../../platform/openapi/document-route";
import { TOKEN_TOOL_ACCESS } from "./tool-access";
import { defineRoute } from "../../../platform/http/route";
import { TOKEN, TOKEN_FRESHNESS } from "../read-model/state";
import {
  constituentsQuerySchema,
  constituentsResponseSchema,
  methodologyResponseSchema,
  revisionsQuerySchema,
  revisionsResponseSchema,
} from "../schemas/details";
import { answerConstituents, answerMethodology, answerRevisions } from "../services/details";
import {
  BAD_REQUEST_RESPONSE,
  UNAUTHORIZED_RESPONSE,
  errorResponse,
} from "../../../platform/openapi/responses";

/**
 * The published "why": constituents (keyless for free labs inside the free window, like
 * `/api/otpi`), the methodology (public) and the revision log (keyed). Exact paths, so they never
 * collide with `GET /api/otpi` itself. Settled inputs change only when a day settles or is
 * restated, so the answers are kept like the index's and cost no database read once asked.
 */
export const otpiConstituentsRoute = defineRoute({
  method: "get",
  path: "/api/otpi/constituents",
  operationId: "getOtpiConstituents",
  tool: {
    name: "get_token_index_constituents",
    title: "Constituents of a lab-day",
    description:
      "Every model considered for one lab on one settled day: its prices (USD per million tokens), token volumes, weight in the blend or why it was excluded, with the day's coverage, data source and methodology version. Use it to explain why an index value is what it is",
    access: TOKEN_TOOL_ACCESS,
  },
  security: "optional",
  limiter: "public",
  query: constituentsQuerySchema,
  responses: {
    200: { description: "The lab-day's constituents", schema: constituentsResponseSchema },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    404: errorResponse("The lab-day is not settled."),
  },
  docs: {
    summary:
      "Every model considered for one lab-day: prices, volumes, weight in the blend or why it was excluded",
    description:
      "Keyless callers may read free-tier labs inside the free window, like `/api/otpi`; everything else needs a key. The inputs are those frozen when the day settled (or last restated).",
    tags: ["Token Prices"],
    access: "Like /api/otpi: without a key, free-tier labs inside the free window.",
    examples: (days) => [
      {
        label: "Constituents of a free lab",
        pathAndQuery: `/api/otpi/constituents?date=${days.end}&lab=anthropic`,
      },
    ],
  },
  settled: {
    freshness: TOKEN_FRESHNESS,
    answer:
      (deps) =>
      ({ query, caller }) =>
        answerConstituents(deps.db, query, caller.access, deps.clock()),
  },
});

export const otpiMethodologyRoute = documentRoute({
  path: "/api/otpi/methodology",
  operationId: "getOtpiMethodology",
  tool: {
    name: "get_token_methodology",
    title: "Token index methodology",
    description:
      "The token index methodology in force: formula, eligibility, data sufficiency, settlement lag, restatement policy, price bases, data sources with citations and licence, and version history",
  },
  response: { description: "The methodology", schema: methodologyResponseSchema },
  docs: {
    summary:
      "The methodology in force: formula, eligibility, data sufficiency, settlement, restatements, version history",
    tags: ["Token Prices"],
    exampleLabel: "The methodology",
  },
  freshness: TOKEN_FRESHNESS,
  answer: (deps) => answerMethodology(TOKEN.of(deps).rules, TOKEN.of(deps).index.dataSources),
});

export const otpiRevisionsRoute = defineRoute({
  method: "get",
  path: "/api/otpi/revisions",
  operationId: "getOtpiRevisions",
  tool: {
    name: "get_token_index_revisions",
    title: "Revision log",
    description:
      "Every restatement of a settled token index value, oldest first: old and new value, change in percent, reason, time and methodology version. Optional range and lab filter. An empty list means nothing was restated",
  },
  security: "required",
  limiter: "public",
  query: revisionsQuerySchema,
  responses: {
    200: { description: "Revisions, oldest first", schema: revisionsResponseSchema },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
  },
  docs: {
    summary:
      "The revision log: every restatement of a settled value, with old and new value, reason and time",
    description:
      "Oldest first. Nothing restated (in the range, for the lab) is 200 with `count: 0`, not 404.",
    tags: ["Token Prices"],
    examples: () => [
      { label: "All revisions", pathAndQuery: "/api/otpi/revisions", withKey: true },
    ],
  },
  settled: {
    freshness: TOKEN_FRESHNESS,
    answer:
      (deps) =>
      ({ query }) =>
        answerRevisions(deps.db, query),
  },
});
