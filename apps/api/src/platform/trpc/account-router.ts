import { ACCOUNT_PLANS } from "@tpi/domain";
import { z } from "zod";
import { createApiKeyBodySchema } from "../accounts/create-key-schemas";
import { accountProcedure, change, session, token } from "./account-procedure";
import { t } from "./init";
import { webhooksRouter } from "./webhooks-router";

/**
 * The website's account procedures (`account.*`). The website's server keeps the session token
 * in the cookie the api describes, and passes with each call: the session token, for changes the
 * session's CSRF token, and for the anonymous forms both copies of the form token. The visitor's
 * address, for the attempt limits, is never an input: it comes in the website's signed header
 * (ctx.visitorHeader), verified by the account service. Refusals carry the REST words
 * (`message`, and `data.error` the label) and 429s `data.retryAfterSeconds`.
 */

const formToken = z.object({ cookie: z.string().max(512), form: z.string().max(512) }).strict();
const email = z.string().max(1_000);
const password = z.string().max(1_000);

const keysRouter = t.router({
  /** The account's keys, oldest first, revoked ones included: prefix, name, created, last used. */
  list: accountProcedure
    .input(z.object(session).strict())
    .query(({ ctx, input }) => ctx.accounts.keys.list(input)),
  /** A new key, shown this once. Trial accounts: FORBIDDEN with the api's 403 words. */
  create: accountProcedure
    .input(z.object({ ...change, name: createApiKeyBodySchema.shape.name }).strict())
    .mutation(({ ctx, input }) => ctx.accounts.keys.create(input)),
  /** Revokes one of the account's own keys (refused by this instance at once, by others within the cache TTL). */
  revoke: accountProcedure
    .input(z.object({ ...change, keyId: z.uuid() }).strict())
    .mutation(({ ctx, input }) => ctx.accounts.keys.revoke(input)),
});

/**
 * MCP clients connected through OAuth: the website's consent page (`request`, `decide`) and the
 * account page's list of connections (`list`, `revoke`).
 */
const connectionsRouter = t.router({
  /** A pending authorization request, for the consent page; unknown, expired or decided: NOT_FOUND. */
  request: accountProcedure
    .input(z.object({ ...session, requestId: z.string().max(100) }).strict())
    .query(({ ctx, input }) => ctx.accounts.connections.request(input)),
  /** The person's answer, once: where to send the browser (the client's redirect_uri with code or error, state and iss). */
  decide: accountProcedure
    .input(z.object({ ...change, requestId: z.string().max(100), approve: z.boolean() }).strict())
    .mutation(({ ctx, input }) => ctx.accounts.connections.decide(input)),
  /** The account's connections, newest first, revoked ones included. */
  list: accountProcedure
    .input(z.object(session).strict())
    .query(({ ctx, input }) => ctx.accounts.connections.list(input)),
  /** Ends one of the account's connections, at once on every instance; another account's: NOT_FOUND. */
  revoke: accountProcedure
    .input(z.object({ ...change, grantId: z.uuid() }).strict())
    .mutation(({ ctx, input }) => ctx.accounts.connections.revoke(input)),
});

const adminRouter = t.router({
  accounts: accountProcedure
    .input(z.object(session).strict())
    .query(({ ctx, input }) => ctx.accounts.admin.accounts(input)),
  setPlan: accountProcedure
    .input(z.object({ ...change, accountId: z.uuid(), plan: z.enum(ACCOUNT_PLANS) }).strict())
    .mutation(({ ctx, input }) => ctx.accounts.admin.setPlan(input)),
  /** Every active key with its account (email, or name for accounts made on the command line). */
  keys: accountProcedure
    .input(z.object(session).strict())
    .query(({ ctx, input }) => ctx.accounts.admin.keys(input)),
  revokeKey: accountProcedure
    .input(z.object({ ...change, keyId: z.uuid() }).strict())
    .mutation(({ ctx, input }) => ctx.accounts.admin.revokeKey(input)),
  /** Ends every OAuth connection of an account (its MCP clients' tokens), at once on every instance. */
  revokeConnections: accountProcedure
    .input(z.object({ ...change, accountId: z.uuid() }).strict())
    .mutation(({ ctx, input }) => ctx.accounts.connections.adminRevokeAll(input)),
  /** The restatement revision log. */
  revisions: accountProcedure
    .input(z.object(session).strict())
    .query(({ ctx, input }) => ctx.accounts.admin.revisions(input)),
  /** Operators' actions, latest first: who, what, on what, when. */
  actions: accountProcedure
    .input(z.object(session).strict())
    .query(({ ctx, input }) => ctx.accounts.admin.actions(input)),
});

// The plan is checked by the domain (its words name the plans); the bound only caps the input.
const upgradesRouter = t.router({
  /** The account's latest upgrade request (pending or decided), or null. */
  mine: accountProcedure
    .input(z.object(session).strict())
    .query(({ ctx, input }) => ctx.accounts.upgrades.mine(input)),
  /** A trial account asks for premium or full, with an optional message; one pending at a time. */
  request: accountProcedure
    .input(
      z
        .object({ ...change, plan: z.string().max(50), message: z.string().max(10_000).optional() })
        .strict(),
    )
    .mutation(({ ctx, input }) => ctx.accounts.upgrades.request(input)),
  /** Admins: every pending request, oldest first. */
  pending: accountProcedure
    .input(z.object(session).strict())
    .query(({ ctx, input }) => ctx.accounts.upgrades.pending(input)),
  /** Admins: sets the requested plan (trial end cleared) and mails the user. */
  approve: accountProcedure
    .input(z.object({ ...change, requestId: z.uuid() }).strict())
    .mutation(({ ctx, input }) => ctx.accounts.upgrades.approve(input)),
  /** Admins: refuses with a reason, mailed to the user. */
  refuse: accountProcedure
    .input(z.object({ ...change, requestId: z.uuid(), reason: z.string().max(10_000) }).strict())
    .mutation(({ ctx, input }) => ctx.accounts.upgrades.refuse(input)),
});

export const accountRouter = t.router({
  /** A pre-session form token and its cookie's attributes, for the sign-in, sign-up and reset forms. */
  formToken: accountProcedure.query(({ ctx }) => ctx.accounts.sessions.formToken()),
  /** What a sign-up gets (NEW_ACCOUNT_PLAN, TRIAL_PERIOD_HOURS): the sign-up page says it. */
  newAccountTerms: accountProcedure.query(({ ctx }) => ctx.accounts.credentials.newAccountTerms()),
  signUp: accountProcedure
    .input(z.object({ email, password, formToken }).strict())
    .mutation(({ ctx, input }) => ctx.accounts.credentials.signUp(input, ctx.visitor())),
  signIn: accountProcedure
    .input(
      z.object({ email, password, formToken, previousSessionToken: token.optional() }).strict(),
    )
    .mutation(({ ctx, input }) => ctx.accounts.sessions.signIn(input, ctx.visitor())),
  signOut: accountProcedure
    .input(z.object(change).strict())
    .mutation(({ ctx, input }) => ctx.accounts.sessions.signOut(input)),
  /** The account's live sessions (started, last seen, ends; `current` is the caller's). */
  sessions: accountProcedure
    .input(z.object(session).strict())
    .query(({ ctx, input }) => ctx.accounts.sessions.list(input)),
  /** Ends every session of the account but the caller's. */
  signOutOthers: accountProcedure
    .input(z.object(change).strict())
    .mutation(({ ctx, input }) => ctx.accounts.sessions.signOutOthers(input)),
  me: accountProcedure
    .input(z.object(session).strict())
    .query(({ ctx, input }) => ctx.accounts.sessions.me(input)),
  /** From the mailed link: the link's token is the proof (no form token). */
  verifyEmail: accountProcedure
    .input(z.object({ token }).strict())
    .mutation(({ ctx, input }) => ctx.accounts.credentials.verifyEmail(input)),
  requestPasswordReset: accountProcedure
    .input(z.object({ email, formToken }).strict())
    .mutation(({ ctx, input }) =>
      ctx.accounts.credentials.requestPasswordReset(input, ctx.visitor()),
    ),
  resetPassword: accountProcedure
    .input(z.object({ token, password, formToken }).strict())
    .mutation(({ ctx, input }) => ctx.accounts.credentials.resetPassword(input)),
  keys: keysRouter,
  connections: connectionsRouter,
  usage: accountProcedure
    .input(z.object(session).strict())
    .query(({ ctx, input }) => ctx.accounts.usage.lastDays(input)),
  admin: adminRouter,
  upgrades: upgradesRouter,
  /** The signed-in account's webhook subscriptions: the website's account pages. */
  webhooks: webhooksRouter,
});
