/*
 * Literal values only (no imports from the code under test): the list is the contract, and it
 * must not move when the code does. Chat limits: message 2,000 characters, history 10 turns of
 * 1,000 characters.
 */

/**
 * The keys a contract request may present, created by the contract api before the replay:
 * one live key per plan, an expired trial, a revoked key, and `limit`, a full account whose
 * key-creation requests run into the per-account key limit.
 */
export type ContractKey = "trial" | "premium" | "full" | "expiredTrial" | "revoked" | "limit";

/** The token the contract api gives its internal tRPC router. */
export const CONTRACT_INTERNAL_TOKEN = "contract-internal-token";

export type ContractRequest = {
  /** Unique; names the entry in the snapshot and in a failing diff. */
  label: string;
  method: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
  /** Sent as written (percent-encoding included). */
  path: string;
  /** Presents this key as `Authorization: Bearer <key>`. */
  as?: ContractKey;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON (with `Content-Type: application/json` unless given). */
  body?: unknown;
};

const requests: ContractRequest[] = [];
const add = (request: ContractRequest) => requests.push(request);
const get = (label: string, path: string, extra: Partial<ContractRequest> = {}) =>
  add({ label, method: "GET", path, ...extra });
const post = (label: string, path: string, body: unknown, extra: Partial<ContractRequest> = {}) =>
  add({ label, method: "POST", path, body, ...extra });
/** The methods a GET-only (or POST-only) route refuses with 405. */
const wrongMethods = (path: string, methods: ContractRequest["method"][]) => {
  for (const method of methods) add({ label: `${method} ${path} is refused`, method, path });
};

const H100 = "/api/gpu/H100%20SXM";
const PRO = "/api/gpu/RTX%20PRO%206000%20WS";
const GPU_PATHS = [
  "H100%20SXM",
  "H200",
  "A100%20SXM4",
  "RTX%205090",
  "B200",
  "RTX%20PRO%206000%20WS",
] as const;
const FREE_LABS = ["anthropic", "openai", "google", "deepseek"] as const;
const PAID_LABS = [
  "minimax",
  "xiaomi",
  "qwen",
  "moonshotai",
  "z-ai",
  "mistralai",
  "meta-llama",
] as const;
const TRPC_AUTH = { authorization: `Bearer ${CONTRACT_INTERNAL_TOKEN}` };
const trpcInput = (input: unknown) => `?input=${encodeURIComponent(JSON.stringify(input))}`;

// ---- health, documents, unknown routes, methods, encodings ----
get("health", "/health");
get("health ignores a query", "/health?x=1");
add({ label: "health HEAD", method: "HEAD", path: "/health" });
wrongMethods("/health", ["POST", "DELETE"]);
get("openapi document", "/openapi.json");
get("openapi document with a query", "/openapi.json?format=yaml");
wrongMethods("/openapi.json", ["POST"]);
get("docs page", "/docs");
get("docs page, trailing slash", "/docs/");
get("docs init script", "/docs/init.js");
get("docs stylesheet", "/docs/assets/swagger-ui.css");
get("docs bundle", "/docs/assets/swagger-ui-bundle.js");
get("docs asset that does not exist", "/docs/assets/nothing.css");
get("docs asset directory", "/docs/assets/");
wrongMethods("/docs", ["POST"]);
get("root", "/");
get("api root", "/api");
get("api root, trailing slash", "/api/");
get("unknown api route", "/api/nothing-here");
get("unknown route under otpi", "/api/otpi/x");
get("unknown route, deep", "/api/otpi/constituents/extra");
get("unknown route outside api", "/favicon.ico");
get("route case-insensitivity", "/API/OTPI");
get("trailing slash on otpi", "/api/otpi/");
get("double slash", "//api/otpi");
post("unknown route with a JSON body", "/api/nothing", { a: 1 });
post("unknown route with malformed JSON", "/api/nothing", "{not json", {
  headers: { "content-type": "application/json" },
});
post("unknown route with an oversized body", "/api/nothing", { padding: "p".repeat(20_000) });
add({ label: "preflight without an origin", method: "OPTIONS", path: "/api/otpi" });
add({
  label: "preflight from an unknown origin",
  method: "OPTIONS",
  path: "/api/otpi",
  headers: {
    origin: "https://elsewhere.example",
    "access-control-request-method": "GET",
  },
});
get("request from an unknown origin", "/api/token-types", {
  headers: { origin: "https://elsewhere.example" },
});

// ---- token catalogs ----
for (const path of ["/api/token-types", "/api/token-types-free"]) {
  get(`${path} keyless`, path);
  get(`${path} with a full key`, path, { as: "full" });
  get(`${path} with a trial key`, path, { as: "trial" });
  get(`${path} with a revoked key`, path, { as: "revoked" });
  get(`${path} with a malformed key`, path, { headers: { authorization: "Bearer not-a-key" } });
  get(`${path} rejects a parameter`, `${path}?lab=openai`);
  get(`${path} rejects a bare parameter`, `${path}?x`);
  add({ label: `${path} HEAD`, method: "HEAD", path });
  wrongMethods(path, ["POST", "PUT", "DELETE"]);
}

// ---- GET /api/otpi keyless ----
get("otpi latest keyless", "/api/otpi");
get("otpi settled day keyless", "/api/otpi?date=2026-11-20");
get("otpi unsettled day keyless", "/api/otpi?date=2026-11-21");
get("otpi today keyless", "/api/otpi?date=2026-11-22");
get("otpi future day keyless", "/api/otpi?date=2027-01-01");
get("otpi first day of the free window", "/api/otpi?date=2026-10-22");
get("otpi day before the free window", "/api/otpi?date=2026-10-21");
get("otpi long ago keyless", "/api/otpi?date=2026-08-15&lab=anthropic");
for (const lab of FREE_LABS) get(`otpi free lab ${lab} keyless`, `/api/otpi?lab=${lab}`);
for (const lab of PAID_LABS) get(`otpi paid lab ${lab} keyless`, `/api/otpi?lab=${lab}`);
get("otpi day and free lab keyless", "/api/otpi?date=2026-11-15&lab=openai");
get("otpi range keyless", "/api/otpi?startDate=2026-11-10&endDate=2026-11-20");
get("otpi range with lab keyless", "/api/otpi?startDate=2026-10-22&endDate=2026-11-22&lab=google");
get("otpi whole free window keyless", "/api/otpi?startDate=2026-10-22&endDate=2026-11-22");
get("otpi range before the window keyless", "/api/otpi?startDate=2026-10-01&endDate=2026-11-01");
get("otpi range paid lab keyless", "/api/otpi?startDate=2026-11-10&endDate=2026-11-20&lab=qwen");
get("otpi range with nothing in it", "/api/otpi?startDate=2026-11-21&endDate=2026-11-22");

// ---- GET /api/otpi keyed ----
get("otpi latest full key", "/api/otpi", { as: "full" });
get("otpi latest premium key", "/api/otpi", { as: "premium" });
get("otpi latest trial key", "/api/otpi", { as: "trial" });
for (const lab of PAID_LABS)
  get(`otpi paid lab ${lab} full key`, `/api/otpi?lab=${lab}`, { as: "full" });
get("otpi paid lab trial key", "/api/otpi?lab=minimax", { as: "trial" });
get("otpi old day full key", "/api/otpi?date=2026-08-15", { as: "full" });
get("otpi old day paid lab premium key", "/api/otpi?date=2026-09-01&lab=qwen", { as: "premium" });
get("otpi before the sample full key", "/api/otpi?date=2026-01-01", { as: "full" });
get("otpi long range full key", "/api/otpi?startDate=2026-08-01&endDate=2026-11-22", {
  as: "full",
});
get(
  "otpi long range one lab full key",
  "/api/otpi?startDate=2026-08-01&endDate=2026-11-22&lab=anthropic",
  {
    as: "full",
  },
);
get("otpi unsettled day full key", "/api/otpi?date=2026-11-21", { as: "full" });
get("otpi restated day", "/api/otpi?date=2026-11-10&lab=anthropic");

// ---- GET /api/otpi authentication ----
get("otpi expired trial key", "/api/otpi", { as: "expiredTrial" });
get("otpi revoked key", "/api/otpi", { as: "revoked" });
get("otpi malformed key", "/api/otpi", { headers: { authorization: "Bearer not-a-key" } });
get("otpi well-formed unknown key", "/api/otpi", {
  headers: { authorization: `Bearer tpi_sk_${"0".repeat(40)}` },
});
get("otpi key with a wrong prefix", "/api/otpi", {
  headers: { authorization: `Bearer sk_live_${"A".repeat(40)}` },
});
get("otpi empty bearer", "/api/otpi", { headers: { authorization: "Bearer " } });
get("otpi empty authorization", "/api/otpi", { headers: { authorization: "" } });
get("otpi basic scheme", "/api/otpi", { headers: { authorization: "Basic dXNlcjpwYXNz" } });
get("otpi key without a scheme", "/api/otpi", {
  headers: { authorization: `tpi_sk_${"0".repeat(40)}` },
});
get("otpi lowercase bearer", "/api/otpi", {
  headers: { authorization: `bearer tpi_sk_${"0".repeat(40)}` },
});

// ---- GET /api/otpi bad requests ----
const otpiBad: [string, string][] = [
  ["date and range", "date=2026-11-20&startDate=2026-11-01&endDate=2026-11-20"],
  ["startDate without endDate", "startDate=2026-11-01"],
  ["endDate without startDate", "endDate=2026-11-01"],
  ["reversed range", "startDate=2026-11-20&endDate=2026-11-01"],
  ["impossible date", "date=2026-02-30"],
  ["day-first date", "date=22-11-2026"],
  ["date with a time", "date=2026-11-20T00:00:00Z"],
  ["empty date", "date="],
  ["wrongly cased lab", "lab=Anthropic"],
  ["unknown lab", "lab=acme"],
  ["empty lab", "lab="],
  ["repeated lab", "lab=openai&lab=google"],
  ["repeated date", "date=2026-11-20&date=2026-11-20"],
  ["unknown parameter", "labs=openai"],
  ["bracketed parameter", "lab[x]=openai"],
  ["array parameter", "lab[]=openai"],
  ["proto parameter", "__proto__=1"],
  ["malformed percent-encoding", "date=%E0%A4%A"],
  ["bare percent", "lab=%"],
  ["nul byte", "lab=%00"],
  ["malformed date on a paid lab", "lab=minimax&date=bad"],
  ["very long date", `date=${"9".repeat(200)}`],
  ["month 13", "startDate=2026-13-01&endDate=2026-13-02"],
];
for (const [label, query] of otpiBad) get(`otpi 400: ${label}`, `/api/otpi?${query}`);
get("otpi 400 with a key: reversed range", "/api/otpi?startDate=2026-11-20&endDate=2026-11-01", {
  as: "full",
});
add({ label: "otpi HEAD", method: "HEAD", path: "/api/otpi" });
wrongMethods("/api/otpi", ["POST", "PUT", "PATCH", "DELETE"]);

// ---- /api/otpi/constituents, /methodology, /revisions ----
const C = "/api/otpi/constituents";
get("constituents free lab keyless", `${C}?date=2026-11-20&lab=anthropic`);
get("constituents other free lab keyless", `${C}?date=2026-11-15&lab=openai`);
get("constituents paid lab keyless", `${C}?date=2026-11-20&lab=minimax`);
get("constituents paid lab full key", `${C}?date=2026-11-20&lab=minimax`, { as: "full" });
get("constituents paid lab trial key", `${C}?date=2026-11-20&lab=qwen`, { as: "trial" });
get("constituents before the window keyless", `${C}?date=2026-09-15&lab=anthropic`);
get("constituents before the window premium key", `${C}?date=2026-09-15&lab=anthropic`, {
  as: "premium",
});
get("constituents restated day", `${C}?date=2026-11-10&lab=anthropic`);
get("constituents unsettled day", `${C}?date=2026-11-21&lab=anthropic`);
get("constituents xiaomi full key", `${C}?date=2026-11-20&lab=xiaomi`, { as: "full" });
get("constituents before the sample", `${C}?date=2026-01-15&lab=anthropic`, { as: "full" });
get("constituents revoked key", `${C}?date=2026-11-20&lab=anthropic`, { as: "revoked" });
const constituentsBad: [string, string][] = [
  ["no parameters", ""],
  ["missing lab", "?date=2026-11-20"],
  ["missing date", "?lab=anthropic"],
  ["bad date", "?date=2026-02-30&lab=anthropic"],
  ["unknown lab", "?date=2026-11-20&lab=acme"],
  ["unknown parameter", "?date=2026-11-20&lab=anthropic&x=1"],
  ["repeated lab", "?date=2026-11-20&lab=anthropic&lab=openai"],
  ["a range", "?startDate=2026-11-01&endDate=2026-11-20&lab=anthropic"],
];
for (const [label, query] of constituentsBad) get(`constituents 400: ${label}`, `${C}${query}`);
wrongMethods(C, ["POST", "DELETE"]);

const M = "/api/otpi/methodology";
get("methodology keyless", M);
get("methodology full key", M, { as: "full" });
get("methodology revoked key", M, { as: "revoked" });
get("methodology 400: a parameter", `${M}?v=2`);
wrongMethods(M, ["POST", "PUT"]);

const R = "/api/otpi/revisions";
get("revisions keyless", R);
get("revisions revoked key", R, { as: "revoked" });
get("revisions expired trial key", R, { as: "expiredTrial" });
get("revisions full key", R, { as: "full" });
get("revisions trial key", R, { as: "trial" });
get("revisions range and lab", `${R}?startDate=2026-11-01&endDate=2026-11-30&lab=anthropic`, {
  as: "premium",
});
get("revisions range without any", `${R}?startDate=2026-09-01&endDate=2026-09-30`, { as: "full" });
get("revisions other lab", `${R}?lab=openai`, { as: "full" });
const revisionsBad: [string, string][] = [
  ["reversed range", "?startDate=2026-11-30&endDate=2026-11-01"],
  ["unknown lab", "?lab=acme"],
  ["bad date", "?startDate=2026-02-30"],
  ["unknown parameter", "?date=2026-11-10"],
  ["repeated lab", "?lab=openai&lab=anthropic"],
];
for (const [label, query] of revisionsBad)
  get(`revisions 400: ${label}`, `${R}${query}`, { as: "full" });
get("revisions keyless bad query", `${R}?lab=acme`);
wrongMethods(R, ["POST", "DELETE"]);

// ---- /api/token-volume ----
const V = "/api/token-volume";
get("token volume keyless", `${V}?startDate=2026-11-14&endDate=2026-11-20`);
get("token volume revoked key", `${V}?startDate=2026-11-14&endDate=2026-11-20`, { as: "revoked" });
get("token volume trial key", `${V}?startDate=2026-11-14&endDate=2026-11-20`, { as: "trial" });
get(
  "token volume premium key one lab",
  `${V}?startDate=2026-11-01&endDate=2026-11-20&labs=all&lab=qwen`,
  { as: "premium" },
);
get("token volume every lab", `${V}?startDate=2026-11-19&endDate=2026-11-20&labs=all`, {
  as: "full",
});
get(
  "token volume a list of labs",
  `${V}?startDate=2026-11-19&endDate=2026-11-20&labs=qwen,openai`,
  {
    as: "full",
  },
);
get("token volume full key restated day", `${V}?startDate=2026-11-10&endDate=2026-11-10`, {
  as: "full",
});
get("token volume unsettled days", `${V}?startDate=2026-11-21&endDate=2026-11-22`, { as: "full" });
const volumeBad: [string, string][] = [
  ["no parameters", ""],
  ["missing startDate", "?endDate=2026-11-20"],
  ["missing endDate", "?startDate=2026-11-14"],
  ["bad date", "?startDate=2026-02-30&endDate=2026-11-20"],
  ["reversed range", "?startDate=2026-11-20&endDate=2026-11-14"],
  ["unknown lab", "?startDate=2026-11-14&endDate=2026-11-20&lab=acme"],
  ["unknown parameter", "?date=2026-11-20"],
  ["repeated lab", "?startDate=2026-11-14&endDate=2026-11-20&lab=qwen&lab=openai"],
  ["lab outside the closed labs", "?startDate=2026-11-14&endDate=2026-11-20&lab=qwen"],
  ["unknown lab in labs", "?startDate=2026-11-14&endDate=2026-11-20&labs=openai,acme"],
];
for (const [label, query] of volumeBad)
  get(`token volume 400: ${label}`, `${V}${query}`, { as: "full" });
wrongMethods(V, ["POST"]);

// ---- GPU catalogs ----
for (const path of ["/api/gpu-types", "/api/gpu-types-free"]) {
  get(`${path} keyless`, path);
  get(`${path} with a full key`, path, { as: "full" });
  get(`${path} rejects a parameter`, `${path}?x=1`);
  wrongMethods(path, ["POST", "DELETE"]);
}

// ---- GPU methodology and the trades' sources ----
const GM = "/api/gpu-methodology";
get("gpu methodology keyless", GM);
get("gpu methodology full key", GM, { as: "full" });
get("gpu methodology 400: a parameter", `${GM}?v=2`);
wrongMethods(GM, ["POST"]);

// ---- GPU latest print ----
for (const gpu of GPU_PATHS) {
  get(`gpu latest ${gpu} keyless`, `/api/gpu/${gpu}`);
  get(`gpu latest ${gpu} full key`, `/api/gpu/${gpu}`, { as: "full" });
}
get("gpu latest trial key on the keyed GPU", PRO, { as: "trial" });
get("gpu latest revoked key", H100, { as: "revoked" });
get("gpu latest plus-encoded space", "/api/gpu/H100+SXM");
const badGpuNames = ["h100%20sxm", "H100", "H100SXM", "H300", "H100%2520SXM", "%ZZ", "%20"];
for (const name of badGpuNames) get(`gpu latest 400: name ${name}`, `/api/gpu/${name}`);
get("gpu latest 400: a parameter", `${H100}?x=1`);
get("gpu latest, empty name", "/api/gpu/");
get("gpu route without a name", "/api/gpu");
wrongMethods(H100, ["POST", "DELETE"]);

// ---- GPU daily index ----
const D = "/api/daily-index/all";
get("daily index keyless", D);
get("daily index full key", D, { as: "full" });
get("daily index trial key", D, { as: "trial" });
get("daily index expired trial key", D, { as: "expiredTrial" });
get("daily index 400: a parameter", `${D}?date=2026-11-20`);
get("daily index, unknown sibling", "/api/daily-index/H100%20SXM");
wrongMethods(D, ["POST", "PUT"]);

// ---- GPU nearest print (keyed) ----
const history = (gpu: string, query: string) => `/api/gpu/${gpu}/history${query}`;
get("gpu history keyless", history("H100%20SXM", "?datetime=2026-11-20%2012:00:00"));
get("gpu history revoked key", history("H100%20SXM", "?datetime=2026-11-20%2012:00:00"), {
  as: "revoked",
});
const historyCases: [string, string][] = [
  ["space-separated", "?datetime=2026-11-20%2012:00:00"],
  ["ISO Z", "?datetime=2026-11-20T12:00:00Z"],
  ["ISO offset", "?datetime=2026-11-20T14:30:00%2B02:00"],
  ["between hours", "?datetime=2026-11-20T12:29:59Z"],
  ["a day only", "?datetime=2026-11-20"],
  ["before the data", "?datetime=2020-01-01T00:00:00Z"],
  ["after the data", "?datetime=2030-01-01T00:00:00Z"],
];
for (const gpu of GPU_PATHS) {
  for (const [label, query] of historyCases.slice(0, gpu === "H100%20SXM" ? undefined : 1)) {
    get(`gpu history ${gpu} ${label} full key`, history(gpu, query), { as: "full" });
  }
}
get("gpu history trial key", history("H200", "?datetime=2026-11-01T08:00:00Z"), { as: "trial" });
get("gpu history premium key", history("B200", "?datetime=2026-10-01T08:00:00Z"), {
  as: "premium",
});
const historyBad: [string, string][] = [
  ["missing datetime", history("H100%20SXM", "")],
  ["not a time", history("H100%20SXM", "?datetime=yesterday")],
  ["impossible time", history("H100%20SXM", "?datetime=2026-11-20%2025:00:00")],
  ["unknown GPU", history("H300", "?datetime=2026-11-20")],
  ["wrongly cased GPU", history("h200", "?datetime=2026-11-20")],
  ["unknown parameter", history("H200", "?datetime=2026-11-20&x=1")],
  ["repeated datetime", history("H200", "?datetime=2026-11-20&datetime=2026-11-21")],
];
for (const [label, path] of historyBad) get(`gpu history 400: ${label}`, path, { as: "full" });
get("gpu history keyless with a bad query", history("H300", "?datetime=x"));
wrongMethods(history("H100%20SXM", ""), ["POST"]);

// ---- GPU daily history ----
const indexHistory = (gpu: string, query = "") => `/api/gpu/${gpu}/index-history${query}`;
get("gpu index history keyless", indexHistory("H100%20SXM"));
get(
  "gpu index history keyless range",
  indexHistory("H200", "?startDate=2026-11-01&endDate=2026-11-10"),
);
get("gpu index history keyless window start", indexHistory("A100%20SXM4", "?startDate=2026-08-22"));
get(
  "gpu index history keyless before the window",
  indexHistory("H100%20SXM", "?startDate=2026-08-21"),
);
get("gpu index history keyless endDate only", indexHistory("RTX%205090", "?endDate=2026-09-01"));
get("gpu index history keyless keyed GPU", indexHistory("RTX%20PRO%206000%20WS"));
get("gpu index history full key", indexHistory("H100%20SXM"), { as: "full" });
get(
  "gpu index history full key keyed GPU",
  indexHistory("RTX%20PRO%206000%20WS", "?startDate=2026-11-01"),
  {
    as: "full",
  },
);
get(
  "gpu index history full key long ago",
  indexHistory("B200", "?startDate=2025-01-01&endDate=2026-08-10"),
  {
    as: "full",
  },
);
get(
  "gpu index history trial key",
  indexHistory("H200", "?startDate=2026-08-01&endDate=2026-08-31"),
  {
    as: "trial",
  },
);
get(
  "gpu index history future range",
  indexHistory("H200", "?startDate=2027-01-01&endDate=2027-01-31"),
  {
    as: "full",
  },
);
const indexHistoryBad: [string, string][] = [
  ["impossible startDate", "?startDate=2026-02-30"],
  ["word endDate", "?endDate=March"],
  ["reversed range", "?startDate=2026-11-09&endDate=2026-11-08"],
  ["unknown parameter", "?since=2026-11-01"],
  ["repeated startDate", "?startDate=2026-11-01&startDate=2026-11-02"],
  ["empty startDate", "?startDate="],
];
for (const [label, query] of indexHistoryBad) {
  get(`gpu index history 400: ${label}`, indexHistory("H100%20SXM", query));
}
get("gpu index history 400: unknown GPU", indexHistory("H300"));
wrongMethods(indexHistory("H100%20SXM"), ["POST", "DELETE"]);

// ---- GPU constituents of a daily value ----
const gpuConstituents = (gpu: string, query: string) => `/api/gpu/${gpu}/constituents${query}`;
get("gpu constituents keyless", gpuConstituents("H100%20SXM", "?date=2026-11-20"));
get(
  "gpu constituents keyless keyed GPU",
  gpuConstituents("RTX%20PRO%206000%20WS", "?date=2026-11-20"),
);
get(
  "gpu constituents full key keyed GPU",
  gpuConstituents("RTX%20PRO%206000%20WS", "?date=2026-11-20"),
  { as: "full" },
);
get("gpu constituents trial key", gpuConstituents("H200", "?date=2026-11-15"), { as: "trial" });
get("gpu constituents keyless before the window", gpuConstituents("B200", "?date=2026-08-21"));
get("gpu constituents premium key before the window", gpuConstituents("B200", "?date=2026-08-21"), {
  as: "premium",
});
get("gpu constituents unsettled day", gpuConstituents("H100%20SXM", "?date=2026-11-22"));
get("gpu constituents revoked key", gpuConstituents("H100%20SXM", "?date=2026-11-20"), {
  as: "revoked",
});
const gpuConstituentsBad: [string, string][] = [
  ["no parameters", ""],
  ["bad date", "?date=2026-02-30"],
  ["unknown parameter", "?date=2026-11-20&x=1"],
  ["repeated date", "?date=2026-11-20&date=2026-11-19"],
  ["a range", "?startDate=2026-11-01&endDate=2026-11-20"],
];
for (const [label, query] of gpuConstituentsBad)
  get(`gpu constituents 400: ${label}`, gpuConstituents("H100%20SXM", query));
get("gpu constituents 400: unknown GPU", gpuConstituents("H300", "?date=2026-11-20"));
wrongMethods(gpuConstituents("H100%20SXM", ""), ["POST", "DELETE"]);

// ---- GPU daily index of one GPU, its previous value, the deprecated alias ----
get("daily index one GPU keyless", "/api/daily-index?gpuType=H100%20SXM");
get("daily index one GPU by the gpu alias", "/api/daily-index?gpu=H200");
get("daily index one GPU keyed GPU keyless", "/api/daily-index?gpuType=RTX%20PRO%206000%20WS");
get("daily index one GPU keyed GPU trial key", "/api/daily-index?gpuType=RTX%20PRO%206000%20WS", {
  as: "trial",
});
get("daily index one GPU 400: no name", "/api/daily-index");
get("daily index one GPU 400: two names", "/api/daily-index?gpuType=H200&gpu=B200");
get("daily index one GPU 400: unknown GPU", "/api/daily-index?gpuType=H300");
get("daily index previous keyless", "/api/daily-index/H100%20SXM/previous");
get("daily index previous keyed GPU keyless", "/api/daily-index/RTX%20PRO%206000%20WS/previous");
get("day index (deprecated) keyless", "/api/day-index?gpuType=H100%20SXM");

// ---- GPU ranged series (keyed) ----
const series = (route: string, gpu = "H100%20SXM", query = "") =>
  `/api/gpu/${gpu}/${route}${query}`;
const WEEK = "?startDate=2026-11-14&endDate=2026-11-20";
for (const route of ["history-simple", "history-range", "hourly", "rolling-24h-average"])
  get(`gpu ${route} keyless`, series(route));
get("gpu history-simple full key", series("history-simple", "H100%20SXM", `${WEEK}&limit=5`), {
  as: "full",
});
get(
  "gpu history-simple premium key asks hourly",
  series("history-simple", "H200", `${WEEK}&granularity=hourly`),
  {
    as: "premium",
  },
);
get("gpu history-simple 400: limit 0", series("history-simple", "H100%20SXM", "?limit=0"), {
  as: "full",
});
get("gpu history-range trial key", series("history-range", "B200", WEEK), { as: "trial" });
get(
  "gpu history-range full key",
  series("history-range", "H100%20SXM", "?startDate=2026-11-20&endDate=2026-11-20&limit=3"),
  {
    as: "full",
  },
);
get("gpu hourly full key", series("hourly"), { as: "full" });
get("gpu hourly premium key", series("hourly"), { as: "premium" });
get("gpu rolling average full key", series("rolling-24h-average"), { as: "full" });
get("gpu rolling average trial key", series("rolling-24h-average"), { as: "trial" });
get(
  "gpu rolling average history premium key",
  series("rolling-24h-average/history", "H100%20SXM", WEEK),
  {
    as: "premium",
  },
);
get("gpu rolling average history 400: no dates", series("rolling-24h-average/history"), {
  as: "premium",
});

// ---- GET /api/gpu/{gpuName}/volatility and /volume-metrics (analytics) ----
const volatility = (gpu: string, query: string) => `/api/gpu/${gpu}/volatility${query}`;
const volume = (gpu: string, query: string) => `/api/gpu/${gpu}/volume-metrics${query}`;
const analyticsWeek = "?startDate=2026-11-14&endDate=2026-11-20";
get("gpu volatility keyless", volatility("H100%20SXM", analyticsWeek));
get("gpu volatility full key", volatility("H100%20SXM", `${analyticsWeek}&windowDays=7`), {
  as: "full",
});
get("gpu volatility trial key, default window", volatility("B200", analyticsWeek), {
  as: "trial",
});
get("gpu volatility 400: no startDate", volatility("H100%20SXM", "?endDate=2026-11-20"), {
  as: "full",
});
get("gpu volatility 400: windowDays 0", volatility("H100%20SXM", `${analyticsWeek}&windowDays=0`), {
  as: "full",
});
get("gpu volume keyless", volume("H100%20SXM", analyticsWeek));
get("gpu volume full key daily", volume("H100%20SXM", `${analyticsWeek}&granularity=daily`), {
  as: "full",
});
get(
  "gpu volume full key hourly, one day",
  volume("H200", "?startDate=2026-11-20&endDate=2026-11-20&granularity=hourly"),
  { as: "full" },
);
get(
  "gpu volume trial key asks hourly, served daily",
  volume("H200", `${analyticsWeek}&granularity=hourly`),
  {
    as: "trial",
  },
);
get(
  "gpu volume 400: bad granularity",
  volume("H100%20SXM", `${analyticsWeek}&granularity=weekly`),
  {
    as: "full",
  },
);
wrongMethods(volume("H100%20SXM", analyticsWeek), ["POST"]);

// ---- POST /api/create-api-key ----
const K = "/api/create-api-key";
post("create key keyless", K, { name: "x" });
for (const [label, authorization] of [
  ["basic scheme", "Basic dXNlcjpwYXNz"],
  ["empty bearer", "Bearer "],
  ["empty header", ""],
  ["garbage", "Bearer not-a-key"],
  ["well-formed unknown key", `Bearer tpi_sk_${"A".repeat(40)}`],
  ["wrong prefix", `Bearer sk_live_${"A".repeat(40)}`],
] as const) {
  post(`create key 401: ${label}`, K, { name: "x" }, { headers: { authorization } });
}
post("create key revoked key", K, { name: "x" }, { as: "revoked" });
post("create key expired trial key", K, { name: "x" }, { as: "expiredTrial" });
post("create key trial key", K, { name: "ci" }, { as: "trial" });
post("create key trial key with a bad body", K, {}, { as: "trial" });
post("create key premium key", K, { name: "deploy bot" }, { as: "premium" });
post("create key full key, trimmed name", K, { name: "  deploy bot  " }, { as: "full" });
post("create key 100-character name", K, { name: "n".repeat(100) }, { as: "full" });
const createBad: [string, unknown][] = [
  ["no name", {}],
  ["empty name", { name: "   " }],
  ["101-character name", { name: "n".repeat(101) }],
  ["name not a string", { name: 42 }],
  ["null name", { name: null }],
  ["array body", ["name"]],
  ["JSON string body", '"name"'],
  ["null body", "null"],
  ["extra field", { name: "x", scope: "admin" }],
];
for (const [label, body] of createBad) {
  post(`create key 400: ${label}`, K, body, {
    as: "full",
    headers: { "content-type": "application/json" },
  });
}
post("create key unknown field is refused", K, { name: "x", extra: 42 }, { as: "full" });
post("create key malformed JSON", K, '{"name":', {
  as: "full",
  headers: { "content-type": "application/json" },
});
post("create key malformed JSON keyless", K, '{"name":', {
  headers: { "content-type": "application/json" },
});
post("create key form-encoded body", K, "name=x", {
  as: "full",
  headers: { "content-type": "application/x-www-form-urlencoded" },
});
post("create key text body", K, "x", { as: "full", headers: { "content-type": "text/plain" } });
post("create key without a body", K, undefined, { as: "full" });
post("create key oversized body", K, { name: "x", padding: "p".repeat(20_000) }, { as: "full" });
post("create key oversized body keyless", K, { name: "x".repeat(17 * 1024) });
// The `limit` account holds its own key; nine more reach the limit of ten, the tenth is refused.
for (let i = 2; i <= 11; i++)
  post(`create key ${i} of the limit account`, K, { name: `k${i}` }, { as: "limit" });
get("create key GET is refused", K);
get("create key GET with a key is refused", K, { as: "full" });
wrongMethods(K, ["PUT", "DELETE"]);

// ---- POST /api/chat ----
const CHAT = "/api/chat";
post("chat keyless", CHAT, { message: "H100 price?" });
post(
  "chat malformed key",
  CHAT,
  { message: "H100 price?" },
  {
    headers: { authorization: "Bearer not-a-key" },
  },
);
post("chat revoked key", CHAT, { message: "H100 price?" }, { as: "revoked" });
post("chat expired trial key", CHAT, { message: "H100 price?" }, { as: "expiredTrial" });
const chatBad: [string, unknown][] = [
  ["empty object", {}],
  ["empty message", { message: "" }],
  ["message too long", { message: "x".repeat(2_001) }],
  ["message not a string", { message: 42 }],
  ["extra field", { message: "hi", extra: 1 }],
  ["system role in history", { message: "hi", history: [{ role: "system", content: "x" }] }],
  [
    "history turn too long",
    { message: "hi", history: [{ role: "user", content: "x".repeat(1_001) }] },
  ],
  [
    "history too long",
    {
      message: "hi",
      history: Array.from({ length: 11 }, () => ({ role: "user", content: "x" })),
    },
  ],
  ["history not an array", { message: "hi", history: "earlier" }],
  ["array body", ["hi"]],
  ["null body", "null"],
];
for (const [label, body] of chatBad) {
  post(`chat 400: ${label}`, CHAT, body, {
    as: "full",
    headers: { "content-type": "application/json" },
  });
}
post("chat malformed JSON", CHAT, '{"message":', {
  as: "full",
  headers: { "content-type": "application/json" },
});
post("chat text body", CHAT, "hi", { as: "full", headers: { "content-type": "text/plain" } });
post("chat oversized body", CHAT, { message: "x", padding: "p".repeat(20_000) }, { as: "full" });
const questions = [
  "What is the current H100 price?",
  "How did the H200 change over the last 5 days?",
  "Compare Claude vs OpenAI",
  "What was the lowest H100 value in the past week?",
  "Which GPU is cheapest right now?",
  "What can I get for free without a key?",
  "How is the GPU index calculated?",
  "How is the token index calculated?",
  "Explain how the index is computed",
  "Compare Qwen and DeepSeek in October 2026",
  "What's the weather in Paris?",
  "What is the latest Anthropic index?",
  "How did DeepSeek change this month?",
  "What was the highest Google value in the last 30 days?",
  "Compare H100 and H200",
  "What is the B200 price on 2026-11-01?",
  "What is the RTX PRO 6000 WS price?",
  "What is the MiniMax index?",
  "How volatile is the H100?",
  "What is the H200 rolling 24h average?",
  "How many trades did the B200 see?",
  "hello",
];
for (const message of questions) post(`chat: ${message}`, CHAT, { message }, { as: "full" });
post(
  "chat follow-up with history",
  CHAT,
  {
    message: "and how did it change?",
    history: [
      { role: "user", content: "What is the current H200 price?" },
      { role: "assistant", content: "The H200 index is about 3 USD per GPU-hour." },
    ],
  },
  { as: "full" },
);
post("chat trial key", CHAT, { message: "What is the current H100 price?" }, { as: "trial" });
post("chat premium key", CHAT, { message: "Compare Claude vs OpenAI" }, { as: "premium" });
post(
  "chat premium key asks the rolling average (Full only)",
  CHAT,
  { message: "What is the H100 rolling 24h average?" },
  { as: "premium" },
);
get("chat GET is refused", CHAT, { as: "full" });
get("chat GET keyless", CHAT);
wrongMethods(CHAT, ["PUT"]);

// ---- internal tRPC router ----
get("trpc keyless", "/trpc/labs");
get("trpc wrong token", "/trpc/labs", { headers: { authorization: "Bearer wrong" } });
get("trpc token without a scheme", "/trpc/labs", {
  headers: { authorization: CONTRACT_INTERNAL_TOKEN },
});
get("trpc API key instead of the token", "/trpc/labs", { as: "full" });
post("trpc keyless POST", "/trpc/labs", {});
const trpcGets: [string, string][] = [
  ["labs", "labs"],
  ["token types", "tokenTypes"],
  ["methodology", "methodology"],
  ["public index", "publicIndex"],
  ["public index with input", `publicIndex${trpcInput({ date: "2026-11-20" })}`],
  [
    "public index range",
    `publicIndex${trpcInput({ startDate: "2026-11-10", endDate: "2026-11-20", lab: "openai" })}`,
  ],
  ["public index paid lab", `publicIndex${trpcInput({ lab: "minimax" })}`],
  ["public index unsettled day", `publicIndex${trpcInput({ date: "2026-11-21" })}`],
  ["public index bad date", `publicIndex${trpcInput({ date: "2026-02-30" })}`],
  ["public index unknown field", `publicIndex${trpcInput({ labs: "openai" })}`],
  ["free window index", "freeWindowIndex"],
  ["recent token volume", "recentTokenVolume"],
  ["free window index lab", `freeWindowIndex${trpcInput({ lab: "anthropic" })}`],
  ["free window index paid lab", `freeWindowIndex${trpcInput({ lab: "minimax" })}`],
  ["free window index unknown lab", `freeWindowIndex${trpcInput({ lab: "acme" })}`],
  ["free window index google", `freeWindowIndex${trpcInput({ lab: "google" })}`],
  ["gpu catalog", "gpu.catalog"],
  ["gpu latest daily", "gpu.latestDaily"],
  ["gpu daily history", `gpu.dailyHistory${trpcInput({ gpu: "H100 SXM" })}`],
  [
    "gpu daily history range",
    `gpu.dailyHistory${trpcInput({ gpu: "H200", startDate: "2026-11-01", endDate: "2026-11-10" })}`,
  ],
  ["gpu daily history keyed GPU", `gpu.dailyHistory${trpcInput({ gpu: "RTX PRO 6000 WS" })}`],
  ["gpu daily history unknown GPU", `gpu.dailyHistory${trpcInput({ gpu: "H300" })}`],
  [
    "gpu daily history before the window",
    `gpu.dailyHistory${trpcInput({ gpu: "H100 SXM", startDate: "2026-01-01" })}`,
  ],
  ["gpu daily history without input", "gpu.dailyHistory"],
  // What the website's GPU pages read: one free GPU's page, the keyed GPU and an unknown name.
  ["gpu detail", `gpu.detail${trpcInput({ gpu: "H100 SXM" })}`],
  ["gpu detail keyed GPU", `gpu.detail${trpcInput({ gpu: "RTX PRO 6000 WS" })}`],
  ["gpu detail unknown GPU", `gpu.detail${trpcInput({ gpu: "H300" })}`],
  ["gpu keyed latest", "gpu.keyedLatest"],
  ["gpu methodology", "gpu.methodology"],
  ["malformed input", "publicIndex?input=%7Bnot-json"],
  ["unknown procedure", "nothing"],
  ["batch", `labs,tokenTypes?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`],
];
for (const [label, path] of trpcGets) get(`trpc ${label}`, `/trpc/${path}`, { headers: TRPC_AUTH });
post("trpc query by POST", "/trpc/labs", {}, { headers: TRPC_AUTH });
add({ label: "trpc DELETE", method: "DELETE", path: "/trpc/labs", headers: TRPC_AUTH });
get("trpc root", "/trpc", { headers: TRPC_AUTH });

// ---- added last, so that the entries before keep their numbers ----
// /docs answers other methods like every path: OPTIONS names the allowed ones.
add({ label: "docs OPTIONS", method: "OPTIONS", path: "/docs" });
// A chat history turn holds a role and a content, nothing else.
post(
  "chat 400: extra field in a history turn",
  CHAT,
  { message: "hi", history: [{ role: "user", content: "x", extra: 1 }] },
  { as: "full", headers: { "content-type": "application/json" } },
);
// The GPU of /api/daily-index named by its alias alone, and by both names when equal.
get("daily index one GPU by both names, equal", "/api/daily-index?gpuType=H200&gpu=H200");
get("daily index one GPU 400: empty gpuType", "/api/daily-index?gpuType=");
// Empty and malformed datetimes of the GPU history and series.
get("gpu history 400: empty datetime", "/api/gpu/H100%20SXM/history?datetime=", { as: "full" });
get(
  "gpu history-simple 400: empty startDate",
  series("history-simple", "H100%20SXM", "?startDate="),
  {
    as: "full",
  },
);
get(
  "gpu history-range with white space around an ISO datetime",
  series("history-range", "H100%20SXM", "?startDate=%202026-11-19T00:00:00Z%20&endDate=2026-11-20"),
  { as: "full" },
);
// ---- /api/llm-coding (no GitHub count stored: no value; the sample is off in the contract api) ----
const LC = "/api/llm-coding";
get("llm-coding products keyless", `${LC}/products`);
get("llm-coding products rejects a parameter", `${LC}/products?x=1`);
get("llm-coding methodology keyless", `${LC}/methodology`);
get("llm-coding index keyless", `${LC}/index?product=cc-prs`);
get("llm-coding index premium key, no value yet", `${LC}/index?product=codex-prs`, {
  as: "premium",
});
get("llm-coding index 400: compare product", `${LC}/index?product=cc-vs-codex`, { as: "full" });
get("llm-coding index 400: missing product", `${LC}/index`, { as: "full" });
get("llm-coding history keyless", `${LC}/history?product=cc-prs`);
get("llm-coding history empty window", `${LC}/history?product=cc-vs-codex&startDate=2026-11-01`, {
  as: "trial",
});
get("llm-coding history 400: unknown product", `${LC}/history?product=CC-PRS`, { as: "full" });
get("llm-coding history 400: limit 0", `${LC}/history?product=cc-prs&limit=0`, { as: "full" });
get(
  "llm-coding history 400: reversed range",
  `${LC}/history?product=cc-prs&startDate=2026-11-20&endDate=2026-11-14`,
  { as: "full" },
);
get("llm-coding revisions keyless", `${LC}/revisions?product=cc-merge`);
get("llm-coding revisions full key", `${LC}/revisions?product=cc-merge`, { as: "full" });
get("llm-coding revisions 400: limit", `${LC}/revisions?product=cc-merge&limit=5`, {
  as: "full",
});
get("llm-coding tokens keyless", `${LC}/tokens?agent=claude`);
get("llm-coding tokens full key, none stored", `${LC}/tokens?agent=claude`, { as: "full" });
get("llm-coding tokens 400: unknown agent", `${LC}/tokens?agent=cline`, { as: "full" });
wrongMethods(`${LC}/history`, ["POST"]);

// ---- MCP: the protected resource metadata (RFC 9728) and the 401 that names it ----
get("mcp resource metadata", "/.well-known/oauth-protected-resource");
get("mcp resource metadata of /mcp", "/.well-known/oauth-protected-resource/mcp");
post(
  "mcp revoked key",
  "/mcp",
  { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
  { as: "revoked", headers: { accept: "application/json, text/event-stream" } },
);

// ---- /api/workload (the Workload Cost index: the generated sample) ----
const W = "/api/workload";
get("workload keyless", W);
get(
  "workload trial key one week, one family",
  `${W}?startDate=2026-11-15&endDate=2026-11-15&lab=anthropic&family=claude-sonnet`,
  { as: "trial" },
);
get(
  "workload premium key one lab's aggregate",
  `${W}?startDate=2026-11-01&endDate=2026-11-22&lab=openai&family=all`,
  { as: "premium" },
);
get(
  "workload full key a reference class, every week's cells",
  `${W}?startDate=2026-11-15&endDate=2026-11-22&lab=anthropic&family=sonnet&cells=all`,
  { as: "full" },
);
get("workload full key no cells", `${W}?startDate=2026-11-22&endDate=2026-11-22&cells=none`, {
  as: "full",
});
const workloadBad: [string, string][] = [
  ["unknown lab", "?lab=acme"],
  ["bad family", "?family=Claude%20Sonnet"],
  ["bad date", "?startDate=2026-02-30"],
  ["reversed range", "?startDate=2026-11-20&endDate=2026-11-14"],
  ["unknown parameter", "?week=2026-11-15"],
  ["bad cells", "?cells=every"],
];
for (const [label, query] of workloadBad)
  get(`workload 400: ${label}`, `${W}${query}`, { as: "full" });
get("workload methodology", `${W}/methodology`);
wrongMethods(W, ["POST"]);

/** Every request of the contract snapshot, in replay order (state-changing ones included). */
export const CONTRACT_REQUESTS: readonly ContractRequest[] = requests;
