import http, { type IncomingMessage } from "node:http";

/**
 * A Server-Sent Events client for tests: reads a stream's frames as they arrive, so a test waits
 * on what it expects (an event, a heartbeat) instead of sleeping.
 */

/** One frame: an event (with its id and type) or a comment line (`: heartbeat`). */
export type SseFrame =
  | { kind: "event"; id: string | undefined; event: string | undefined; data: string }
  | { kind: "comment"; text: string }
  | { kind: "retry"; ms: number };

export type OpenedStream = {
  status: number;
  headers: Headers;
  /** The JSON body of a refusal (the stream did not start). */
  body: unknown;
  frames: SseFrame[];
  /** Resolves with the first frame (from the start) that `accept` takes; rejects if the stream ends first. */
  waitFor(accept: (frame: SseFrame) => boolean, what?: string): Promise<SseFrame>;
  /** The events received so far. */
  events(): { id: string | undefined; event: string | undefined; data: unknown }[];
  /** Resolves once the server ended the stream. */
  ended: Promise<void>;
  close(): void;
};

export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<OpenedStream> {
  // A connection of its own, closed with the stream (no keep-alive pool outliving the test).
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = http.get(url, {
      agent: false,
      headers: { accept: "text/event-stream", ...headers },
    });
    request.on("response", resolve);
    request.on("error", reject);
  });
  const frames: SseFrame[] = [];
  const waiters: { accept: (frame: SseFrame) => boolean; resolve: (frame: SseFrame) => void }[] =
    [];
  const failures: (() => void)[] = [];
  let finished = false;
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(response.headers))
    if (typeof value === "string") responseHeaders.set(name, value);
  const isStream = (response.headers["content-type"] ?? "").startsWith("text/event-stream");
  let body: unknown;
  let ended: Promise<void>;
  if (!isStream) {
    let text = "";
    for await (const chunk of response) text += String(chunk);
    body = JSON.parse(text);
    finished = true;
    ended = Promise.resolve();
  } else {
    response.setEncoding("utf8");
    let buffer = "";
    response.on("data", (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf("\n\n");
      while (end !== -1) {
        const frame = parseFrame(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf("\n\n");
        if (frame === undefined) continue;
        frames.push(frame);
        for (const waiter of [...waiters])
          if (waiter.accept(frame)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(frame);
          }
      }
    });
    ended = new Promise<void>((resolve) => {
      response.on("close", () => {
        finished = true;
        for (const fail of failures) fail();
        resolve();
      });
    });
  }
  return {
    status: response.statusCode ?? 0,
    headers: responseHeaders,
    body,
    frames,
    ended,
    waitFor(accept, what = "the expected frame") {
      const seen = frames.find(accept);
      if (seen !== undefined) return Promise.resolve(seen);
      if (finished) return Promise.reject(new Error(`the stream ended before ${what}`));
      return new Promise((resolve, reject) => {
        waiters.push({ accept, resolve });
        failures.push(() => reject(new Error(`the stream ended before ${what}`)));
      });
    },
    events() {
      return frames.flatMap((frame) =>
        frame.kind === "event"
          ? [{ id: frame.id, event: frame.event, data: JSON.parse(frame.data) as unknown }]
          : [],
      );
    },
    close() {
      response.destroy();
    },
  };
}

function parseFrame(text: string): SseFrame | undefined {
  const lines = text.split("\n");
  if (lines.every((line) => line.startsWith(":")))
    return { kind: "comment", text: lines.map((line) => line.slice(1).trim()).join("\n") };
  let id: string | undefined;
  let event: string | undefined;
  const data: string[] = [];
  for (const line of lines) {
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "id") id = value;
    else if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else if (field === "retry") return { kind: "retry", ms: Number(value) };
  }
  return { kind: "event", id, event, data: data.join("\n") };
}

/** Waits for the comment that says a stream caught up and hears the feed live. */
export const isLive = (frame: SseFrame): boolean =>
  frame.kind === "comment" && frame.text === "live";
