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

  it("passes identifiers and unknown names through (no loop; the page answers 404)", () => {
    expect(at("/labs/anthropic")).toBeUndefined();
    expect(at("/labs/anthropic/history.csv")).toBeUndefined();
    expect(at("/labs/not-a-lab")).toBeUndefined();
  });

  it("runs on lab paths only", () => {
    expect(config.matcher).toBe("/labs/:path+");
  });
});
