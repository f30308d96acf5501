import { FREE_TIER_LAB_IDS, authorizeOtpiQuery } from "@tpi/domain";
import { publishedOrReleased } from "../../../platform/http/release-parameter";
import { TOKEN_TOOL_ACCESS } from "./tool-access";
import { defineRoute } from "../../../platform/http/route";
import { TOKEN, TOKEN_FRESHNESS } from "../read-model/state";
import { otpiQuerySchema, otpiResponseSchema } from "../schemas/otpi";
import { answerValidOtpiQuery } from "../services/otpi";
import { otpiRowsAsOf } from "../bulk/as-of-release";
import {
  BAD_REQUEST_RESPONSE,
  NO_DATA_RESPONSE,
  UNAUTHORIZED_RESPONSE,
} from "../../../platform/openapi/responses";

/** `GET /api/otpi`: the token price index (contract 4.1), from the in-memory published set. */
export const otpiRoute = defineRoute({
  method: "get",
  path: "/api/otpi",
  operationId: "getOtpi",
  tool: {
    name: "get_token_index",
    title: "Token price index",
    description:
      "The token price index: the daily, volume-weighted blended price per lab in USD per million tokens. No dates: the latest settled day. 'date': that one day. 'startDate' with 'endDate': every settled day in the range, oldest first. 'lab' restricts to one lab. Rows carry the settlement date and computedAt",
    access: TOKEN_TOOL_ACCESS,
    // No dates is the latest settled day, and a range needs both ends.
    boundsOpenRange: true,
  },
  security: "optional",
  limiter: "public",
  query: otpiQuerySchema,
  rulesInProse: [
    {
      rule: "a range needs both ends: startDate with endDate",
      mayRefuse: ({ query }) =>
        query.some(([name]) => name === "startDate") !== query.some(([name]) => name === "endDate"),
    },
  ],
  responses: {
    200: { description: "Index rows", schema: otpiResponseSchema },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    404: NO_DATA_RESPONSE,
  },
  docs: {
    summary: "Token price index per lab (USD per million tokens)",
    description: [
      `Without a key: the ${FREE_TIER_LAB_IDS.length} free-tier labs and the trailing month (\`access\` = \`public-1mo\`): today minus one calendar month (the day clamped to that month's length) through today, UTC; outside it, or for another lab, a 401 naming the window's first day or the lab. With a key: every lab and all history (\`full\`).`,
      "Without a date parameter: the latest settled day on which the caller's labs have data. A single day's answer carries `date`, a range's `startDate` and `endDate`. Rows are ordered by date, then by lab in catalog order; `indexPerMtok` is USD per million tokens at full precision and `computedAt` the settlement instant. A lab-day without a value has no row, never a zero.",
      "Every answer also carries `dataSources`: `sample` is true when any of its numbers rests on the generated sample (not market data), `notice` is then the line to quote with them, and `sources` names each source of the answered days with its `asOf`, `citation` and `licence`. GPU answers carry the same field beside their `provenance`.",
      "400 for `date` with a range, half a range, a start after the end, a day that is not a real `YYYY-MM-DD` day, an unknown `lab` (the message lists the allowed ones), or a repeated or unknown parameter; 404 when nothing settled matches.",
    ].join("\n\n"),
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
  settled: {
    freshness: TOKEN_FRESHNESS,
    answer:
      (deps) =>
      async ({ query, caller }) => {
        const now = deps.clock();
        const authorized = authorizeOtpiQuery(query, caller.access, now);
        if (!authorized.ok) return authorized;
        const rows = await publishedOrReleased(query.release, TOKEN.of(deps).index, (release) =>
          otpiRowsAsOf(deps, release, query, caller.access, now),
        );
        return rows.ok ? answerValidOtpiQuery(query, caller.access, now, rows.value) : rows;
      },
  },
});
