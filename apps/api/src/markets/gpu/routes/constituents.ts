import { planOfCaller } from "../../../platform/auth/api-key-authenticator";
import { FREE_TIER_GPU_NAMES, GPU_FREE_WINDOW_MONTHS, GPU_INDEX_UNIT } from "@tpi/domain";
import { defineRoute } from "../../../platform/http/route";
import {
  BAD_REQUEST_RESPONSE,
  UNAUTHORIZED_RESPONSE,
  errorResponse,
} from "../../../platform/openapi/responses";
import { GPU, GPU_DAILY_FRESHNESS } from "../read-model/state";
import { gpuConstituentsQuerySchema, gpuConstituentsResponseSchema } from "../schemas/constituents";
import { gpuPathParamsSchema } from "../schemas/prices";
import { answerGpuConstituents } from "../services/constituents";
import { authorizeGpuPath } from "./prices";

/**
 * The "why" of a GPU daily value: the posted prices and trades it was computed from. Access is
 * that of the daily series (`/api/gpu/{gpuName}/index-history`): free-tier GPUs inside the free
 * window without a key. A settled value never changes, so the answer is kept like the series'
 * and costs no database read once asked.
 */
export const gpuConstituentsRoute = defineRoute({
  method: "get",
  path: "/api/gpu/{gpuName}/constituents",
  operationId: "getGpuConstituents",
  tool: {
    name: "get_gpu_index_constituents",
    title: "Constituents of a GPU daily value",
    description: `What one GPU's settled daily value (${GPU_INDEX_UNIT}) was computed from: every posted price of the snapshots its prints read (provider, tier, offer, price in ${GPU_INDEX_UNIT}), included or excluded with the reason, and the trades of its prints from trades per source and provider, with the day's basis, counts, sources, citations and licences. Use it to explain why a GPU index value is what it is`,
    access: `Without an API key: only ${FREE_TIER_GPU_NAMES.join(", ")} and days in the trailing ${GPU_FREE_WINDOW_MONTHS} months; an earlier date is refused with the REST 401 text.`,
  },
  security: "optional",
  limiter: "public",
  params: gpuPathParamsSchema,
  authorizePath: authorizeGpuPath,
  query: gpuConstituentsQuerySchema,
  responses: {
    200: { description: "The daily value's constituents", schema: gpuConstituentsResponseSchema },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    404: errorResponse("The GPU-day is not settled."),
  },
  docs: {
    summary:
      "What one settled GPU daily value was computed from: posted prices included or excluded with the reason, and trades per provider",
    description: `\`date\` is the New York settlement day. Quote rows are the prices frozen when the day settled; trade rows aggregate the trades of the day's prints from trades. Without a key: free-tier GPUs and the trailing ${GPU_FREE_WINDOW_MONTHS} months, like \`/api/gpu/{gpuName}/index-history\`; an earlier day is 401.`,
    tags: ["Historical Prices"],
    access: `Like /api/gpu/{gpuName}/index-history: without a key, free-tier GPUs and the trailing ${GPU_FREE_WINDOW_MONTHS} months.`,
    examples: (days) => [
      {
        label: "H100 SXM, one settled day",
        pathAndQuery: `/api/gpu/H100%20SXM/constituents?date=${days.end}`,
      },
    ],
  },
  settled: {
    freshness: GPU_DAILY_FRESHNESS,
    answer:
      (deps) =>
      ({ params, query, caller }) =>
        answerGpuConstituents(
          deps.db,
          params.gpuName,
          query,
          caller.access,
          planOfCaller(caller),
          deps.clock(),
          GPU.of(deps).index,
        ),
  },
});
