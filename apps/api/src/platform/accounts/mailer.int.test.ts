import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { createDb, createTestDatabase, enqueueMail, listOutbox, type Db } from "@tpi/db";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import type { Logger } from "../observability/logger";
import { SecretLog } from "../../testing/secret-log";
import { MAIL_MAX_ATTEMPTS, flushOutbox, logTransport, smtpTransport } from "./mailer";

let db: Db;
let drop: () => Promise<void>;
const NOW = new Date("2026-11-20T12:00:00.000Z");
const LINK_TOKEN = "abcDEF123-link-token_0123456789";
const LINK = `https://tpi.example.org/account/verify-email?token=${LINK_TOKEN}`;
const SMTP_PASSWORD = "s3cret-smtp-password";

/**
 * Every line these tests log but the one that shows the opt-in (links in the log, on purpose),
 * with the secrets they handle: the last test requires that no line holds one.
 */
const logged = new SecretLog();
logged.secret(LINK_TOKEN, "the link's token");
logged.secret(SMTP_PASSWORD, "the SMTP password");

beforeAll(async () => {
  const database = await createTestDatabase(inject("pgAdminUrl"));
  drop = database.drop;
  db = createDb(database.url, 2);
});
afterAll(async () => {
  await db.$disconnect();
  await drop();
});
beforeEach(async () => {
  await db.mailOutbox.deleteMany();
});

/** Records each call, and (unless `watched` is false) hands it to the secret-watching log too. */
function recordingLog(watched = true): Logger & { lines: { message: string; fields?: unknown }[] } {
  const lines: { message: string; fields?: unknown }[] = [];
  const at = (level: keyof Logger) => (message: string, fields?: Record<string, unknown>) => {
    lines.push({ message, fields });
    if (watched) logged.log[level](message, fields);
  };
  return { lines, debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

async function queue(to = "ada@example.com") {
  await enqueueMail(db, {
    to,
    subject: "Confirm your Token Price Index account",
    textBody: `Confirm: ${LINK}\nThanks.`,
    kind: "verify",
    createdAt: NOW,
  });
}

describe("the log transport (default)", () => {
  it("writes the mail with its link's token redacted, marks it sent and drops the body", async () => {
    await queue();
    const log = recordingLog();
    const transport = logTransport(log, { links: false });
    expect(await flushOutbox(db, transport, log, () => NOW)).toBe(1);
    expect(log.lines).toEqual([
      {
        message: "mail (MAIL_TRANSPORT=log)",
        fields: expect.objectContaining({
          to: "ada@example.com",
          body: expect.stringContaining(
            "https://tpi.example.org/account/verify-email?token=[redacted]",
          ),
        }),
      },
    ]);
    expect(JSON.stringify(log.lines)).not.toContain(LINK_TOKEN);
    const [row] = await listOutbox(db);
    expect(row).toMatchObject({ sentAt: NOW, attempts: 1, textBody: "", lastError: null });
    expect(await flushOutbox(db, transport, log, () => NOW)).toBe(0);
  });

  it("writes the whole link only when told to (development, or MAIL_LOG_LINKS=true)", async () => {
    await queue();
    // Not watched: showing the link is what this transport was asked to do.
    const log = recordingLog(false);
    expect(await flushOutbox(db, logTransport(log, { links: true }), log, () => NOW)).toBe(1);
    expect(log.lines).toEqual([
      {
        message: "mail (MAIL_TRANSPORT=log)",
        fields: expect.objectContaining({ body: expect.stringContaining(LINK) }),
      },
    ]);
  });
});

/** A loopback SMTP server that records what it receives, or refuses the recipient. */
async function smtpStub(options: { refuseRecipient?: boolean; requireAuth?: string } = {}) {
  const received: { commands: string[]; data: string }[] = [];
  const server: Server = createServer((socket: Socket) => {
    const session = { commands: [] as string[], data: "" };
    received.push(session);
    let buffer = "";
    let inData = false;
    socket.write("220 stub ESMTP\r\n");
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          session.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write("250 queued\r\n");
          continue;
        }
        const end = buffer.indexOf("\r\n");
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        session.commands.push(line);
        if (line.startsWith("EHLO")) socket.write("250-stub\r\n250 AUTH PLAIN\r\n");
        else if (line.startsWith("AUTH PLAIN"))
          socket.write(line === `AUTH PLAIN ${options.requireAuth}` ? "235 ok\r\n" : "535 no\r\n");
        else if (line.startsWith("MAIL FROM")) socket.write("250 ok\r\n");
        else if (line.startsWith("RCPT TO"))
          socket.write(options.refuseRecipient ? "550 no such user\r\n" : "250 ok\r\n");
        else if (line === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (line === "QUIT") {
          socket.end("221 bye\r\n");
        } else socket.write("500 unknown\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("the SMTP transport", () => {
  it("delivers the mail (authenticated, base64 body with the link) and marks it sent", async () => {
    const credentials = Buffer.from(`\u0000mailer\u0000${SMTP_PASSWORD}`).toString("base64");
    logged.secret(credentials, "the SMTP credentials");
    const stub = await smtpStub({ requireAuth: credentials });
    try {
      await queue();
      const log = recordingLog();
      const transport = smtpTransport({
        host: "127.0.0.1",
        port: stub.port,
        secure: false,
        user: "mailer",
        password: SMTP_PASSWORD,
        from: "no-reply@tpi.example.org",
        timeoutMs: 5_000,
      });
      expect(await flushOutbox(db, transport, log, () => NOW)).toBe(1);
      const [session] = stub.received;
      expect(session?.commands).toEqual([
        "EHLO tpi.example.org",
        `AUTH PLAIN ${credentials}`,
        "MAIL FROM:<no-reply@tpi.example.org>",
        "RCPT TO:<ada@example.com>",
        "DATA",
        "QUIT",
      ]);
      const [headers = "", body = ""] = session?.data.split("\r\n\r\n") ?? [];
      expect(headers).toContain("To: ada@example.com");
      expect(headers).toContain("Subject: Confirm your Token Price Index account");
      expect(Buffer.from(body.replace(/\r\n/g, ""), "base64").toString("utf8")).toContain(LINK);
      const [row] = await listOutbox(db);
      expect(row?.sentAt).toEqual(NOW);
      // Nothing secret in the log: the password never, the link only with the log transport.
      expect(JSON.stringify(log.lines)).not.toContain(SMTP_PASSWORD);
    } finally {
      await stub.close();
    }
  });

  it("keeps a refused mail pending with the reason, and stops after the last attempt", async () => {
    const stub = await smtpStub({ refuseRecipient: true });
    try {
      await queue("nobody@example.com");
      const log = recordingLog();
      const transport = smtpTransport({
        host: "127.0.0.1",
        port: stub.port,
        secure: false,
        from: "no-reply@tpi.example.org",
        timeoutMs: 5_000,
      });
      for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS + 1; attempt++)
        expect(await flushOutbox(db, transport, log, () => NOW)).toBe(0);
      const [row] = await listOutbox(db);
      expect(row).toMatchObject({ sentAt: null, attempts: MAIL_MAX_ATTEMPTS });
      expect(row?.lastError).toContain("RCPT TO refused: 550 no such user");
      expect(stub.received).toHaveLength(MAIL_MAX_ATTEMPTS);
      expect(log.lines.at(-1)?.message).toBe("mail failed; no attempts left");
    } finally {
      await stub.close();
    }
  });
});

describe("the log", () => {
  it("holds no link token and no SMTP password", () => {
    expect(logged.lines.length).toBeGreaterThan(0);
    expect(logged.leaks()).toEqual([]);
  });
});
