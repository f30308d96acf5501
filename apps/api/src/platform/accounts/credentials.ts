import {
  ACCOUNT_MESSAGES,
  PASSWORD_RESET_PER_ADDRESS_LIMIT,
  PASSWORD_RESET_PER_EMAIL_AND_ADDRESS_LIMIT,
  PASSWORD_RESET_PER_EMAIL_LIMIT,
  SIGN_UP_PER_ADDRESS_LIMIT,
  badRequest,
  parseEmail,
  passwordProblem,
  trialEndFor,
  type AccountPlan,
} from "@tpi/domain";
import {
  consumeEmailToken,
  findAccountDetails,
  findCredentialsByEmail,
  findEmailToken,
  insertWebAccount,
  markEmailVerified,
  revokeAccountSessions,
  setPasswordHash,
} from "@tpi/db";
import type { AttemptLimiter } from "../rate-limit/attempt-limiter";
import { enqueueAccountMail, mailOneTimeLink } from "./account-mail";
import { alreadyRegisteredMail, noAccountMail } from "./mail-texts";
import { hashPassword } from "./password-hash";
import { sha256Hex } from "./secrets";
import type { AccountServiceDeps, FormToken } from "./session-guard";
import type { Visitor } from "./visitor-address";

/**
 * An account's address and password, set and proven without a session: sign-up, the mailed
 * address check, and the password reset. Sign-up and the reset request answer the same whether
 * or not the address has an account (what differs goes to the mailbox): neither tells who is
 * registered.
 */
export type CredentialServiceDeps = AccountServiceDeps & {
  /** The website's public address, for the links in mails (TPI_PUBLIC_SITE_URL). */
  siteUrl: string;
  trialPeriodHours: number;
  /** What a sign-up gets (NEW_ACCOUNT_PLAN); a trial ends TRIAL_PERIOD_HOURS after sign-up. */
  newAccountPlan: AccountPlan;
  limiter: AttemptLimiter;
};

export class CredentialService {
  constructor(private readonly deps: CredentialServiceDeps) {}

  async signUp(input: { email: string; password: string; formToken: FormToken }, visitor: Visitor) {
    this.deps.guard.checkForm(input.formToken);
    await this.deps.limiter.hit(SIGN_UP_PER_ADDRESS_LIMIT, visitor.key);
    const email = parseEmail(input.email);
    if (!email.ok) throw email.error;
    const problem = passwordProblem(input.password, email.value);
    if (problem !== null) throw badRequest(problem);
    // Hashed whether or not the address is taken, so both paths cost the same derivation.
    const passwordHash = await hashPassword(input.password);
    const { siteUrl } = this.deps;
    const now = this.deps.clock();
    await this.deps.db.$transaction(async (tx) => {
      const created = await insertWebAccount(tx, {
        email: email.value,
        passwordHash,
        name: email.value,
        plan: this.deps.newAccountPlan,
        trialEndsAt: trialEndFor(this.deps.newAccountPlan, now, this.deps.trialPeriodHours),
        createdAt: now,
      });
      if (created === null) {
        // Taken: the same answer as a new address; the owner hears of it by mail.
        await enqueueAccountMail(tx, email.value, alreadyRegisteredMail(siteUrl), now);
        return;
      }
      await mailOneTimeLink(tx, {
        accountId: created.id,
        to: email.value,
        purpose: "verify",
        siteUrl,
        now,
      });
    });
    this.deps.mailQueued();
    return { message: ACCOUNT_MESSAGES.signUpCheckMail };
  }
  /** What a sign-up gets, for the sign-up page (the operator's NEW_ACCOUNT_PLAN). */
  newAccountTerms() {
    const { newAccountPlan, trialPeriodHours } = this.deps;
    return { plan: newAccountPlan, trialPeriodHours };
  }

  async verifyEmail(input: { token: string }) {
    const now = this.deps.clock();
    const verified = await this.deps.db.$transaction(async (tx) => {
      const accountId = await consumeEmailToken(tx, sha256Hex(input.token), "verify", now);
      if (accountId !== null) await markEmailVerified(tx, accountId, now);
      return accountId !== null;
    });
    if (!verified) throw badRequest(ACCOUNT_MESSAGES.invalidEmailToken);
    return { message: ACCOUNT_MESSAGES.emailVerified };
  }

  /**
   * Mails a reset link. Limited per visitor, per visitor and email address (someone asking for
   * another's address does not stop its owner from asking elsewhere), and per email address from
   * anywhere, a higher bound on the mail one inbox can be sent.
   */
  async requestPasswordReset(input: { email: string; formToken: FormToken }, visitor: Visitor) {
    this.deps.guard.checkForm(input.formToken);
    await this.deps.limiter.hit(PASSWORD_RESET_PER_ADDRESS_LIMIT, visitor.key);
    const email = parseEmail(input.email);
    if (!email.ok) throw email.error;
    await this.deps.limiter.hit(
      PASSWORD_RESET_PER_EMAIL_AND_ADDRESS_LIMIT,
      `${visitor.key}|${email.value}`,
    );
    await this.deps.limiter.hit(PASSWORD_RESET_PER_EMAIL_LIMIT, email.value);
    const found = await findCredentialsByEmail(this.deps.db, email.value);
    const { siteUrl } = this.deps;
    const now = this.deps.clock();
    // Either way one transaction writes a mail (a link and a mail, or a mail), so the answer's
    // timing differs by one insert at most, not by a transaction.
    await this.deps.db.$transaction((tx) =>
      found === null
        ? enqueueAccountMail(tx, email.value, noAccountMail(siteUrl), now)
        : mailOneTimeLink(tx, {
            accountId: found.id,
            to: email.value,
            purpose: "reset",
            siteUrl,
            now,
          }),
    );
    this.deps.mailQueued();
    return { message: ACCOUNT_MESSAGES.resetCheckMail };
  }

  async resetPassword(input: { token: string; password: string; formToken: FormToken }) {
    this.deps.guard.checkForm(input.formToken);
    const now = this.deps.clock();
    const tokenHash = sha256Hex(input.token);
    const token = await findEmailToken(this.deps.db, tokenHash);
    const usable =
      token !== null && token.purpose === "reset" && token.usedAt === null && token.expiresAt > now;
    const account = usable ? await findAccountDetails(this.deps.db, token.accountId) : null;
    if (account === null) throw badRequest(ACCOUNT_MESSAGES.invalidEmailToken);
    // The password is checked before the link is spent, so a refused password can be corrected.
    const problem = passwordProblem(input.password, account.email ?? "");
    if (problem !== null) throw badRequest(problem);
    const passwordHash = await hashPassword(input.password);
    const changed = await this.deps.db.$transaction(async (tx) => {
      if ((await consumeEmailToken(tx, tokenHash, "reset", now)) === null) return false;
      await setPasswordHash(tx, account.id, passwordHash);
      // The link reached the mailbox, which proves the address.
      await markEmailVerified(tx, account.id, now);
      await revokeAccountSessions(tx, account.id, now);
      return true;
    });
    if (!changed) throw badRequest(ACCOUNT_MESSAGES.invalidEmailToken);
    return { message: ACCOUNT_MESSAGES.passwordChanged };
  }
}
