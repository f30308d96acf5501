import { ALL_LABS_VALUE, CLOSED_LAB_IDS, GROWTH_INDEX_BASE } from "@tpi/domain";
import { answerPublishedOrReleased } from "../../../platform/http/release-parameter";
import { defineRoute } from "../../../platform/http/route";
import { TOKEN, TOKEN_FRESHNESS } from "../read-model/state";
import {
  BAD_REQUEST_RESPONSE,
  NO_DATA_RESPONSE,
  UNAUTHORIZED_RESPONSE,
} from "../../../platform/openapi/responses";
import { tokenVolumeQuerySchema, tokenVolumeResponseSchema } from "../schemas/volume";
import { answerTokenVolume } from "../services/volume";
import { tokenVolumesAsOf } from "../bulk/as-of-release";

/** `GET /api/token-volume`: the token volume index, from the in-memory published set. */
export const tokenVolumeRoute = defineRoute({
  method: "get",
  path: "/api/token-volume",
  operationId: "getTokenVolume",
  tool: {
    name: "get_token_volume",
    title: "Token volume",
    description: `Token volume per lab and settled day, behind the token price index: \`totalTokens\` (the tokens the day's index value was computed from), \`growthIndex\` (100 on the lab's first published day), \`share\` (the lab's fraction of the tokens of the labs served that day) and \`totalGrowthIndex\` (their total against \`totalBaseline\`). By default the closed labs (${CLOSED_LAB_IDS.join(", ")}); \`labs\` = \`${ALL_LABS_VALUE}\` or a comma-separated list serves others, shares then over those. \`startDate\` and \`endDate\` are required (YYYY-MM-DD, UTC; one day: the same date twice), \`lab\` narrows the rows to one of the labs served; rows oldest first, then by lab. Use it for market share and usage growth, not for prices`,
  },
  security: "required",
  limiter: "public",
  query: tokenVolumeQuerySchema,
  responses: {
    200: { description: "Token volume rows", schema: tokenVolumeResponseSchema },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    404: NO_DATA_RESPONSE,
  },
  docs: {
    summary:
      "Token volume per lab: tokens, growth index and share of the closed labs (or the labs asked)",
    description: [
      `By default the closed labs (${CLOSED_LAB_IDS.join(", ")}), as the reference service serves them; \`labs=${ALL_LABS_VALUE}\` serves every tracked lab and \`labs=anthropic,qwen\` a list (\`labs\` in the answer names the labs served).`,
      "Per lab and settled day: `totalTokens`, the tokens the published index value was computed from (frozen at settlement, restated with it);",
      `\`growthIndex\`, ${GROWTH_INDEX_BASE} x totalTokens / the tokens of the lab's base day (its first settled day with a published value, over all history, so a day's value is the same in every answer; \`baselines\` lists each base as \`{lab, date, totalTokens}\`);`,
      "`share`, totalTokens / the sum over the labs served with a published value that day (a fraction; with `lab`, still over every lab served);",
      `\`totalGrowthIndex\`, ${GROWTH_INDEX_BASE} x the labs' summed tokens that day / \`totalBaseline.totalTokens\`, where \`totalBaseline\` \`{date, totalTokens}\` is the first day of all history on which every lab served is published (null on a day one of them is not: its total is not like-for-like).`,
      "A lab-day without a published value (suppressed) has no row and is left out of that day's shares.",
      "Rows are date ascending, then catalog order; only settled days appear. No maximum range: the answer is bounded by the published history (at most one row per lab and day).",
      "Differences from the reference service that stay: one row per lab and day (`totalGrowthIndex` repeated on each row of the day) rather than a `labs` array per day, and the optional `labs` and `lab` parameters (the reference has no lab filter).",
      "`dataSources` says where the values come from (`sample` is true for generated sample data). Every key plan reads every lab and all history (`access` = `full`).",
    ].join(" "),
    tags: ["Token Prices"],
    access: "Any key reads every lab and all history.",
    examples: (days) => [
      {
        label: "The closed labs over a week",
        pathAndQuery: `/api/token-volume?startDate=${days.start}&endDate=${days.end}`,
        withKey: true,
      },
      {
        label: "One closed lab",
        pathAndQuery: `/api/token-volume?startDate=${days.start}&endDate=${days.end}&lab=anthropic`,
        withKey: true,
      },
      {
        label: "Every tracked lab, shares over all of them",
        pathAndQuery: `/api/token-volume?startDate=${days.start}&endDate=${days.end}&labs=${ALL_LABS_VALUE}`,
        withKey: true,
      },
    ],
  },
  settled: {
    freshness: TOKEN_FRESHNESS,
    answer: answerPublishedOrReleased({
      published: (deps) => TOKEN.of(deps).index,
      asOf: (deps, release) => tokenVolumesAsOf(deps, release),
      answer: (volumes, { query, caller }) => answerTokenVolume(query, caller.access, volumes),
    }),
  },
});
