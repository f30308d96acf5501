import { randomBytes } from "node:crypto";
import { connect as connectTcp, type Socket } from "node:net";
import { connect as connectTls } from "node:tls";

/**
 * A minimal SMTP client (RFC 5321): one mail per connection, plain text, AUTH PLAIN when a user
 * is configured. Implicit TLS (port 465) with `secure`; without it the connection is plain, which
 * suits a relay on loopback or a private network only (env.ts refuses a password over plain SMTP
 * to any other host). No dependency: the mails are short texts and the outbox retries failures.
 */
export type SmtpConfig = {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
  /** Longest wait for any one reply (milliseconds). */
  timeoutMs: number;
};

export type PlainMail = { to: string; subject: string; text: string };

/** A header value may not carry a line break (header injection) and is encoded when not ASCII. */
function headerValue(value: string): string {
  if (/[\r\n]/.test(value)) throw new Error("a mail header value may not contain a line break");
  return /^[\x20-\x7e]*$/.test(value)
    ? value
    : `=?UTF-8?B?${Buffer.from(value, "utf8").toString("base64")}?=`;
}

function address(value: string): string {
  if (/[\r\n<>]/.test(value)) throw new Error(`not a mail address: ${JSON.stringify(value)}`);
  return value;
}

/** The message: headers, then the body as base64 lines (no 8-bit or dot-stuffing concerns). */
export function formatMessage(from: string, mail: PlainMail, now: Date): string {
  const domain = from.split("@")[1] ?? "localhost";
  const body = Buffer.from(mail.text.replace(/\r?\n/g, "\r\n"), "utf8").toString("base64");
  return [
    `From: ${address(from)}`,
    `To: ${address(mail.to)}`,
    `Subject: ${headerValue(mail.subject)}`,
    `Date: ${now.toUTCString()}`,
    `Message-ID: <${randomBytes(12).toString("hex")}@${domain}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    ...(body.match(/.{1,76}/g) ?? []),
  ].join("\r\n");
}

/** Reads SMTP replies (possibly multi-line: `250-…` then `250 …`) from a socket. */
class ReplyReader {
  private buffer = "";
  private lines: string[] = [];
  private readonly replies: { code: number; text: string }[] = [];
  private waiting: ((reply: { code: number; text: string }) => void) | undefined;
  private failure: Error | undefined;
  private failed: ((error: Error) => void) | undefined;

  constructor(socket: Socket) {
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf("\r\n")) >= 0) {
        const line = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        this.lines.push(line);
        if (/^\d{3}(?: |$)/.test(line)) {
          this.replies.push({ code: Number(line.slice(0, 3)), text: this.lines.join("\n") });
          this.lines = [];
        }
      }
      this.deliver();
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      this.failed?.(this.failure);
    };
    socket.on("error", fail);
    socket.on("close", () => fail(new Error("the SMTP server closed the connection")));
  }

  private deliver(): void {
    const reply = this.replies.shift();
    if (reply === undefined) return;
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) waiting(reply);
    else this.replies.unshift(reply);
  }

  next(timeoutMs: number): Promise<{ code: number; text: string }> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no SMTP reply within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiting = (reply) => {
        clearTimeout(timer);
        resolve(reply);
      };
      this.failed = (error) => {
        clearTimeout(timer);
        reject(error);
      };
      if (this.replies.length > 0) this.deliver();
      else if (this.failure) this.failed(this.failure);
    });
  }
}

export async function sendSmtp(config: SmtpConfig, mail: PlainMail, now: Date): Promise<void> {
  const message = formatMessage(config.from, mail, now);
  const socket: Socket = await new Promise((resolve, reject) => {
    const opened = config.secure
      ? connectTls({ host: config.host, port: config.port, servername: config.host }, () =>
          resolve(opened),
        )
      : connectTcp({ host: config.host, port: config.port }, () => resolve(opened));
    opened.once("error", reject);
    opened.setTimeout(config.timeoutMs, () =>
      opened.destroy(new Error(`SMTP connection timed out after ${config.timeoutMs} ms`)),
    );
  });
  const reader = new ReplyReader(socket);
  const expect = async (step: string, accepted: number[]) => {
    const reply = await reader.next(config.timeoutMs);
    if (!accepted.includes(reply.code))
      throw new Error(`SMTP ${step} refused: ${reply.text.slice(0, 300)}`);
  };
  const send = (line: string) => socket.write(`${line}\r\n`);
  try {
    await expect("greeting", [220]);
    send(`EHLO ${config.from.split("@")[1] ?? "localhost"}`);
    await expect("EHLO", [250]);
    if (config.user !== undefined) {
      const credentials = `\u0000${config.user}\u0000${config.password ?? ""}`;
      send(`AUTH PLAIN ${Buffer.from(credentials, "utf8").toString("base64")}`);
      await expect("AUTH", [235]);
    }
    send(`MAIL FROM:<${address(config.from)}>`);
    await expect("MAIL FROM", [250]);
    send(`RCPT TO:<${address(mail.to)}>`);
    await expect("RCPT TO", [250, 251]);
    send("DATA");
    await expect("DATA", [354]);
    socket.write(`${message}\r\n.\r\n`);
    await expect("message", [250]);
    send("QUIT");
    await reader.next(config.timeoutMs).catch(() => undefined);
  } finally {
    socket.destroy();
  }
}
