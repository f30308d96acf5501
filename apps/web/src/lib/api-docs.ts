import { FREE_TIER_LAB_IDS, LAB_IDS } from "@tpi/domain";

/**
 * The API reference shown on /docs: one entry per public route, each with a curl example built
 * from the api's public address. Lab lists come from the domain catalog, not a second copy.
 */
export type RouteDoc = {
  id: string;
  method: "GET";
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
  ];
}
