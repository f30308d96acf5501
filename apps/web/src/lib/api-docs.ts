import { FREE_TIER_GPU_NAMES, FREE_TIER_LAB_IDS, GPU_NAMES, LAB_IDS } from "@tpi/domain";

/**
 * The API reference shown on /docs: one entry per public route, each with a curl example built
 * from the api's public address. Lab lists come from the domain catalog, not a second copy.
 */
export type RouteDoc = {
  id: string;
  method: "GET" | "POST";
  path: string;
  auth: string;
  summary: string;
  parameters: { name: string; meaning: string }[];
  examples: { label: string; command: string }[];
};

export function curl(apiUrl: string, pathAndQuery: string, withKey = false): string {
  const auth = withKey ? ` \\\n  -H "Authorization: Bearer $TPI_API_KEY"` : "";
  return `curl -s "${apiUrl}${pathAndQuery}"${auth}`;
}

/** A JSON POST with a key. */
export function curlPost(apiUrl: string, path: string, body: unknown): string {
  return `curl -s -X POST "${apiUrl}${path}" \\\n  -H "Authorization: Bearer $TPI_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '${JSON.stringify(body)}'`;
}

export function routeDocs(apiUrl: string, exampleStart: string, exampleEnd: string): RouteDoc[] {
  return [
    {
      id: "otpi",
      method: "GET",
      path: "/api/otpi",
      auth: "Optional. Without a key: the free tier. With a key: all labs and all history (access = full).",
      summary:
        "Token price index values per lab in USD per million tokens. Without date parameters, the latest settled day; with date, that day; with startDate and endDate, a range.",
      parameters: [
        { name: "date", meaning: "YYYY-MM-DD: one settlement day." },
        { name: "startDate", meaning: "YYYY-MM-DD: inclusive start of a range, with endDate." },
        { name: "endDate", meaning: "YYYY-MM-DD: inclusive end of a range, with startDate." },
        { name: "lab", meaning: `One of ${LAB_IDS.join(", ")}.` },
      ],
      examples: [
        { label: "Latest settled day, free tier", command: curl(apiUrl, "/api/otpi") },
        {
          label: "One lab over a range",
          command: curl(
            apiUrl,
            `/api/otpi?lab=anthropic&startDate=${exampleStart}&endDate=${exampleEnd}`,
          ),
        },
        {
          label: "A keyed lab with an API key",
          command: curl(apiUrl, "/api/otpi?lab=mistralai", true),
        },
      ],
    },
    {
      id: "token-types",
      method: "GET",
      path: "/api/token-types",
      auth: "None.",
      summary:
        "Every lab the index covers, with its display label and whether it is in the free tier.",
      parameters: [],
      examples: [{ label: "All labs", command: curl(apiUrl, "/api/token-types") }],
    },
    {
      id: "token-types-free",
      method: "GET",
      path: "/api/token-types-free",
      auth: "None.",
      summary: `The labs of the free tier (${FREE_TIER_LAB_IDS.join(", ")}); pair it with /api/token-types for the free-versus-paid split.`,
      parameters: [],
      examples: [{ label: "Free-tier labs", command: curl(apiUrl, "/api/token-types-free") }],
    },
    {
      id: "health",
      method: "GET",
      path: "/health",
      auth: "None.",
      summary:
        "Liveness and database reachability: 200 when healthy, 503 when the database is unreachable.",
      parameters: [],
      examples: [{ label: "Health check", command: curl(apiUrl, "/health") }],
    },
    {
      id: "otpi-constituents",
      method: "GET",
      path: "/api/otpi/constituents",
      auth: "Optional, like /api/otpi: without a key, free-tier labs inside the free window.",
      summary:
        "Every model considered for one lab-day: prices, volumes, blended price, weight in the blend, or why it was excluded.",
      parameters: [
        { name: "date", meaning: "YYYY-MM-DD, required: a settled day." },
        { name: "lab", meaning: "Required: a lab identifier." },
      ],
      examples: [
        {
          label: "Constituents of a free lab",
          command: curl(apiUrl, `/api/otpi/constituents?date=${exampleEnd}&lab=anthropic`),
        },
      ],
    },
    {
      id: "otpi-methodology",
      method: "GET",
      path: "/api/otpi/methodology",
      auth: "None.",
      summary:
        "The methodology in force: formula, eligibility, data sufficiency, settlement lag, restatement policy and version history.",
      parameters: [],
      examples: [{ label: "The methodology", command: curl(apiUrl, "/api/otpi/methodology") }],
    },
    {
      id: "otpi-revisions",
      method: "GET",
      path: "/api/otpi/revisions",
      auth: "Required.",
      summary:
        "The revision log: every restatement of a settled value with old and new value, reason and time.",
      parameters: [
        { name: "startDate", meaning: "YYYY-MM-DD, optional: first lab-day." },
        { name: "endDate", meaning: "YYYY-MM-DD, optional: last lab-day." },
        { name: "lab", meaning: "Optional: one lab." },
      ],
      examples: [{ label: "All revisions", command: curl(apiUrl, "/api/otpi/revisions", true) }],
    },
    {
      id: "gpu-types",
      method: "GET",
      path: "/api/gpu-types",
      auth: "None.",
      summary: `Every tracked GPU: ${GPU_NAMES.join(", ")}.`,
      parameters: [],
      examples: [{ label: "All GPUs", command: curl(apiUrl, "/api/gpu-types") }],
    },
    {
      id: "gpu-types-free",
      method: "GET",
      path: "/api/gpu-types-free",
      auth: "None.",
      summary: `The GPUs of the free tier: ${FREE_TIER_GPU_NAMES.join(", ")}.`,
      parameters: [],
      examples: [{ label: "Free-tier GPUs", command: curl(apiUrl, "/api/gpu-types-free") }],
    },
    {
      id: "gpu-latest",
      method: "GET",
      path: "/api/gpu/{gpuName}",
      auth: "None for free-tier GPUs; a key for the others.",
      summary:
        "The latest hourly print of one GPU, in USD per GPU-hour. GPU names are exact and URL-encoded.",
      parameters: [{ name: "gpuName", meaning: "Path: an exact GPU name, e.g. H100%20SXM." }],
      examples: [{ label: "H100 SXM now", command: curl(apiUrl, "/api/gpu/H100%20SXM") }],
    },
    {
      id: "daily-index-all",
      method: "GET",
      path: "/api/daily-index/all",
      auth: "Optional. Without a key: the free-tier GPUs.",
      summary:
        "The latest settled daily value of every GPU the caller may see (settled at 4 PM America/New_York).",
      parameters: [],
      examples: [{ label: "Every GPU", command: curl(apiUrl, "/api/daily-index/all") }],
    },
    {
      id: "gpu-history",
      method: "GET",
      path: "/api/gpu/{gpuName}/history",
      auth: "Required.",
      summary:
        "The hourly print nearest an instant; never 404 for an out-of-range time: time_difference (seconds) and is_exact say how near.",
      parameters: [
        { name: "gpuName", meaning: "Path: an exact GPU name." },
        { name: "datetime", meaning: "Required: YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601." },
      ],
      examples: [
        {
          label: "H100 SXM at noon UTC",
          command: curl(
            apiUrl,
            `/api/gpu/H100%20SXM/history?datetime=${exampleEnd}%2012:00:00`,
            true,
          ),
        },
      ],
    },
    {
      id: "gpu-index-history",
      method: "GET",
      path: "/api/gpu/{gpuName}/index-history",
      auth: "Optional. Without a key: free-tier GPUs and the trailing 3 months.",
      summary: "A GPU's daily series, oldest first.",
      parameters: [
        { name: "gpuName", meaning: "Path: an exact GPU name." },
        {
          name: "startDate",
          meaning: "YYYY-MM-DD, optional (default 3 months ago without a key).",
        },
        { name: "endDate", meaning: "YYYY-MM-DD, optional (default today)." },
      ],
      examples: [
        {
          label: "B200 over a week",
          command: curl(
            apiUrl,
            `/api/gpu/B200/index-history?startDate=${exampleStart}&endDate=${exampleEnd}`,
          ),
        },
      ],
    },
    {
      id: "create-api-key",
      method: "POST",
      path: "/api/create-api-key",
      auth: "Required: a key of the account (trial accounts get 403).",
      summary: "Creates another key for the caller's account; the key is shown once.",
      parameters: [{ name: "name", meaning: "Body: 1 to 100 characters." }],
      examples: [
        {
          label: "A key for a deploy bot",
          command: curlPost(apiUrl, "/api/create-api-key", { name: "deploy bot" }),
        },
      ],
    },
    {
      id: "chat",
      method: "POST",
      path: "/api/chat",
      auth: "Required; 20 messages per minute per key.",
      summary:
        "Ask the market-data assistant; the answer lists the index rows it used (sources), so every number can be checked.",
      parameters: [
        { name: "message", meaning: "Body: the question, 1 to 2000 characters." },
        { name: "history", meaning: "Body, optional: earlier turns [{ role, content }]." },
      ],
      examples: [
        {
          label: "A comparison",
          command: curlPost(apiUrl, "/api/chat", {
            message: "Compare anthropic and openai over the last month",
          }),
        },
      ],
    },
    {
      id: "openapi",
      method: "GET",
      path: "/openapi.json",
      auth: "None.",
      summary:
        "The OpenAPI 3.1.0 description of every route, generated from the schemas that validate requests.",
      parameters: [],
      examples: [{ label: "The document", command: curl(apiUrl, "/openapi.json") }],
    },
    {
      id: "api-reference",
      method: "GET",
      path: "/docs",
      auth: "None.",
      summary: "The interactive reference rendered from the OpenAPI document, on the api itself.",
      parameters: [],
      examples: [{ label: "Open in a browser", command: `${apiUrl}/docs` }],
    },
  ];
}
