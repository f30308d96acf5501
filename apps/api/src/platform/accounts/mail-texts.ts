import {
  EMAIL_VERIFICATION_TOKEN_LIFETIME_MS,
  PASSWORD_RESET_TOKEN_LIFETIME_MS,
} from "@tpi/domain";

/**
 * The account mails and the website paths their links open. The website serves these paths and
 * passes the `token` query parameter to account.verifyEmail or account.resetPassword.
 */
export const ACCOUNT_LINK_PATHS = {
  verify: "/account/verify-email",
  reset: "/account/reset-password",
  signIn: "/account/sign-in",
  signUp: "/account/sign-up",
} as const;

export type MailKind = "verify" | "reset" | "already-registered" | "no-account";
export type AccountMail = { kind: MailKind; subject: string; textBody: string };

function link(siteUrl: string, path: string, token?: string): string {
  const url = new URL(path, siteUrl.endsWith("/") ? siteUrl : `${siteUrl}/`);
  if (token !== undefined) url.searchParams.set("token", token);
  return url.toString();
}

const hours = (ms: number) => ms / 3_600_000;

export function verificationMail(siteUrl: string, token: string): AccountMail {
  return {
    kind: "verify",
    subject: "Confirm your Token Price Index account",
    textBody: `Confirm this address to finish creating your Token Price Index account:

${link(siteUrl, ACCOUNT_LINK_PATHS.verify, token)}

The link works once, for ${hours(EMAIL_VERIFICATION_TOKEN_LIFETIME_MS)} hours. If you did not sign up, ignore this mail.
`,
  };
}

export function passwordResetMail(siteUrl: string, token: string): AccountMail {
  return {
    kind: "reset",
    subject: "Choose a new Token Price Index password",
    textBody: `Someone (we hope you) asked to choose a new password for this Token Price Index account:

${link(siteUrl, ACCOUNT_LINK_PATHS.reset, token)}

The link works once, for ${hours(PASSWORD_RESET_TOKEN_LIFETIME_MS)} hour(s), and signs out every session. If you did not ask, ignore this mail: your password stays as it is.
`,
  };
}

/** To the owner of an address that someone tried to sign up with again. */
export function alreadyRegisteredMail(siteUrl: string): AccountMail {
  return {
    kind: "already-registered",
    subject: "Your Token Price Index account",
    textBody: `Someone tried to create a Token Price Index account with this address, which already has one.

Sign in: ${link(siteUrl, ACCOUNT_LINK_PATHS.signIn)}
Forgot the password? Choose a new one: ${link(siteUrl, ACCOUNT_LINK_PATHS.reset)}

If it was not you, ignore this mail: nothing changed.
`,
  };
}

/**
 * To an address no account uses, when someone asked to reset its password. Sent so that a reset
 * request does the same work whether or not the address has an account (one transaction that
 * writes to the outbox): neither the answer nor its timing says which.
 */
export function noAccountMail(siteUrl: string): AccountMail {
  return {
    kind: "no-account",
    subject: "Token Price Index password reset",
    textBody: `Someone asked to choose a new password for a Token Price Index account with this address, but no account uses it.

To create one: ${link(siteUrl, ACCOUNT_LINK_PATHS.signUp)}

If it was not you, ignore this mail: nothing was created or changed.
`,
  };
}
