import {
  EMAIL_VERIFICATION_TOKEN_LIFETIME_MS,
  PASSWORD_RESET_TOKEN_LIFETIME_MS,
} from "@tpi/domain";
import { enqueueMail, insertEmailToken, type EmailTokenPurpose, type Prisma } from "@tpi/db";
import { passwordResetMail, verificationMail, type AccountMail } from "./mail-texts";
import { newOpaqueToken, sha256Hex } from "./secrets";

/**
 * The account mails go through the outbox, written in the caller's transaction: a mail is sent
 * only if what it announces was committed, and a link only if its mail was queued.
 */
export async function enqueueAccountMail(
  tx: Prisma.TransactionClient,
  to: string,
  mail: AccountMail,
  now: Date,
): Promise<void> {
  await enqueueMail(tx, {
    to,
    subject: mail.subject,
    textBody: mail.textBody,
    kind: mail.kind,
    createdAt: now,
  });
}

/** A one-time link (only its hash is stored) and the mail that carries it. */
export async function mailOneTimeLink(
  tx: Prisma.TransactionClient,
  link: { accountId: string; to: string; purpose: EmailTokenPurpose; siteUrl: string; now: Date },
): Promise<void> {
  const { accountId, to, purpose, siteUrl, now } = link;
  const token = newOpaqueToken();
  const lifetime =
    purpose === "verify" ? EMAIL_VERIFICATION_TOKEN_LIFETIME_MS : PASSWORD_RESET_TOKEN_LIFETIME_MS;
  await insertEmailToken(tx, {
    accountId,
    purpose,
    tokenHash: sha256Hex(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetime),
  });
  const mail =
    purpose === "verify" ? verificationMail(siteUrl, token) : passwordResetMail(siteUrl, token);
  await enqueueAccountMail(tx, to, mail, now);
}
