import { describe, expect, it } from "vitest";
import { curl, EVENT_STREAM } from "./curl-example";

const API = "https://api.example.com";
const JSON_ANSWER = "application/json";

describe("curl examples of /docs", () => {
  it("a keyless GET is one line; a key adds its header on the next", () => {
    const get = { method: "GET", pathAndQuery: "/api/otpi", withKey: false };
    expect(curl(API, get, JSON_ANSWER)).toBe(`curl -s "${API}/api/otpi"`);
    expect(curl(API, { ...get, withKey: true }, JSON_ANSWER)).toBe(
      `curl -s "${API}/api/otpi" \\\n  -H "Authorization: Bearer $TPI_API_KEY"`,
    );
  });

  it("a POST with a JSON body sends it with its type and no redundant -X; without a body, -X POST", () => {
    const post = { method: "POST", pathAndQuery: "/api/v1/webhooks/w1/test", withKey: true };
    const withBody = curl(API, { ...post, body: "{}" }, JSON_ANSWER);
    expect(withBody).toBe(
      [
        `curl -s "${API}/api/v1/webhooks/w1/test"`,
        `-H "Authorization: Bearer $TPI_API_KEY"`,
        `-H "Content-Type: application/json"`,
        `-d '{}'`,
      ].join(" \\\n  "),
    );
    expect(curl(API, post, JSON_ANSWER)).toMatch(/^curl -s -X POST "/);
  });

  it("quotes a body holding a single quote for the shell", () => {
    const body = JSON.stringify({ name: "Ann's bot" });
    expect(
      curl(API, { method: "POST", pathAndQuery: "/k", withKey: false, body }, JSON_ANSWER),
    ).toContain(`-d '{"name":"Ann'\\''s bot"}'`);
  });

  it("a live stream asks for Server-Sent Events and prints each as it arrives", () => {
    const stream = { method: "GET", pathAndQuery: "/api/v1/events/stream", withKey: true };
    expect(curl(API, stream, EVENT_STREAM)).toBe(
      [
        `curl -sN "${API}/api/v1/events/stream"`,
        `-H "Accept: text/event-stream"`,
        `-H "Authorization: Bearer $TPI_API_KEY"`,
      ].join(" \\\n  "),
    );
  });
});
