import {
  EMAIL_VERIFICATION_TOKEN_LIFETIME_MS,
  PASSWORD_RESET_TOKEN_LIFETIME_MS,
  PLAN_NAMES,
  type UpgradePlan,
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
  account: "/account",
  admin: "/account/admin",
} as const;

export type MailKind =
  | "verify"
  | "reset"
  | "already-registered"
  | "no-account"
  | "upgrade-requested"
  | "upgrade-approved"
  | "upgrade-refused";
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

/** To the operators: a trial account asks for a paid plan; the admin page decides it. */
export function upgradeRequestedMail(
  siteUrl: string,
  request: { account: string; plan: UpgradePlan; message: string | null },
): AccountMail {
  const note = request.message === null ? "No message." : `Their message:\n\n${request.message}`;
  return {
    kind: "upgrade-requested",
    subject: `Upgrade request: ${request.account} asks for ${PLAN_NAMES[request.plan]}`,
    textBody: `The trial account ${request.account} asks for the ${PLAN_NAMES[request.plan]} plan.

${note}

Approve or refuse it (signed in as an admin): ${link(siteUrl, ACCOUNT_LINK_PATHS.admin)}
`,
  };
}

/** To the user: the plan is theirs, and keys are made on the account page. */
export function upgradeApprovedMail(siteUrl: string, plan: UpgradePlan): AccountMail {
  return {
    kind: "upgrade-approved",
    subject: `Your Token Price Index account is now ${PLAN_NAMES[plan]}`,
    textBody: `Your request is approved: your account is on the ${PLAN_NAMES[plan]} plan, which does not expire.

Create your API keys on your account page: ${link(siteUrl, ACCOUNT_LINK_PATHS.account)}
`,
  };
}

/** To the user: the refusal and the admin's reason; the account stays as it was. */
export function upgradeRefusedMail(
  siteUrl: string,
  plan: UpgradePlan,
  reason: string,
): AccountMail {
  return {
    kind: "upgrade-refused",
    subject: "Your Token Price Index upgrade request",
    textBody: `Your request for the ${PLAN_NAMES[plan]} plan was refused. The operators' reason:

${reason}

Your account stays as it was. You may send a new request from your account page: ${link(siteUrl, ACCOUNT_LINK_PATHS.account)}
`,
  };
}
