import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { GpuTradeInput } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKETS } from "../../markets";
import { observation, startTestApi, type TestApi } from "../../testing/test-api";
import { routesOf } from "../routes";

/**
 * A fuzzer driven by the served document (GET /openapi.json). For every operation it builds
 * requests from the operation's own parameter and body schemas, valid values and edge cases
 * (empty, blank, wrong format, long, unicode, NUL, repeated and unknown parameters, bodies with a
 * field missing, of another type or one too many), and sends them keyless and with keys of each
 * kind (full, premium, trial, unknown, malformed). Of every answer it requires: no 5xx, a status
 * the operation documents, the documented media type, a body that validates against the schema
 * documented for that status; and of every request the document calls invalid, a refusal (4xx).
 *
 * Two runs: `RUNS` random requests (fast-check, seed `SEED`: a failure replays; FUZZ_SEED and
 * FUZZ_RUNS explore further), and a sweep that starts from a valid request of each operation and
 * breaks one thing at a time, where a refusal of a request the document calls valid must come
 * from a rule the document states in words only (`PROSE_RULES`).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
// Enough draws that every operation of the document is drawn at least once with the seed.
const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const NOW = new Date("2026-03-10T12:30:00.000Z");

type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
};
type Parameter = {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  style?: string;
  explode?: boolean;
  schema: Schema;
};
type Operation = {
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

let api: TestApi;
let doc: Document;
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormatsModule as unknown as (a: Ajv2020) => void)(ajv);
const authorizations: Record<string, string | undefined> = {};

beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  // Values to answer with: two token days, three and a half days of hourly GPU trades.
  await api.load([
    observation({ date: "2026-03-07", modelId: "anthropic/claude-a" }),
    observation({ date: "2026-03-08", modelId: "openai/gpt-a" }),
    observation({ date: "2026-03-08", modelId: "qwen/qwen-a" }),
  ]);
  const trades: GpuTradeInput[] = [];
  for (let hour = Date.parse("2026-03-07T00:00:00Z"); hour < NOW.getTime() - 3_600_000; ) {
    for (const gpuName of ["H100 SXM", "RTX PRO 6000 WS"] as const)
      trades.push({
        tradeId: `t${trades.length}`,
        gpuName,
        executedAt: new Date(hour + 60_000),
        priceUsdPerGpuHour: 2 + (trades.length % 7) * 0.01,
        gpuHours: 8,
        provider: "p",
        source: "test",
      });
    hour += 3_600_000;
  }
  await api.loadGpuTrades(trades);
  authorizations.none = undefined;
  authorizations.full = `Bearer ${(await api.createKey("full")).key}`;
  authorizations.premium = `Bearer ${(await api.createKey("premium")).key}`;
  authorizations.trial = `Bearer ${
    (await api.createKey("trial", { trialEndsAt: new Date(NOW.getTime() + 86_400_000) })).key
  }`;
  authorizations.unknown = `Bearer tpi_sk_${"0".repeat(40)}`;
  authorizations.malformed = "Bearer not-a-key";

  const served = await api.get("/openapi.json");
  expect(served.status).toBe(200);
  doc = served.body as Document;
  ajv.addSchema({ ...doc, $id: "openapi" });
});
afterAll(async () => api?.close());

const pointer = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const id = schema.$ref.replace("#/components/schemas/", "");
  return resolve(doc.components.schemas[id] as Schema);
}

// ---- values ----

/** Values that break one rule or another: empty, white space, wrong formats, long, unicode, injection. */
const EDGE_TEXT = [
  "",
  " ",
  "0",
  "-1",
  "1.5",
  "1e3",
  "null",
  "true",
  "[]",
  "{}",
  "2026-02-30",
  "2026-13-01",
  "0000-01-01",
  "2026-3-7",
  "07-03-2026",
  "2026-03-07T25:00",
  "2026-03-07T10:00:00+24:00",
  "2026-03-07 10:00:00",
  "2026-03-07T10:00:00.123456789Z",
  " 2026-03-08 ",
  "H100",
  "h100 sxm",
  "H100 SXM ",
  "anthropic",
  "Anthropic",
  "hourly",
  "weekly",
  "日本語",
  "😀",
  "e\u0301",
  "\u0000",
  "\u200b",
  "a\nb",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "%",
  "%E0%A4%A",
];
const edgeText = fc.oneof(
  fc.constantFrom(...EDGE_TEXT),
  fc.string({ maxLength: 24 }),
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.string({ minLength: 300, maxLength: 1_200 }),
);

/** Days and instants around the test's clock, where the published values are. */
const NEAR = [
  "2026-03-01",
  "2026-03-07",
  "2026-03-08",
  "2026-03-09",
  "2026-03-10",
  "2026-03-08 20:00:00",
  "2026-03-09T10:00:00Z",
  "2026-03-09T06:00:00-04:00",
];

/** A value valid by `schema` (the document's word for what the server accepts). */
function validValue(schema: Schema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const near = NEAR.filter((v) => pattern.test(v));
    return near.length > 0
      ? fc.oneof(fc.constantFrom(...near), fc.stringMatching(pattern))
      : fc.stringMatching(pattern);
  }
  if (schema.type === "integer")
    return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000 }).map(String);
  return fc.string({
    minLength: schema.minLength ?? 0,
    maxLength: Math.min(schema.maxLength ?? 40, 40),
  });
}

const value = (schema: Schema) =>
  fc.oneof({ arbitrary: validValue(schema), weight: 3 }, { arbitrary: edgeText, weight: 2 });

/** Query pairs of one parameter: absent, once, or (rarely) repeated; an object parameter's own pairs. */
function queryPairs(parameter: Parameter): fc.Arbitrary<[string, string][]> {
  const schema = parameter.schema;
  if (isObjectParameter(parameter)) {
    const properties = Object.entries(schema.properties ?? {});
    return fc
      .tuple(...properties.map(([name, s]) => queryPairs({ ...parameter, name, schema: s })))
      .map((lists) => lists.flat());
  }
  const one = value(schema).map((v): [string, string][] => [[parameter.name, v]]);
  return fc.oneof(
    { arbitrary: one, weight: 6 },
    { arbitrary: fc.constant<[string, string][]>([]), weight: parameter.required ? 1 : 4 },
    {
      arbitrary: fc.tuple(value(schema), value(schema)).map(([a, b]): [string, string][] => [
        [parameter.name, a],
        [parameter.name, b],
      ]),
      weight: 1,
    },
  );
}

/** Parameters no operation documents, and spellings the query parser might trip on. */
const unknownPair = fc.tuple(
  fc.oneof(
    fc.constantFrom("x", "lab[]", "date[a]", "__proto__", "constructor", "gpuType", "limit", ""),
    fc.string({ maxLength: 10 }),
  ),
  edgeText,
);

/** A JSON value valid by a body schema (the subset the document's bodies use). */
function validJson(schema: Schema): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.type === "object") {
    const entries = Object.entries(s.properties ?? {});
    return fc.record(Object.fromEntries(entries.map(([name, field]) => [name, validJson(field)])), {
      requiredKeys: s.required ?? [],
    });
  }
  if (s.type === "array")
    return fc.array(s.items ? validJson(s.items) : fc.jsonValue({ maxDepth: 1 }), {
      maxLength: Math.min(s.maxItems ?? 3, 3),
    });
  if (s.type === "string") return validValue(s);
  if (s.type === "integer") return fc.integer({ min: s.minimum, max: s.maximum });
  if (s.type === "number") return fc.double({ noNaN: true, noDefaultInfinity: true });
  if (s.type === "boolean") return fc.boolean();
  return fc.jsonValue({ maxDepth: 2 });
}

/** The objects and the leaves of a JSON value, depth first, to break one of them. */
function partsOf(
  value: unknown,
  objects: Record<string, unknown>[] = [],
  leaves: [object, string][] = [],
) {
  if (Array.isArray(value)) value.forEach((item, i) => visit(value, String(i), item));
  else if (value !== null && typeof value === "object") {
    objects.push(value as Record<string, unknown>);
    for (const [key, item] of Object.entries(value)) visit(value, key, item);
  }
  function visit(parent: object, key: string, item: unknown) {
    if (item !== null && typeof item === "object") partsOf(item, objects, leaves);
    else leaves.push([parent, key]);
  }
  return { objects, leaves };
}

/**
 * A body: valid by the schema, or valid but for one thing: an extra field in one of its objects,
 * a required field missing, one value replaced by an edge value or another type, or any JSON.
 */
function bodyText(schema: Schema): fc.Arbitrary<string> {
  const valid = validJson(schema);
  const broken = fc
    .tuple(
      valid,
      fc.constantFrom("extra", "missing", "value"),
      fc.nat(),
      fc.oneof(
        edgeText,
        fc.integer(),
        fc.constant(null),
        fc.boolean(),
        fc.jsonValue({ maxDepth: 1 }),
      ),
    )
    .map(([body, how, at, replacement]) => {
      const copy = structuredClone(body);
      const { objects, leaves } = partsOf(copy);
      if (how === "extra" && objects.length > 0)
        (objects[at % objects.length] as Record<string, unknown>).extra = replacement;
      else if (how === "missing" && objects.length > 0) {
        const object = objects[at % objects.length] as Record<string, unknown>;
        const keys = Object.keys(object);
        if (keys.length > 0) delete object[keys[at % keys.length] as string];
      } else if (leaves.length > 0) {
        const [parent, key] = leaves[at % leaves.length] as [Record<string, unknown>, string];
        parent[key] = replacement;
      } else return replacement;
      return copy;
    });
  return fc
    .oneof(
      { arbitrary: valid, weight: 3 },
      { arbitrary: broken, weight: 4 },
      { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
    )
    .map((v) => JSON.stringify(v) ?? "null");
}

// ---- requests ----

type Case = {
  label: string;
  template: string;
  method: string;
  url: string;
  init: RequestInit;
  /** What was sent, to judge the request by the document. */
  pathValues: [string, string][];
  pairs: [string, string][];
  body: string | undefined;
};

/** One request to one operation, its parameters and body built from the operation's schemas. */
function requestOf(template: string, method: string, op: Operation): fc.Arbitrary<Case> {
  const parameters = op.parameters ?? [];
  const path = fc.tuple(
    ...parameters
      .filter((p) => p.in === "path")
      .map((p) =>
        fc
          .oneof({ arbitrary: validValue(p.schema), weight: 4 }, { arbitrary: edgeText, weight: 1 })
          .map((v): [string, string] => [p.name, v]),
      ),
  );
  const query = fc
    .tuple(
      fc.tuple(...parameters.filter((p) => p.in === "query").map(queryPairs)),
      fc.array(unknownPair, { maxLength: 1 }),
    )
    .chain(([known, unknown]) =>
      fc.shuffledSubarray([...known.flat(), ...unknown], {
        minLength: known.flat().length + unknown.length,
      }),
    );
  const ifNoneMatch = parameters.some((p) => p.in === "header" && p.name === "If-None-Match")
    ? fc.option(fc.constantFrom("*", '"nope"', 'W/"x"', ""), { nil: undefined })
    : fc.constant(undefined);
  const bodySchema = op.requestBody?.content["application/json"]?.schema;
  const body = bodySchema
    ? fc.oneof(
        { arbitrary: bodyText(bodySchema), weight: 8 },
        { arbitrary: fc.constantFrom("{", "", "null", '"text"', "[]"), weight: 1 },
      )
    : fc.constant(undefined);
  return fc
    .record({
      pathValues: path,
      pairs: query,
      etag: ifNoneMatch,
      body,
      who: fc.constantFrom(...Object.keys(authorizations)),
    })
    .map((parts) => caseOf(template, method, parts));
}

type Parts = {
  pathValues: [string, string][];
  pairs: [string, string][];
  etag?: string | undefined;
  body: string | undefined;
  who: string;
};

function caseOf(template: string, method: string, parts: Parts): Case {
  const { pathValues, pairs, etag, body, who } = parts;
  let url = template;
  for (const [name, v] of pathValues) url = url.replace(`{${name}}`, encodeURIComponent(v));
  const search = pairs
    .map(([name, v]) => {
      // A few edge values go out as written: malformed percent-encoding must be a 400.
      const raw = v === "%" || v === "%E0%A4%A";
      return `${encodeURIComponent(name)}=${raw ? v : encodeURIComponent(v)}`;
    })
    .join("&");
  const headers: Record<string, string> = {};
  const authorization = authorizations[who];
  if (authorization) headers.authorization = authorization;
  if (etag !== undefined) headers["if-none-match"] = etag;
  if (body !== undefined) headers["content-type"] = "application/json";
  const full = search ? `${url}?${search}` : url;
  return {
    label: `${method.toUpperCase()} ${full} (${who})${body === undefined ? "" : ` ${body.slice(0, 200)}`}`,
    template,
    method,
    url: full,
    init: { method: method.toUpperCase(), headers, ...(body === undefined ? {} : { body }) },
    pathValues,
    pairs,
    body,
  };
}

// ---- one edge at a time ----

/**
 * Whether a refusal of a request the document calls valid comes from a rule its route states in
 * words only (`rulesInProse`: JSON Schema cannot relate two parameters, nor trim a string before
 * measuring it).
 */
const ROUTES = routesOf(MARKETS);
function refusedByProse(c: Case): boolean {
  const route = ROUTES.find(
    (candidate) => candidate.path === c.template && candidate.method === c.method,
  );
  let body: unknown;
  try {
    body = c.body === undefined ? undefined : JSON.parse(c.body);
  } catch {
    body = undefined;
  }
  return (route?.rulesInProse ?? []).some((rule) => rule.mayRefuse({ query: c.pairs, body }));
}

/** A value the document calls valid, the same every time: the baseline of the sweep. */
function exampleValue(schema: Schema): string {
  if (schema.enum) return String(schema.enum[0]);
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return (
      NEAR.find((v) => pattern.test(v)) ??
      fc.sample(fc.stringMatching(pattern), { seed: SEED, numRuns: 1 })[0] ??
      ""
    );
  }
  if (schema.type === "integer") return String(schema.minimum ?? 1);
  return typeof schema.example === "string" ? schema.example : "x";
}

/** A JSON body valid by the schema with every optional field and one item in every array. */
function exampleJson(schema: Schema): unknown {
  const s = resolve(schema);
  if (s.type === "object")
    return Object.fromEntries(
      Object.entries(s.properties ?? {}).map(([name, field]) => [name, exampleJson(field)]),
    );
  if (s.type === "array") return s.items ? [exampleJson(s.items)] : [];
  if (s.type === "integer" || s.type === "number") return s.minimum ?? 1;
  if (s.type === "boolean") return true;
  return exampleValue(s);
}

/** Values that each break one rule of a parameter or a field. */
const SWEEP_VALUES = ["", " ", "x", "9".repeat(300), "日本語😀", "\u0000"];

/**
 * For each operation: a request valid by the document (its required parameters; every body field),
 * keyed and keyless, then, one at a time: each query parameter alone with its example value, empty,
 * blank, malformed, long, unicode, NUL or repeated, each required one absent, an unknown one; each
 * path parameter broken the same ways; each body field missing or of another type, an extra field
 * in each object of the body.
 */
function sweepOf(template: string, method: string, op: Operation): Case[] {
  const parameters = op.parameters ?? [];
  const pathValues = parameters
    .filter((p) => p.in === "path")
    .map((p): [string, string] => [p.name, exampleValue(p.schema)]);
  // Each query parameter by name, an object parameter's properties as its own.
  const query = parameters
    .filter((p) => p.in === "query")
    .flatMap((p) =>
      isObjectParameter(p)
        ? Object.entries(p.schema.properties ?? {}).map(([name, schema], i) => ({
            name,
            schema,
            required: p.required && i === 0,
          }))
        : [{ name: p.name, schema: p.schema, required: p.required }],
    );
  const pairs = query
    .filter((q) => q.required)
    .map((q): [string, string] => [q.name, exampleValue(q.schema)]);
  const bodySchema = op.requestBody?.content["application/json"]?.schema;
  const body = bodySchema ? exampleJson(bodySchema) : undefined;
  const base: Parts = {
    pathValues,
    pairs,
    body: body === undefined ? undefined : JSON.stringify(body),
    who: "full",
  };
  const variants: Parts[] = [
    base,
    { ...base, who: "none" },
    { ...base, pairs: [...pairs, ["zzz", "1"]] },
  ];
  pathValues.forEach(([name], i) => {
    for (const v of SWEEP_VALUES)
      variants.push({ ...base, pathValues: pathValues.map((p, j) => (i === j ? [name, v] : p)) });
  });
  for (const { name, schema, required } of query) {
    const others = pairs.filter(([n]) => n !== name);
    const example = exampleValue(schema);
    if (required) variants.push({ ...base, pairs: others });
    for (const v of [example, ...SWEEP_VALUES])
      variants.push({ ...base, pairs: [...others, [name, v]] });
    variants.push({ ...base, pairs: [...others, [name, example], [name, example]] });
  }
  if (body !== undefined) {
    const edit = (change: (parts: ReturnType<typeof partsOf>) => void) => {
      const copy = structuredClone(body);
      change(partsOf(copy));
      variants.push({ ...base, body: JSON.stringify(copy) });
    };
    const { objects, leaves } = partsOf(body);
    objects.forEach((object, at) => {
      edit((copy) => void ((copy.objects[at] as Record<string, unknown>).extra = 42));
      for (const key of Object.keys(object))
        edit((copy) => void delete (copy.objects[at] as Record<string, unknown>)[key]);
    });
    leaves.forEach((_leaf, at) => {
      for (const replacement of ["", " ", 42, null, "9".repeat(3_000)])
        edit((copy) => {
          const [parent, key] = copy.leaves[at] as [Record<string, unknown>, string];
          parent[key] = replacement;
        });
    });
  }
  return variants.map((parts) => caseOf(template, method, parts));
}

function allRequests(): fc.Arbitrary<Case> {
  const operations = Object.entries(doc.paths).flatMap(([template, item]) =>
    Object.entries(item).map(([method, op]) => requestOf(template, method, op)),
  );
  return fc.oneof(...operations);
}

// ---- answers ----

const validators = new Map<string, ReturnType<Ajv2020["compile"]>>();
function validatorOf(template: string, method: string, status: string) {
  const key = `${method} ${template} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({
      $ref: `openapi#/paths/${pointer(template)}/${method}/responses/${status}/content/application~1json/schema`,
    });
    validators.set(key, validate);
  }
  return validate;
}

const schemaValidators = new Map<string, ReturnType<Ajv2020["compile"]>>();
/** Validates against the schema at `at`, a JSON pointer into the served document. */
function conforms(at: string, value: unknown): boolean {
  let validate = schemaValidators.get(at);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi#${at}` });
    schemaValidators.set(at, validate);
  }
  return validate(value) === true;
}

/** A query value as the document types it: an integer parameter's digits are a number. */
const typed = (schema: Schema, raw: string): unknown =>
  schema.type === "integer" && /^-?\d+$/.test(raw) ? Number(raw) : raw;

const isObjectParameter = (p: Parameter) =>
  p.schema.type === "object" && p.style === "form" && p.explode === true;

/**
 * Why the document says the request is invalid, or undefined when it says it is valid. Unknown
 * query parameters are refused by every route (documented in prose), which OpenAPI cannot say:
 * such requests are not judged (null).
 */
function invalidByDocument(c: Case): string | undefined | null {
  const operation = `/paths/${pointer(c.template)}/${c.method}`;
  const op = doc.paths[c.template]?.[c.method] as Operation;
  const parameters = (op.parameters ?? []).map((p, i) => ({
    ...p,
    at: `${operation}/parameters/${i}/schema`,
  }));
  for (const [name, v] of c.pathValues) {
    const p = parameters.find((q) => q.in === "path" && q.name === name);
    if (!p || !conforms(p.at, typed(p.schema, v))) return `path ${name}`;
  }
  const queryParameters = parameters.filter((p) => p.in === "query");
  const known = new Set<string>();
  for (const p of queryParameters)
    if (isObjectParameter(p))
      for (const name of Object.keys(p.schema.properties ?? {})) known.add(name);
    else known.add(p.name);
  const seen = new Set<string>();
  for (const [name] of c.pairs) {
    if (!known.has(name)) return null;
    if (seen.has(name)) return `${name} repeated`;
    seen.add(name);
  }
  for (const p of queryParameters) {
    if (isObjectParameter(p)) {
      const properties = p.schema.properties ?? {};
      const object = Object.fromEntries(
        c.pairs
          .filter(([name]) => name in properties)
          .map(([name, v]) => [name, typed(properties[name] as Schema, v)]),
      );
      if (!conforms(p.at, object)) return `${p.name} ${JSON.stringify(object)}`;
      continue;
    }
    const pair = c.pairs.find(([name]) => name === p.name);
    if (!pair) {
      if (p.required) return `${p.name} missing`;
      continue;
    }
    if (!conforms(p.at, typed(p.schema, pair[1]))) return `${p.name}=${pair[1]}`;
  }
  if (op.requestBody) {
    let body: unknown;
    try {
      body = JSON.parse(c.body ?? "");
    } catch {
      return "body not JSON";
    }
    if (!conforms(`${operation}/requestBody/content/application~1json/schema`, body)) return "body";
  }
  return undefined;
}

/**
 * The answer's body as text; of an event stream (which never ends) only its first chunk, then
 * the stream is closed.
 */
async function answerText(res: Response): Promise<string> {
  if (!(res.headers.get("content-type") ?? "").startsWith("text/event-stream")) return res.text();
  const reader = res.body?.getReader();
  const first: unknown = (await reader?.read())?.value;
  await reader?.cancel();
  return first instanceof Uint8Array ? new TextDecoder().decode(first) : "";
}

/** What the document promises of one answer; the list of broken promises (empty when kept). */
function check(c: Case, res: Response, text: string): string[] {
  const status = String(res.status);
  const documented = doc.paths[c.template]?.[c.method]?.responses ?? {};
  if (res.status >= 500) return [`${status}: ${text.slice(0, 300)}`];
  const response = documented[status];
  if (!response) return [`${status} is not documented (${Object.keys(documented).join(", ")})`];
  if (res.status === 304) return text === "" ? [] : ["a 304 with a body"];
  const mediaType = Object.keys(response.content ?? {})[0];
  const contentType = res.headers.get("content-type") ?? "";
  if (!mediaType || !contentType.startsWith(mediaType))
    return [`${status} as ${contentType}, documented as ${mediaType ?? "no body"}`];
  if (mediaType !== "application/json") return [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [`${status} with a body that is not JSON: ${text.slice(0, 200)}`];
  }
  const validate = validatorOf(c.template, c.method, status);
  return validate(body)
    ? []
    : [
        `${status} body breaks its schema: ${ajv.errorsText(validate.errors)}; ${text.slice(0, 300)}`,
      ];
}

describe("requests generated from the served document", () => {
  it(`get documented answers only (seed ${SEED}, ${RUNS} requests)`, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(allRequests(), async (c) => {
        const res = await fetch(`${api.url}${c.url}`, c.init);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(check(c, res, await answerText(res)), c.label).toEqual([]);
        // A request the document calls invalid is refused (a 4xx), never answered.
        const invalid = invalidByDocument(c);
        if (invalid)
          expect(
            res.status,
            `${c.label}: invalid by the document (${invalid})`,
          ).toBeGreaterThanOrEqual(400);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    // The run reaches both sides of the document: answers and refusals.
    expect([...statuses.keys()]).toEqual(expect.arrayContaining([200, 400, 401]));
  });

  it("answer a valid request of every operation, and the same with one thing broken", async () => {
    const failures: string[] = [];
    const cases = Object.entries(doc.paths)
      .flatMap(([template, item]) =>
        Object.entries(item).map(([method, op]) => sweepOf(template, method, op)),
      )
      .flat();
    for (const c of cases) {
      const res = await fetch(`${api.url}${c.url}`, c.init);
      const text = await answerText(res);
      for (const problem of check(c, res, text)) failures.push(`${c.label}: ${problem}`);
      const invalid = invalidByDocument(c);
      if (invalid && res.status < 400)
        failures.push(`${c.label}: ${res.status}, invalid by the document (${invalid})`);
      // One change from a valid request, valid by the document: refused only by a rule in prose.
      if (invalid === undefined && res.status === 400 && !refusedByProse(c))
        failures.push(`${c.label}: 400 valid by the document: ${text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });

  it("every operation is reached by the generator", () => {
    const reached = new Set(
      fc
        .sample(allRequests(), { seed: SEED, numRuns: RUNS })
        .map((c) => `${c.method} ${c.template}`),
    );
    const operations = Object.entries(doc.paths).flatMap(([template, item]) =>
      Object.keys(item).map((method) => `${method} ${template}`),
    );
    expect(operations.filter((op) => !reached.has(op))).toEqual([]);
  });
});
