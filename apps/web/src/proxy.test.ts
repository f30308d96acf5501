import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { config, proxy } from "../proxy";

const at = (path: string) => proxy(new NextRequest(`http://localhost${path}`));

describe("proxy: other spellings of a lab", () => {
  it("redirects another case, a label or an alias with a 308 to the identifier's path", () => {
    for (const [path, target] of [
      ["/labs/Anthropic", "/labs/anthropic"],
      ["/labs/Mistral%20AI", "/labs/mistralai"],
      ["/labs/mistral", "/labs/mistralai"],
      ["/labs/OpenAI/history.csv", "/labs/openai/history.csv"],
    ] as const) {
      const response = at(path);
      expect(response?.status, path).toBe(308);
      expect(response?.headers.get("location"), path).toBe(`http://localhost${target}`);
    }
  });

  it("keeps the query string", () => {
    expect(at("/labs/Anthropic?x=1")?.headers.get("location")).toBe(
      "http://localhost/labs/anthropic?x=1",
    );
  });

  it("passes identifiers through (no loop) and marks unknown names as missing (404)", () => {
    for (const path of ["/labs/anthropic", "/labs/anthropic/history.csv"]) {
      const response = at(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("x-middleware-next"), path).toBe("1");
      expect(response.headers.get("location"), path).toBeNull();
    }
    expect(at("/labs/not-a-lab").status).toBe(404);
  });
});

describe("proxy: unknown addresses", () => {
  it("marks an unknown lab, GPU or section with status 404 and the header next.config rewrites on", () => {
    for (const path of ["/labs/unknown", "/gpus/H300", "/no/such/page"]) {
      const response = at(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("x-middleware-request-x-tpi-not-found"), path).toBe("1");
    }
  });

  it("passes known pages through, and strips the mark when a client sends it", () => {
    const request = new NextRequest("http://localhost/docs", {
      headers: { "x-tpi-not-found": "1" },
    });
    const response = proxy(request);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-middleware-request-x-tpi-not-found")).toBeNull();
  });

  it("runs on every path but Next's own assets", () => {
    expect(config.matcher).toEqual(["/((?!_next/).*)"]);
  });
});
