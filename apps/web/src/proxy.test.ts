import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { config, proxy } from "../proxy";

const at = async (path: string) => proxy(new NextRequest(`http://localhost${path}`));

/** An api stand-in whose `/health` answers `healthStatus` (the proxy asks it before pages). */
async function apiStandIn(healthStatus: number): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    res.statusCode = req.url === "/health" ? healthStatus : 404;
    res.setHeader("content-type", "application/json");
    res.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let healthyApi: { url: string; server: Server };
let databaseLessApi: { url: string; server: Server };
/** An address nothing listens on: the api is down. */
let downApiUrl: string;
beforeAll(async () => {
  healthyApi = await apiStandIn(200);
  databaseLessApi = await apiStandIn(503);
  const closed = await apiStandIn(200);
  downApiUrl = closed.url;
  await new Promise((resolve) => closed.server.close(resolve));
});
afterAll(() => {
  healthyApi.server.close();
  databaseLessApi.server.close();
  delete process.env.TPI_API_URL;
});
beforeEach(() => {
  process.env.TPI_API_URL = healthyApi.url;
});

describe("proxy: other spellings of a lab", () => {
  it("redirects another case, a label or an alias with a 308 to the identifier's path", async () => {
    for (const [path, target] of [
      ["/labs/Anthropic", "/labs/anthropic"],
      ["/labs/Mistral%20AI", "/labs/mistralai"],
      ["/labs/mistral", "/labs/mistralai"],
      ["/labs/OpenAI/history.csv", "/labs/openai/history.csv"],
    ] as const) {
      const response = await at(path);
      expect(response?.status, path).toBe(308);
      expect(response?.headers.get("location"), path).toBe(`http://localhost${target}`);
    }
  });

  it("keeps the query string", async () => {
    expect((await at("/labs/Anthropic?x=1")).headers.get("location")).toBe(
      "http://localhost/labs/anthropic?x=1",
    );
  });

  it("passes identifiers through (no loop) and marks unknown names as missing (404)", async () => {
    for (const path of ["/labs/anthropic", "/labs/anthropic/history.csv"]) {
      const response = await at(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("x-middleware-next"), path).toBe("1");
      expect(response.headers.get("location"), path).toBeNull();
    }
    expect((await at("/labs/not-a-lab")).status).toBe(404);
  });
});

describe("proxy: unknown addresses", () => {
  it("marks an unknown lab, GPU or section with status 404 and the header next.config rewrites on", async () => {
    for (const path of ["/labs/unknown", "/gpus/H300", "/no/such/page"]) {
      const response = await at(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("x-middleware-request-x-tpi-not-found"), path).toBe("1");
    }
  });

  it("passes known pages through, and strips the mark when a client sends it", async () => {
    const request = new NextRequest("http://localhost/docs", {
      headers: { "x-tpi-not-found": "1" },
    });
    const response = await proxy(request);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-middleware-request-x-tpi-not-found")).toBeNull();
  });

  it("runs on every path but Next's own assets", () => {
    expect(config.matcher).toEqual(["/((?!_next/).*)"]);
  });
});

describe("proxy: account pages", () => {
  it("knows the account pages and form handlers; anything else under /account is a 404", async () => {
    for (const path of ["/account", "/account/sign-in", "/account/admin", "/account/do/sign-in"]) {
      const response = await at(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
    for (const path of ["/account/nope", "/account/do/x/y", "/account/do/"])
      expect((await at(path)).status, path).toBe(404);
  });

  it("never passes a client's own form-token header on, and clears the one-time flash cookie", async () => {
    const response = await proxy(
      new NextRequest("http://localhost/account", {
        headers: { "x-tpi-form-token": "forged", cookie: "tpi_flash=abc" },
      }),
    );
    expect(response.headers.get("x-middleware-request-x-tpi-form-token")).toBeNull();
    expect(response.headers.get("set-cookie")).toMatch(/tpi_flash=;.*Max-Age=0/i);
    expect(response.headers.get("x-middleware-request-x-tpi-flash")).toBe("abc");
    const forged = await proxy(
      new NextRequest("http://localhost/account", { headers: { "x-tpi-flash": "forged" } }),
    );
    expect(forged.headers.get("x-middleware-request-x-tpi-flash")).toBeNull();
  });
});

describe("proxy: an api that does not answer", () => {
  it("without the api's database, renders what the api serves from memory, 503 for the rest", async () => {
    process.env.TPI_API_URL = databaseLessApi.url;
    for (const path of ["/", "/gpus/H100%20SXM", "/labs"])
      expect((await at(path)).status, path).toBe(200);
    for (const path of ["/labs/anthropic", "/account/sign-in"]) {
      const response = await at(path);
      expect(response.status, path).toBe(503);
      expect(response.headers.get("retry-after"), path).toBe("10");
    }
  });

  it("answers pages with the 503 mark and Retry-After, downloads with a JSON 503, posts with a way back", async () => {
    process.env.TPI_API_URL = downApiUrl;
    for (const path of ["/", "/labs/anthropic", "/account/sign-in"]) {
      const response = await at(path);
      expect(response.status, path).toBe(503);
      expect(response.headers.get("x-middleware-request-x-tpi-api-unavailable"), path).toBe("1");
      expect(response.headers.get("retry-after"), path).toBe("10");
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
    const csv = await at("/labs/anthropic/history.csv");
    expect(csv.status).toBe(503);
    expect(await csv.json()).toMatchObject({ error: "Service unavailable" });
    const post = await proxy(
      new NextRequest("http://localhost/account/do/sign-in", { method: "POST" }),
    );
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe("/account");
  });

  it("still answers /status and the files that need no api, and still marks unknown addresses", async () => {
    process.env.TPI_API_URL = downApiUrl;
    for (const path of ["/status", "/robots.txt", "/sitemap.xml"])
      expect((await at(path)).status, path).toBe(200);
    expect((await at("/no/such/page")).status).toBe(404);
  });

  it("never takes the mark from a client", async () => {
    const response = await proxy(
      new NextRequest("http://localhost/docs", { headers: { "x-tpi-api-unavailable": "1" } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("x-middleware-request-x-tpi-api-unavailable")).toBeNull();
  });
});

describe("proxy: the consent page's own CSP", () => {
  /** An api stand-in that knows one pending request, whose client is at `redirectUri`. */
  async function consentApi(redirectUri: string): Promise<{ url: string; server: Server }> {
    const server = createServer((req, res) => {
      res.setHeader("content-type", "application/json");
      const url = new URL(req.url ?? "/", "http://api");
      if (url.pathname === "/health") return res.end("{}");
      const input = JSON.parse(url.searchParams.get("input") ?? "{}") as { requestId?: string };
      if (url.pathname === "/trpc/account.connections.request" && input.requestId === "live") {
        res.end(JSON.stringify({ result: { data: { redirectUri } } }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { data: { code: "NOT_FOUND", httpStatus: 404 } } }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  }

  const signedIn = { cookie: "__Host-tpi_session=s1" };
  const formAction = (response: Response) =>
    /form-action ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

  it("lets the forms go on to the pending request's client address, and only there", async () => {
    for (const [redirectUri, expected] of [
      ["http://127.0.0.1:53682/callback", "'self' http://127.0.0.1:53682"],
      ["https://agent.example.com/oauth/callback", "'self' https://agent.example.com"],
      ["cursor://anysphere.cursor-retrieval/oauth/callback", "'self'"],
      ["javascript:alert(1)", "'self'"],
    ] as const) {
      const api = await consentApi(redirectUri);
      process.env.TPI_API_URL = api.url;
      const response = await proxy(
        new NextRequest("http://localhost/account/authorize?request=live", { headers: signedIn }),
      );
      api.server.close();
      expect(response.status, redirectUri).toBe(200);
      expect(formAction(response), redirectUri).toBe(expected);
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });

  it("answers an unknown or expired request 404, and a page without session or api keeps form-action 'self'", async () => {
    const api = await consentApi("http://127.0.0.1:1/cb");
    process.env.TPI_API_URL = api.url;
    const gone = await proxy(
      new NextRequest("http://localhost/account/authorize?request=expired", { headers: signedIn }),
    );
    expect(gone.status).toBe(404);
    expect(formAction(gone)).toBe("'self'");
    const signedOut = await at("/account/authorize?request=live");
    expect(signedOut.status).toBe(200);
    expect(formAction(signedOut)).toBe("'self'");
    api.server.close();
    // Other account pages get the CSP from next.config alone, not from here.
    expect((await at("/account")).headers.get("content-security-policy")).toBeNull();
  });
});
