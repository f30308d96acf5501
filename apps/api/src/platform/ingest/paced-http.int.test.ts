import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAX_ANSWER_BYTES,
  MAX_ERROR_ANSWER_BYTES,
  PacedHttpClient,
  type TransportProblem,
} from "./paced-http";

class StubSourceError extends Error {
  constructor(
    readonly problem: TransportProblem,
    message: string,
  ) {
    super(message);
  }
}

/** Answers `/huge` with a body one piece past MAX_ANSWER_BYTES, streamed in 1 MiB pieces, and
 * counts how much of it was written before the client hung up. */
let server: Server;
let baseUrl = "";
let hugeBytesWritten = 0;
let errorBodyLength = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/huge") {
      const piece = Buffer.alloc(1024 * 1024, 0x20);
      const pieces = MAX_ANSWER_BYTES / piece.length + 1;
      response.writeHead(200, { "content-type": "application/json" });
      let sent = 0;
      const writeMore = (): void => {
        while (sent < pieces) {
          sent += 1;
          hugeBytesWritten += piece.length;
          if (!response.write(piece)) return void response.once("drain", writeMore);
        }
        response.end();
      };
      response.on("close", () => (sent = pieces));
      writeMore();
      return;
    }
    if (request.url === "/refused") {
      const body = JSON.stringify({ error: "x".repeat(MAX_ERROR_ANSWER_BYTES * 4) });
      errorBodyLength = body.length;
      response.writeHead(400, { "content-type": "application/json" }).end(body);
      return;
    }
    response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function client(seenErrorText: string[] = []): PacedHttpClient {
  return new PacedHttpClient(
    {
      timeoutMs: 30_000,
      maxRetries: 0,
      retryBaseMs: 1,
      minRequestIntervalMs: 0,
      maxRetryAfterMs: 1,
    },
    {
      sourceName: "Stub",
      headers: {},
      refusal: () => undefined,
      errorDetail: (answer) => {
        seenErrorText.push(answer.text);
        return "";
      },
      stoppedMessage: "stopped",
      error: (problem, message) => new StubSourceError(problem, message),
    },
  );
}

describe("an answer's size", () => {
  it("reads an ordinary answer whole", async () => {
    const body = await client().send({ url: `${baseUrl}/ok`, what: "GET /ok" });
    expect(body.text).toBe('{"ok":true}');
  });

  it("cuts off an answer past MAX_ANSWER_BYTES as it streams in: malformed, never read whole", async () => {
    const failure = await client()
      .send({ url: `${baseUrl}/huge`, what: "GET /huge" })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(StubSourceError);
    expect(failure).toMatchObject({ problem: "malformed" });
    expect((failure as Error).message).toBe(
      "GET /huge answered more than 64 MB; not read further (a broken or hostile upstream?)",
    );
    // The client hung up within a few pieces of the limit (socket buffers hold the rest).
    expect(hugeBytesWritten).toBeLessThanOrEqual(MAX_ANSWER_BYTES + 1024 * 1024);
  });

  it("reads at most MAX_ERROR_ANSWER_BYTES of an error answer for its message", async () => {
    const seen: string[] = [];
    await expect(
      client(seen).send({ url: `${baseUrl}/refused`, what: "GET /refused" }),
    ).rejects.toMatchObject({
      problem: "http",
    });
    expect(errorBodyLength).toBeGreaterThan(MAX_ERROR_ANSWER_BYTES);
    // Its first MAX_ERROR_ANSWER_BYTES are kept, even though one piece brought more.
    expect(seen[0]?.length).toBe(MAX_ERROR_ANSWER_BYTES);
    expect(seen[0]?.startsWith('{"error":"xxx')).toBe(true);
  });
});
