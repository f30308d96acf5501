import { startLoopbackStub, type LoopbackStub, type StubRequest } from "./loopback-stub";

export type { StubRequest } from "./loopback-stub";

/**
 * A loopback HTTP server for connector tests whose answers the test writes as JSON: each request
 * is recorded and answered by the test's `answer` function (status, headers, a JSON body or raw
 * text), so a test states exactly what the outside source says in its documented shape. The
 * server is the loopback stub's (scripted queues and held replies work here too).
 */
export type StubAnswer = {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON; `text` wins when both are given. */
  body?: unknown;
  text?: string;
};

export type JsonStub = LoopbackStub & {
  /** Answers every request not scripted in `queue`; a test may replace it for its own case. */
  answer: (request: StubRequest) => StubAnswer;
};

export async function startJsonStub(
  answer: (request: StubRequest) => StubAnswer,
): Promise<JsonStub> {
  // Requests arrive only once the stub is returned, so `stub` is set by then.
  const stub: JsonStub = Object.assign(
    await startLoopbackStub((request) => {
      const reply = stub.answer(request);
      return {
        status: reply.status,
        headers: { "content-type": "application/json; charset=utf-8", ...reply.headers },
        body: reply.text ?? (reply.body === undefined ? "" : JSON.stringify(reply.body)),
      };
    }),
    { answer },
  );
  return stub;
}
