import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { AnyTRPCRouter } from "@trpc/server";
import { createHTTPServer } from "@trpc/server/adapters/standalone";
import { afterEach, describe, expect, it, vi } from "vitest";
import { downloadRequest } from "../testing/market-page-tests";
import { routerWithGpu } from "./gpu/test-routers";
import { gpuSignedIn } from "./gpu/test-routers";
import { coding } from "./llm-coding/test-routers";
import { memory } from "./memory/test-routers";
import { neocloud } from "./neocloud/test-routers";
import { tokenSignedIn } from "./token/signed-in-test-routers";
import { routerWithOpenRouterData } from "./token/test-routers";
import { routerWithVolume } from "./token/volume-test-routers";
import { workload } from "./workload/test-routers";

// The per-request routes read the request's session cookie through next/headers.
vi.mock("next/headers", async () => (await import("../testing/request-cookies")).nextHeaders);

/**
 * Every CSV the website writes, against an api whose every text field a CSV carries (citations,
 * licences, sources, names, notes) starts with what a spreadsheet runs as a formula (`=`, `+`,
 * `-`, `@`, tab, CR; OWASP's list): no cell of any route's file may start with one, unless it
 * is a number. The routes are read from app/ (every `*.csv/route.ts`), so a new CSV route fails
 * here until it has a case.
 */

const ROUTES = import.meta.glob<{ GET: CsvHandler }>("../../app/**/*.csv/route.ts");
type CsvHandler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;
const routeOf = (file: string) => file.replace("../../app/", "").replace("/route.ts", "");

/** The api's text fields a CSV carries (by their names in its answers). */
const TEXT_FIELDS = new Set([
  "citation",
  "licence",
  "notice",
  "source",
  "sources",
  "name",
  "company",
  "siteName",
  "streetAddress",
  "city",
  "state",
  "country",
  "coloPartner",
  "keyCustomer",
  "sourceNotes",
  "chipGeneration",
  "gpuTypes",
  "provider",
  "appName",
  "model",
]);
const FORMULA_STARTS = ["=", "+", "-", "@", "\t", "\r"];
/** The same text always gets the same start, so that fields naming each other still match. */
function hostile(text: string): string {
  let sum = 0;
  for (const char of text) sum += char.codePointAt(0) ?? 0;
  return `${FORMULA_STARTS[sum % FORMULA_STARTS.length] ?? "="}${text}`;
}
function spoiled(value: unknown, key = ""): unknown {
  if (typeof value === "string") return TEXT_FIELDS.has(key) ? hostile(value) : value;
  if (Array.isArray(value)) return value.map((item) => spoiled(item, key));
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([name, v]) => [name, spoiled(v, name)]));
  return value;
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * Serves `router` as the api, each answer's text fields spoiled on its way to the website: the
 * router over HTTP, and in front of it the address the website is pointed at.
 */
async function serveHostileApi(router: AnyTRPCRouter): Promise<() => void> {
  const api = createHTTPServer({ router, basePath: "/trpc/" });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  const apiPort = (api.address() as AddressInfo).port;
  const front = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          ([name, value]) =>
            typeof value === "string" && name !== "host" && name !== "content-length",
        ),
      ) as Record<string, string>;
      const answer = await fetch(`http://127.0.0.1:${apiPort}${request.url ?? "/"}`, {
        method: request.method,
        headers,
        ...(request.method === "GET" || request.method === "HEAD" ? {} : { body }),
      });
      const text = await answer.text();
      let out = text;
      try {
        out = JSON.stringify(spoiled(JSON.parse(text)));
      } catch {
        // Not JSON: passed on as it is.
      }
      response.writeHead(answer.status, {
        "content-type": answer.headers.get("content-type") ?? "application/json",
      });
      response.end(out);
    })();
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("TPI_API_URL", `http://127.0.0.1:${(front.address() as AddressInfo).port}`);
  return () => {
    front.close();
    api.close();
    vi.unstubAllEnvs();
  };
}

/** One download of a route: the api it reads, the reader's session, the address and its params. */
type CsvCase = {
  router: AnyTRPCRouter;
  session?: string;
  path: string;
  params?: Record<string, string>;
};

/** Every CSV route's downloads: a reader whose plan reads the most text, and a visitor where the route serves one. */
const CASES: Record<string, readonly CsvCase[]> = {
  "gpus/[gpu]/constituents.csv": [
    {
      router: routerWithGpu,
      path: "/gpus/H100%20SXM/constituents.csv",
      params: { gpu: "H100%20SXM" },
    },
  ],
  "gpus/[gpu]/daily.csv": [
    { router: routerWithGpu, path: "/gpus/H100%20SXM/daily.csv", params: { gpu: "H100%20SXM" } },
    {
      router: gpuSignedIn.router,
      session: gpuSignedIn.sessions.full,
      path: "/gpus/H100%20SXM/daily.csv",
      params: { gpu: "H100%20SXM" },
    },
  ],
  "labs/[lab]/history.csv": [
    {
      router: routerWithOpenRouterData,
      path: "/labs/anthropic/history.csv",
      params: { lab: "anthropic" },
    },
    {
      router: tokenSignedIn.router,
      session: tokenSignedIn.sessions.full,
      path: "/labs/minimax/history.csv",
      params: { lab: "minimax" },
    },
  ],
  "llm-coding/[product]/history.csv": [
    {
      router: coding.router,
      session: coding.sessions.full,
      path: "/llm-coding/cc-prs/history.csv",
      params: { product: "cc-prs" },
    },
  ],
  "memory/[id]/history.csv": [
    {
      router: memory.router,
      session: memory.sessions.trial,
      path: "/memory/mem_ddr5_16gb/history.csv",
      params: { id: "mem_ddr5_16gb" },
    },
  ],
  "neocloud/sites.csv": [
    {
      router: neocloud.router,
      session: neocloud.sessions.full,
      path: "/neocloud/sites.csv?scope=all",
    },
  ],
  "volume/history.csv": [{ router: routerWithVolume, path: "/volume/history.csv" }],
  "workload/history.csv": [
    { router: workload.router, session: workload.sessions.full, path: "/workload/history.csv" },
  ],
};

/** The cells of a CSV file (RFC 4180: quoted fields may hold commas, quotes and line ends). */
function csvCells(text: string): string[] {
  const cells: string[] = [];
  let at = 0;
  while (at < text.length) {
    let cell = "";
    if (text[at] === '"') {
      at += 1;
      while (at < text.length) {
        if (text[at] === '"' && text[at + 1] === '"') {
          cell += '"';
          at += 2;
        } else if (text[at] === '"') {
          at += 1;
          break;
        } else cell += text[at++];
      }
    } else {
      while (at < text.length && text[at] !== "," && text[at] !== "\r" && text[at] !== "\n")
        cell += text[at++];
    }
    cells.push(cell);
    if (text[at] === ",") at += 1;
    else if (text.startsWith("\r\n", at)) at += 2;
    else if (text[at] === "\n") at += 1;
  }
  return cells;
}

/** What a spreadsheet would run: a cell starting with a formula character that is not a number. */
const runsAsFormula = (cell: string) =>
  /^[=+\-@\t\r]/.test(cell) && !/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(cell);

let close: (() => void) | undefined;
afterEach(() => close?.());

describe("every CSV the website writes", () => {
  it("has a case for each CSV route in app/", () => {
    expect(Object.keys(ROUTES).map(routeOf).sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(
    Object.entries(CASES).flatMap(([route, cases]) =>
      cases.map(
        (one) =>
          [
            `${route} (${one.session === undefined ? "visitor" : "signed in"})`,
            route,
            one,
          ] as const,
      ),
    ),
  )("%s neutralises every text cell a spreadsheet would run", async (_name, route, one) => {
    const file = Object.keys(ROUTES).find((path) => routeOf(path) === route) ?? "";
    const { GET } = await (ROUTES[file] as () => Promise<{ GET: CsvHandler }>)();
    close = await serveHostileApi(one.router);
    const response = await GET(downloadRequest(one.path, one.session), {
      params: Promise.resolve(one.params ?? {}),
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    const cells = csvCells(text);
    expect(cells.filter(runsAsFormula)).toEqual([]);
    // The api's hostile text reached the file, kept as text behind its `'`.
    expect(cells.some((cell) => /^'[=+\-@\t\r]/.test(cell))).toBe(true);
  });
});
