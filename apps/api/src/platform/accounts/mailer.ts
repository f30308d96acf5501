import { claimPendingMail, markMailFailed, markMailSent, type Db, type OutboxMail } from "@tpi/db";
import type { Logger } from "../observability/logger";
import { sendSmtp, type PlainMail, type SmtpConfig } from "./smtp";

/**
 * Mail leaves through the outbox: the row is written in the transaction that makes the link it
 * carries, and `flushOutbox` sends what is pending with a bounded number of attempts, so a mail
 * server outage delays mail without losing it or failing the request.
 */
export type MailTransport = {
  name: "log" | "smtp";
  send(mail: PlainMail, now: Date): Promise<void>;
};

/** A link's one-time token in a mail's text (`?token=…`), as the log shows it without the token. */
const LINK_TOKEN = /([?&]token=)[^\s&#]+/g;

export function withoutLinkTokens(text: string): string {
  return text.replace(LINK_TOKEN, "$1[redacted]");
}

/**
 * The default: the mail goes to the log, as if sent. With `links` (development, or
 * MAIL_LOG_LINKS=true) the one-time links are written whole, so that whoever reads the log can
 * follow them; otherwise their tokens are redacted: a token in the log would let whoever reads it
 * confirm someone else's address or choose their password.
 */
export function logTransport(log: Logger, options: { links: boolean }): MailTransport {
  return {
    name: "log",
    send(mail) {
      log.info("mail (MAIL_TRANSPORT=log)", {
        to: mail.to,
        subject: mail.subject,
        body: options.links ? mail.text : withoutLinkTokens(mail.text),
      });
      return Promise.resolve();
    },
  };
}

export function smtpTransport(config: SmtpConfig): MailTransport {
  return { name: "smtp", send: (mail, now) => sendSmtp(config, mail, now) };
}

/** Seconds between outbox flushes, and how many tries a mail gets before it is left failed. */
export const OUTBOX_FLUSH_INTERVAL_MS = 5_000;
export const MAIL_MAX_ATTEMPTS = 5;
const MAILS_PER_FLUSH = 20;

/** Sends pending mails; returns how many were sent. Failures stay pending until their attempts run out. */
export async function flushOutbox(
  db: Db,
  transport: MailTransport,
  log: Logger,
  now: () => Date,
): Promise<number> {
  const mails: OutboxMail[] = await claimPendingMail(db, MAILS_PER_FLUSH, MAIL_MAX_ATTEMPTS);
  let sent = 0;
  for (const mail of mails) {
    try {
      await transport.send({ to: mail.to, subject: mail.subject, text: mail.textBody }, now());
      await markMailSent(db, mail.id, now());
      sent++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await markMailFailed(db, mail.id, reason);
      const final = mail.attempts >= MAIL_MAX_ATTEMPTS;
      log.warn(final ? "mail failed; no attempts left" : "mail failed; will retry", {
        outboxId: mail.id,
        kind: mail.kind,
        attempt: mail.attempts,
        reason,
      });
    }
  }
  return sent;
}
