import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKETS } from "../../markets";
import { routesOf } from "../routes";

const ROUTES = routesOf(MARKETS);
import { queryShape, unstorableTextMessage } from "./input";
import { startTestApi, type TestApi } from "../../testing/test-api";

/**
 * Text PostgreSQL cannot store (U+0000, lone UTF-16 surrogates) is a 400 with the shared
 * message wherever a request carries text, never a 500 from the database.
 */
const NOW = new Date("2026-03-31T12:00:00.000Z");

/** JSON string literals as a client sends them (JSON.stringify would not keep a lone surrogate escaped). */
const UNSTORABLE_JSON_STRINGS = ['"a\\u0000b"', '"a\\ud800b"', '"\\udc00"', '"x\\ud83d"'];
/** Percent-encoded forms: NUL, and the CESU-8 bytes of U+D800 (Node decodes them to U+FFFD). */
const UNSTORABLE_URL_TEXT = ["a%00b", "a%ED%A0%80b"];

let api: TestApi;
let auth: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  auth = { authorization: `Bearer ${(await api.createKey("full")).key}` };
});
afterAll(async () => api.close());

function postRaw(path: string, body: string) {
  return api.request(path, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body,
  });
}

describe("text PostgreSQL cannot store", () => {
  it("POST /api/create-api-key refuses it in 'name' with a 400 naming the field", async () => {
    for (const name of UNSTORABLE_JSON_STRINGS) {
      const res = await postRaw("/api/create-api-key", `{"name":${name}}`);
      expect(res.status, name).toBe(400);
      expect(res.body).toEqual({ error: "Bad request", message: unstorableTextMessage("name") });
    }
  });

  it("still stores names with paired surrogates and other Unicode", async () => {
    const res = await postRaw("/api/create-api-key", '{"name":"bot \\ud83d\\ude00 é 名"}');
    expect(res.status).toBe(201);
    expect((res.body as { name: string }).name).toBe("bot \u{1F600} é 名");
  });

  it("POST /api/chat refuses it in 'message' and in history turns", async () => {
    for (const text of UNSTORABLE_JSON_STRINGS) {
      const message = await postRaw("/api/chat", `{"message":${text}}`);
      expect(message.status, text).toBe(400);
      expect(message.body).toEqual({
        error: "Bad request",
        message: unstorableTextMessage("message"),
      });
      const history = await postRaw(
        "/api/chat",
        `{"message":"hi","history":[{"role":"user","content":${text}}]}`,
      );
      expect(history.status, text).toBe(400);
      expect(history.body).toEqual({
        error: "Bad request",
        message: unstorableTextMessage("history.content"),
      });
    }
  });

  it("every GET route answers it in a path or query parameter with a JSON 4xx", async () => {
    // A live stream's parameters that are well-formed text (a series key nobody publishes yet)
    // open the stream rather than answer; its refusals are tested with the stream itself.
    const answering = (route: (typeof ROUTES)[number]) =>
      route.method === "get" && route.responses[200]?.mediaType !== "text/event-stream";
    for (const route of ROUTES.filter(answering)) {
      const names = route.query ? Object.keys(queryShape(route.query)) : [];
      for (const text of UNSTORABLE_URL_TEXT) {
        const paths = route.params ? [route.path.replace(/\{\w+\}/g, text)] : [];
        const validPath = route.path.replace(/\{\w+\}/g, "H100%20SXM");
        for (const name of names) paths.push(`${validPath}?${name}=${text}`);
        for (const path of paths) {
          const res = await api.get(path, auth);
          expect(res.status, path).toBeGreaterThanOrEqual(400);
          expect(res.status, path).toBeLessThan(500);
          expect(Object.keys(res.body as object).sort(), path).toEqual(["error", "message"]);
        }
      }
    }
  });
});
