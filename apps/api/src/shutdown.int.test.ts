import { MARKETS } from "./markets";
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createAccount,
  createDb,
  createTestDatabase,
  embeddedUrl,
  freePort,
  insertApiKey,
} from "@tpi/db";
import { apiProcess } from "./testing/api-process";
import { proxiedDatabaseUrl } from "./testing/tcp-proxy";
import { afterAll, describe, expect, inject, it } from "vitest";
import { generateApiKey } from "./platform/auth/api-key-secret";
import { readEnv } from "./platform/runtime/env";
import { createLogger } from "./platform/observability/logger";

/**
 * SIGTERM on a real api process (`node dist/main.js`, embedded PostgreSQL, as `pnpm start` runs
 * it): in-flight requests finish, new connections are refused, idle keep-alive
 * connections close once idle for SHUTDOWN_IDLE_CLOSE_MS (requests still arriving on them are
 * answered), the embedded server stops, the exit code is 0.
 */
const apiMain = apiProcess("main");
const NOW = "2026-11-22T12:00:00.000Z";
const IN_FLIGHT = 6;
/** Ample for the in-flight requests once their bodies arrive; the one that never sends its body is cut after it. */
const GRACE_MS = 8_000;

type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** An origin whose requests skip the public limiter (RATE_LIMIT_TRUSTED_ORIGINS). */
const TRUSTED_ORIGIN = "http://keep-alive.test";

let api: ChildProcess | undefined;
let dataDir: string | undefined;
afterAll(() => {
  if (api && api.exitCode === null && api.signalCode === null) api.kill("SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A POST /api/chat whose headers ask for `100 Continue` and whose body the test sends later. */
type SlowRequest = {
  /** Resolves once the server answered `100 Continue`: the request is in flight. */
  accepted: Promise<void>;
  sendBody(): void;
  /** The raw response (status line, headers, body) once the server closed the connection. */
  response: Promise<string>;
};

function slowChat(port: number, key: string): SlowRequest {
  const body = JSON.stringify({ message: "What is the latest OTPI for anthropic?" });
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  let onContinue: () => void = () => undefined;
  const accepted = new Promise<void>((resolve) => (onContinue = resolve));
  const response = new Promise<string>((resolve, reject) => {
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("utf8");
      if (received.startsWith("HTTP/1.1 100 Continue\r\n\r\n")) {
        received = received.slice("HTTP/1.1 100 Continue\r\n\r\n".length);
        onContinue();
      }
    });
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
  });
  socket.write(
    [
      "POST /api/chat HTTP/1.1",
      "Host: 127.0.0.1",
      `Authorization: Bearer ${key}`,
      "Content-Type: application/json",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Expect: 100-continue",
      "",
      "",
    ].join("\r\n"),
  );
  return { accepted, response, sendBody: () => socket.write(body) };
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

function waitForLine(
  output: { text: string },
  pattern: RegExp,
  ms: number,
): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + ms;
    const check = () => {
      const match = output.text.match(pattern);
      if (match) return resolve(match);
      if (Date.now() > deadline)
        return reject(new Error(`no line matching ${pattern} within ${ms} ms:\n${output.text}`));
      setTimeout(check, 50);
    };
    check();
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

describe("SIGTERM on the api process", () => {
  it("finishes in-flight requests, refuses new connections, stops the embedded server and exits 0", async () => {
    dataDir = mkdtempSync(join(tmpdir(), "tpi-shutdown-"));
    chmodSync(dataDir, 0o755); // the server runs as the postgres user when tests run as root
    const pgPort = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: "0",
      TPI_DATA_DIR: dataDir,
      TPI_EMBEDDED_PG_PORT: String(pgPort),
      SEED_SAMPLE_ON_EMPTY: "false",
      SETTLEMENT_INTERVAL_SECONDS: "0",
      GPU_PRINT_INTERVAL_SECONDS: "0",
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      SHUTDOWN_IDLE_CLOSE_MS: "1000",
      LOG_LEVEL: "info",
      TPI_TEST_CLOCK: NOW,
    };
    delete env.DATABASE_URL; // the embedded server, as `pnpm start` runs it by default
    const output = { text: "" };
    const child = spawn(apiMain.command, apiMain.args, {
      cwd: apiMain.cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    api = child;
    child.stdout.on("data", (chunk: Buffer) => (output.text += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output.text += chunk.toString("utf8")));
    const exited = new Promise<Exit>((resolve) =>
      child.once("exit", (code, signal) => resolve({ code, signal })),
    );

    const [, port] = await waitForLine(
      output,
      /api listening on http:\/\/127\.0\.0\.1:(\d+)/,
      120_000,
    );
    const apiPort = Number(port);
    const postmasterPid = Number(
      readFileSync(join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0],
    );
    expect(processAlive(postmasterPid)).toBe(true);

    // A key, written straight into the api's database.
    const db = createDb(embeddedUrl(pgPort, "tpi"), 1);
    const account = await createAccount(db, { name: "shutdown", plan: "full", trialEndsAt: null });
    const secret = generateApiKey();
    await insertApiKey(db, {
      accountId: account.id,
      name: "shutdown test",
      displayPrefix: secret.displayPrefix,
      keyHash: secret.keyHash,
    });
    await db.$disconnect();

    // An idle keep-alive connection: closed by the drain once idle for SHUTDOWN_IDLE_CLOSE_MS.
    const idle = net.connect(apiPort, "127.0.0.1");
    const idleClosed = new Promise<void>((resolve) => idle.once("close", () => resolve()));
    await new Promise<void>((resolve) => {
      idle.once("data", () => resolve());
      idle.write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    });

    const requests = Array.from({ length: IN_FLIGHT }, () => slowChat(apiPort, secret.key));
    const stuck = slowChat(apiPort, secret.key); // never sends its body
    await Promise.all([...requests, stuck].map((request) => request.accepted));

    child.kill("SIGTERM");
    await waitForLine(output, /SIGTERM received/, 10_000);
    expect(await connectionRefused(apiPort)).toBe(true);
    await idleClosed;
    // A second signal (Ctrl-C reaches the whole process group) does not cut the drain short.
    child.kill("SIGINT");
    await waitForLine(output, /SIGINT received again: already shutting down/, 10_000);
    expect(child.exitCode).toBeNull(); // still draining: the requests have not sent their bodies

    for (const request of requests) request.sendBody();
    const responses = await Promise.all(requests.map((request) => request.response));
    for (const raw of responses) {
      expect(raw).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(raw.toLowerCase()).toContain("\r\nconnection: close\r\n");
      expect(raw).toContain('"answer"');
    }

    // The request that never completes is cut after the grace; the process still exits 0.
    expect(await stuck.response).toBe("");
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(output.text).toMatch(
      new RegExp(`1 request\\(s\\) still running after ${GRACE_MS} ms \\(SHUTDOWN_GRACE_MS\\)`),
    );
    expect(processAlive(postmasterPid)).toBe(false);
    expect(existsSync(join(dataDir, "pg", "postmaster.pid"))).toBe(false);
    expect(output.text).toMatch(/api stopped/);
    expect(output.text).not.toMatch(/ERROR/);
  }, 180_000);
});

/** What keep-alive clients saw of a shutdown. */
type Tally = {
  /** Complete answers (status line, headers, the whole body). */
  answers: number;
  /** Of those, answers to requests sent after the signal. */
  afterSignal: number;
  /** Connections reset (ECONNRESET, EPIPE) by the server. */
  resets: number;
  /** Requests sent whose connection closed before their whole answer came. */
  incomplete: number;
  /** What went wrong, for the failure message. */
  events: string[];
};

/** One HTTP/1.1 answer read from `received` (Content-Length framing, as the api answers), or undefined while incomplete. */
function completeAnswer(received: string): { answer: string; rest: string } | undefined {
  const end = received.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const length = /\r\ncontent-length: *(\d+)/i.exec(received.slice(0, end + 2));
  const total = end + 4 + Number(length?.[1] ?? 0);
  if (received.length < total) return undefined;
  return { answer: received.slice(0, total), rest: received.slice(total) };
}

/**
 * A keep-alive connection that sends `request` again as soon as each answer is complete, until
 * the server ends the connection (`Connection: close`, then its close); then it connects again,
 * until its connection is refused. Resets and answers cut short are counted.
 */
async function keepAliveClient(
  port: number,
  request: string,
  signalled: () => boolean,
  tally: Tally,
): Promise<void> {
  for (;;) {
    const socket = net.connect(port, "127.0.0.1");
    socket.setEncoding("latin1");
    const outcome = await new Promise<"refused" | "closed">((resolve) => {
      let received = "";
      let waiting = false;
      let sentAfterSignal = false;
      let closing = false;
      const send = () => {
        waiting = true;
        sentAfterSignal = signalled();
        socket.write(request);
      };
      socket.once("connect", send);
      socket.on("data", (chunk: string) => {
        received += chunk;
        const complete = completeAnswer(received);
        if (complete === undefined) return;
        received = complete.rest;
        waiting = false;
        tally.answers++;
        if (sentAfterSignal) tally.afterSignal++;
        if (/\r\nconnection: *close\r\n/i.test(complete.answer)) closing = true;
        else send();
      });
      socket.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED") return resolve("refused");
        if (error.code === "ECONNRESET" || error.code === "EPIPE") {
          tally.resets++;
          tally.events.push(`${error.code} (${waiting ? "a request waiting" : "idle"})`);
        } else tally.events.push(`error ${error.code ?? error.message}`);
      });
      socket.on("close", () => {
        if (socket.bytesWritten === 0) {
          // Refused: never connected.
        } else if (waiting) {
          tally.incomplete++;
          tally.events.push(`closed with a request unanswered (${received.length} bytes of it)`);
        } else if (!closing) tally.events.push("closed without Connection: close");
        resolve("closed");
      });
    });
    if (outcome === "refused") return;
  }
}

describe("SIGTERM while keep-alive clients send requests", () => {
  it("answers every request in full, resets no connection, and exits 0", async () => {
    const database = await createTestDatabase(inject("pgAdminUrl"));
    try {
      const output = { text: "" };
      const child = spawn(apiMain.command, apiMain.args, {
        cwd: apiMain.cwd,
        env: {
          ...process.env,
          HOST: "127.0.0.1",
          PORT: "0",
          DATABASE_URL: database.url,
          SEED_SAMPLE_ON_EMPTY: "false",
          SETTLEMENT_INTERVAL_SECONDS: "0",
          GPU_PRINT_INTERVAL_SECONDS: "0",
          SHUTDOWN_GRACE_MS: "20000",
          SHUTDOWN_IDLE_CLOSE_MS: "5000",
          RATE_LIMIT_TRUSTED_ORIGINS: TRUSTED_ORIGIN,
          LOG_LEVEL: "info",
          TPI_TEST_CLOCK: NOW,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      api = child;
      child.stdout.on("data", (chunk: Buffer) => (output.text += chunk.toString("utf8")));
      child.stderr.on("data", (chunk: Buffer) => (output.text += chunk.toString("utf8")));
      const exited = new Promise<Exit>((resolve) =>
        child.once("exit", (code, signal) => resolve({ code, signal })),
      );
      const [, port] = await waitForLine(
        output,
        /api listening on http:\/\/127\.0\.0\.1:(\d+)/,
        120_000,
      );
      const apiPort = Number(port);

      // Clients sending back to back: a settled GET (the fast lane), a POST with a body (401
      // without a key: nginx never replays it), /health (the database). From a trusted origin,
      // which the public limiter lets through.
      const origin = `Origin: ${TRUSTED_ORIGIN}\r\n`;
      const chatBody = JSON.stringify({ message: "What is the latest OTPI?" });
      const requests = [
        `GET /api/token-types HTTP/1.1\r\nHost: 127.0.0.1\r\n${origin}\r\n`,
        `POST /api/chat HTTP/1.1\r\nHost: 127.0.0.1\r\n${origin}Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(chatBody)}\r\n\r\n${chatBody}`,
        `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n${origin}\r\n`,
      ];
      const tally: Tally = { answers: 0, afterSignal: 0, resets: 0, incomplete: 0, events: [] };
      let signalled = false;
      const busy = Array.from({ length: 24 }, (_, i) =>
        keepAliveClient(apiPort, requests[i % requests.length] ?? "", () => signalled, tally),
      );

      // Idle keep-alive connections (a proxy's pool): each has had one answer; each sends its
      // next request a moment after the signal, one never does.
      const idle = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const socket = net.connect(apiPort, "127.0.0.1");
          socket.setEncoding("latin1");
          let received = "";
          let error: string | undefined;
          socket.on("data", (chunk: string) => (received += chunk));
          socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
          const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
          socket.write(requests[0] ?? "");
          while (completeAnswer(received) === undefined)
            await new Promise((resolve) => setTimeout(resolve, 10));
          received = "";
          return { socket, closed, received: () => received, error: () => error };
        }),
      );

      while (tally.answers < 300) await new Promise((resolve) => setTimeout(resolve, 10));
      signalled = true;
      child.kill("SIGTERM");
      await waitForLine(output, /SIGTERM received/, 10_000);
      const delaysMs = [0, 50, 200, 1_000];
      await Promise.all(
        delaysMs.map(async (delayMs, i) => {
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          idle[i]?.socket.write(requests[0] ?? "");
        }),
      );
      await Promise.all(busy);
      await Promise.all(idle.map((connection) => connection.closed));

      expect(tally.events).toEqual([]);
      expect(tally.resets).toBe(0);
      expect(tally.incomplete).toBe(0);
      expect(tally.afterSignal).toBeGreaterThan(0);
      for (const [i] of delaysMs.entries()) {
        const connection = idle[i];
        expect(connection?.error()).toBeUndefined();
        const answer = completeAnswer(connection?.received() ?? "")?.answer ?? "";
        expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
        expect(answer.toLowerCase()).toContain("\r\nconnection: close\r\n");
      }
      // The connection that never sent again was closed, cleanly, after SHUTDOWN_IDLE_CLOSE_MS.
      expect(idle[4]?.error()).toBeUndefined();
      expect(idle[4]?.received()).toBe("");
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(output.text).not.toMatch(/still running after/);
      expect(output.text).toMatch(/api stopped/);
    } finally {
      await database.drop();
    }
  }, 180_000);
});

describe("SIGTERM while the database does not answer", () => {
  it("answers the request waiting on the database, closes the pool and exits 0 within the grace", async () => {
    const database = await createTestDatabase(inject("pgAdminUrl"));
    const { proxy, url: proxiedUrl } = await proxiedDatabaseUrl(database.url);
    try {
      const db = createDb(database.url, 1);
      const account = await createAccount(db, { name: "outage", plan: "full", trialEndsAt: null });
      const secret = generateApiKey();
      await insertApiKey(db, {
        accountId: account.id,
        name: "outage shutdown test",
        displayPrefix: secret.displayPrefix,
        keyHash: secret.keyHash,
      });
      await db.$disconnect();

      const output = { text: "" };
      const child = spawn(apiMain.command, apiMain.args, {
        cwd: apiMain.cwd,
        env: {
          ...process.env,
          HOST: "127.0.0.1",
          PORT: "0",
          DATABASE_URL: proxiedUrl,
          SEED_SAMPLE_ON_EMPTY: "false",
          SETTLEMENT_INTERVAL_SECONDS: "0",
          GPU_PRINT_INTERVAL_SECONDS: "0",
          SHUTDOWN_GRACE_MS: String(GRACE_MS),
          LOG_LEVEL: "info",
          TPI_TEST_CLOCK: NOW,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      api = child;
      child.stdout.on("data", (chunk: Buffer) => (output.text += chunk.toString("utf8")));
      child.stderr.on("data", (chunk: Buffer) => (output.text += chunk.toString("utf8")));
      const exited = new Promise<Exit>((resolve) =>
        child.once("exit", (code, signal) => resolve({ code, signal })),
      );
      const [, port] = await waitForLine(
        output,
        /api listening on http:\/\/127\.0\.0\.1:(\d+)/,
        120_000,
      );

      // The network to the database goes silent: connections stay open, nothing comes back.
      proxy.blackHole();
      // A key never seen before must be looked up in the database: this request waits on it.
      const waiting = fetch(`http://127.0.0.1:${port}/api/otpi`, {
        headers: { authorization: `Bearer ${secret.key}` },
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      child.kill("SIGTERM");

      const answer = await waiting;
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).not.toBeNull();
      expect(await answer.json()).toMatchObject({ error: expect.any(String) });
      // The api's own log says what it waited on when it did not stop in time.
      expect(await exited, output.text).toEqual({ code: 0, signal: null });
      // The request ended inside the grace (its database wait is bounded), and closing the pool
      // did not wait on the silent connections (else the close budget exits 1).
      expect(output.text).not.toMatch(/still running after/);
      expect(output.text).toMatch(/api stopped/);
    } finally {
      await proxy.close();
      await database.drop();
    }
  }, 180_000);
});

describe("signal handlers", () => {
  it("starting and stopping the server adds no SIGTERM/SIGINT handler (only main.ts decides the exit)", async () => {
    const signals = ["SIGTERM", "SIGINT", "SIGHUP"] as const;
    const before = signals.map((signal) => process.listeners(signal).length);
    const { startServer } = await import("./platform/server");
    const database = await createTestDatabase(inject("pgAdminUrl"));
    try {
      const running = await startServer(
        readEnv(MARKETS, {
          DATABASE_URL: database.url,
          PORT: "0",
          HOST: "127.0.0.1",
          // No outside source: the GPU ledger would be asked for at start (tests talk to loopback).
          GPU_LEDGER_ENABLED: "false",
          GITHUB_SEARCH_ENABLED: "false",
          NEOCLOUD_SYNC_ENABLED: "false",
          SEED_SAMPLE_ON_EMPTY: "false",
          SETTLEMENT_INTERVAL_SECONDS: "0",
          LOG_LEVEL: "silent",
          TPI_TEST_CLOCK: NOW,
        }),
        createLogger("silent"),
        MARKETS,
      );
      expect(signals.map((signal) => process.listeners(signal).length)).toEqual(before);
      await running.close();
      expect(signals.map((signal) => process.listeners(signal).length)).toEqual(before);
    } finally {
      await database.drop();
    }
  }, 60_000);
});
