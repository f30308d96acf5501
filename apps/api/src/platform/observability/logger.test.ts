import { describe, expect, it } from "vitest";
import {
  createLogger,
  currentRequestId,
  keepRequestId,
  redact,
  runSynchronouslyWithRequestId,
  runWithRequestId,
} from "./logger";

const KEY = `tpi_sk_${"a1B2".repeat(10)}`;

describe("logger redaction", () => {
  it("redacts our API keys anywhere in a message", () => {
    expect(redact(`rejected ${KEY} from 10.0.0.1`)).toBe(
      "rejected tpi_sk_[redacted] from 10.0.0.1",
    );
  });

  it("redacts OpenRouter keys (OPENROUTER_API_KEY) anywhere in a message", () => {
    const openRouterKey = `sk-or-v1-${"0f".repeat(32)}`;
    expect(redact(`OpenRouter refused ${openRouterKey}.`)).toBe(
      "OpenRouter refused sk-or-v1-[redacted].",
    );
  });

  it("redacts passwords in connection URLs, with or without a user name", () => {
    expect(redact("postgresql://tpi:hunter2@db:5432/tpi")).toBe(
      "postgresql://tpi:[redacted]@db:5432/tpi",
    );
    expect(redact("redis://:s3cret@cache:6379")).toBe("redis://:[redacted]@cache:6379");
    expect(redact("redis://cache:6379")).toBe("redis://cache:6379");
  });

  it("redacts secret-looking fields and secrets inside other fields", () => {
    const lines: string[] = [];
    const log = createLogger("debug", (line) => lines.push(line));
    log.warn(`key ${KEY} refused`, {
      authorization: `Bearer ${KEY}`,
      apiKey: KEY,
      internalToken: "abc",
      password: "pw",
      url: "redis://u:pw@host:6379",
      path: "/api/otpi",
    });
    const line = lines[0] ?? "";
    expect(line).not.toContain(KEY);
    expect(line).not.toContain(":pw@");
    expect(line).toContain("WARN key tpi_sk_[redacted] refused");
    expect(JSON.parse(line.slice(line.indexOf("{")))).toEqual({
      authorization: "[redacted]",
      apiKey: "[redacted]",
      internalToken: "[redacted]",
      password: "[redacted]",
      url: "redis://u:[redacted]@host:6379",
      path: "/api/otpi",
    });
  });

  it("writes one JSON object per line in the json format, redacted the same way", () => {
    const lines: string[] = [];
    const log = createLogger("debug", (line) => lines.push(line), "json");
    log.error(`key ${KEY} refused`, { authorization: `Bearer ${KEY}`, url: "redis://u:pw@h:1" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(KEY);
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({
      level: "error",
      msg: "key tpi_sk_[redacted] refused",
      authorization: "[redacted]",
      url: "redis://u:[redacted]@h:1",
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
    });
  });

  it("stamps every line written while a request is handled with its id, and no other line", async () => {
    const lines: string[] = [];
    const log = createLogger("info", (line) => lines.push(line), "json");
    await runWithRequestId("req-1", async () => {
      log.info("before an await");
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.warn("after an await");
    });
    log.info("outside");
    const ids = lines.map((line) => (JSON.parse(line) as { requestId?: string }).requestId);
    expect(ids).toEqual(["req-1", "req-1", undefined]);
  });

  it("stamps the lines of a request's synchronous part, and of what it keeps the id for", async () => {
    const lines: string[] = [];
    const log = createLogger("info", (line) => lines.push(line), "json");
    const later: Promise<void>[] = [];
    const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
    runSynchronouslyWithRequestId("req-2", () => {
      log.info("synchronous");
      later.push(
        keepRequestId(async () => {
          await tick();
          log.info("kept across an await");
        }),
      );
      later.push(
        (async () => {
          await tick();
          log.info("not kept");
        })(),
      );
    });
    log.info("after");
    await Promise.all(later);
    const ids = Object.fromEntries(
      lines.map((line) => {
        const { msg, requestId } = JSON.parse(line) as { msg: string; requestId?: string };
        return [msg, requestId];
      }),
    );
    expect(ids).toEqual({
      synchronous: "req-2",
      after: undefined,
      "kept across an await": "req-2",
      "not kept": undefined,
    });
  });

  it("keepRequestId runs as it is outside a request and inside the scope", async () => {
    expect(keepRequestId(() => currentRequestId())).toBeUndefined();
    await runWithRequestId("req-3", async () => {
      expect(keepRequestId(() => currentRequestId())).toBe("req-3");
      await keepRequestId(() => new Promise((resolve) => setTimeout(resolve, 1)));
      expect(currentRequestId()).toBe("req-3");
    });
    expect(currentRequestId()).toBeUndefined();
  });

  it("drops lines below the configured level", () => {
    const lines: string[] = [];
    const log = createLogger("warn", (line) => lines.push(line));
    log.info("quiet");
    log.warn("loud");
    expect(lines).toHaveLength(1);
  });
});
