import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordResponse, runLoad, startBaselineServer, type BaselineKind } from "./index";

/** A JSON body, gzip-compressed when asked; every second request is answered 304. */
const BODY = JSON.stringify({ success: true, data: Array.from({ length: 50 }, (_, i) => i) });
let server: Server;
let url: string;
let served = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    served += 1;
    if (req.url === "/alternating" && served % 2 === 0) {
      res.writeHead(304).end();
      return;
    }
    const gzip = req.headers["accept-encoding"] === "gzip";
    res.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "public, max-age=60",
      "x-request-id": "recorded-id",
      ...(gzip ? { "content-encoding": "gzip" } : {}),
    });
    res.end(gzip ? gzipSync(BODY) : BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("runLoad", () => {
  it("counts every answer per status, from the load generator's own process", async () => {
    const figures = await runLoad(`${url}/alternating`, { connections: 2, seconds: 1 });
    expect(figures.errors).toBe(0);
    expect(figures.statusCounts["200"]).toBeGreaterThan(0);
    expect(figures.statusCounts["304"]).toBeGreaterThan(0);
    expect(figures.totalRequests).toBe(
      (figures.statusCounts["200"] ?? 0) + (figures.statusCounts["304"] ?? 0),
    );
    expect(figures.non2xx).toBe(figures.statusCounts["304"]);
    expect(figures.bytesPerResponse).toBeGreaterThan(0);
  });
});

describe("baseline servers", () => {
  it.each<BaselineKind>(["express", "node-http"])(
    "%s answers the recorded bytes as they came over the wire (compressed stays compressed)",
    async (kind) => {
      const recorded = await recordResponse(`${url}/body`, { "Accept-Encoding": "gzip" });
      expect(recorded.headers["content-encoding"]).toBe("gzip");
      // Every header but those the server writes itself (date, connection, length).
      expect(
        Object.keys(recorded.headers)
          .map((name) => name.toLowerCase())
          .sort(),
      ).toEqual(["cache-control", "content-encoding", "content-type", "x-request-id"]);
      expect(recorded.body.equals(gzipSync(BODY))).toBe(true);

      const baseline = await startBaselineServer(kind, [recorded]);
      try {
        const replayed = await recordResponse(baseline.urlOf(0));
        expect(replayed.status).toBe(200);
        expect(replayed.headers).toEqual(recorded.headers);
        expect(replayed.body.equals(recorded.body)).toBe(true);
        expect((await recordResponse(baseline.urlOf(1))).status).toBe(404);
      } finally {
        await baseline.stop();
      }
    },
  );
});
