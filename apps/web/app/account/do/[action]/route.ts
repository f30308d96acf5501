import { ACCOUNT_MESSAGES, ACCOUNT_PLANS, type AccountPlan } from "@tpi/domain";
import {
  REVOKE_CONFIRM_FIELD,
  REVOKE_CONFIRM_VALUE,
  RESET_PASSWORD_PAGE,
  authorizePath,
  resetPasswordPath,
  safeAccountPath,
  signInPath,
  signUpPath,
} from "../../../../src/lib/account-paths";
import { accountApi, type ApiRefusal } from "../../../../src/server/account";
import {
  attempt,
  field,
  formOf,
  formTokenOf,
  requestSessionToken,
  seeOther,
  type Outcome,
} from "../../../../src/server/account-forms";
import { clientRedirectTarget } from "../../../../src/lib/client-redirect";
import { connectionsApi } from "../../../../src/server/connections";
import { WEBHOOK_HANDLERS } from "../../../../src/server/webhook-forms";

/**
 * Every account form posts here (`/account/do/<action>`): plain HTML forms, so that accounts work
 * without JavaScript. Each handler calls the api (which checks the CSRF or form token, limits and
 * plans) and answers 303 to an account page with the outcome; a refusal goes back to the form's
 * page in the api's words.
 */
export const dynamic = "force-dynamic";

type Handler = {
  /** Where a refusal goes back to: the form's page, or a page chosen from the form and the refusal. */
  from: string | ((form: FormData, refused: ApiRefusal) => string);
  run: (request: Request, form: FormData) => Promise<Outcome>;
};

function signedIn(request: Request, form: FormData) {
  return { sessionToken: requestSessionToken(request) || "-", csrfToken: field(form, "csrfToken") };
}

/** A revocation posted without its confirmation page's field (an old page, a forged form). */
const UNCONFIRMED_REVOCATION =
  "Nothing was revoked: confirm the revocation on its page (the key list's Revoke).";

/** A client address the site does not send a browser to (clientRedirectTarget): never expected. */
const UNSENDABLE_REDIRECT =
  "The application's address is not one this site sends a browser to; nothing was sent to it.";

function confirmedRevocation(form: FormData): boolean {
  return field(form, REVOKE_CONFIRM_FIELD) === REVOKE_CONFIRM_VALUE;
}

function planOf(value: string): AccountPlan | undefined {
  return ACCOUNT_PLANS.find((known) => known === value);
}

const HANDLERS: Record<string, Handler> = {
  "sign-up": {
    // A refused sign-up, and the sign-in after it, keep the page to go on to.
    from: (form) => signUpPath(field(form, "next")),
    run: async (request, form) => {
      // The request goes along: the api limits sign-ups per visitor address.
      const answer = await accountApi(request).signUp.mutate({
        email: field(form, "email"),
        password: field(form, "password"),
        formToken: formTokenOf(request, form),
      });
      return {
        to: signInPath(field(form, "next")),
        flash: { kind: "notice", message: answer.message },
      };
    },
  },
  "sign-in": {
    // A refused sign-in keeps the page to go on to.
    from: (form) => signInPath(field(form, "next")),
    run: async (request, form) => {
      const previous = requestSessionToken(request);
      const answer = await accountApi(request).signIn.mutate({
        email: field(form, "email"),
        password: field(form, "password"),
        formToken: formTokenOf(request, form),
        // Session fixation: a token held before sign-in is ended by the api, never promoted.
        ...(previous === "" ? {} : { previousSessionToken: previous }),
      });
      // On to the page that sent the reader to sign in (an account page: checked), or the account.
      const next = safeAccountPath(field(form, "next"), "/account");
      return { to: next, session: { value: answer.sessionToken, spec: answer.cookie } };
    },
  },
  "sign-out": {
    from: "/account",
    run: async (request, form) => {
      const answer = await accountApi().signOut.mutate(signedIn(request, form));
      return {
        to: "/account/sign-in",
        flash: { kind: "notice", message: answer.message },
        session: { value: "" },
      };
    },
  },
  "sign-out-others": {
    from: "/account",
    run: async (request, form) => {
      const answer = await accountApi().signOutOthers.mutate(signedIn(request, form));
      const ended = answer.ended === 1 ? "1 session ended" : `${answer.ended} sessions ended`;
      return {
        to: "/account",
        flash: { kind: "notice", message: `${answer.message} (${ended}.)` },
      };
    },
  },
  "verify-email": {
    from: "/account/sign-in",
    run: async (_request, form) => {
      const answer = await accountApi().verifyEmail.mutate({ token: field(form, "token") });
      return { to: "/account/sign-in", flash: { kind: "notice", message: answer.message } };
    },
  },
  "reset-request": {
    from: "/account/reset-password",
    run: async (request, form) => {
      const answer = await accountApi(request).requestPasswordReset.mutate({
        email: field(form, "email"),
        formToken: formTokenOf(request, form),
      });
      return { to: "/account/reset-password", flash: { kind: "notice", message: answer.message } };
    },
  },
  "reset-password": {
    // A refused password goes back to the same link's form; a dead link to the request form.
    from: (form, refused) =>
      refused.message === ACCOUNT_MESSAGES.invalidEmailToken
        ? RESET_PASSWORD_PAGE
        : resetPasswordPath(field(form, "token")),
    run: async (request, form) => {
      const answer = await accountApi().resetPassword.mutate({
        token: field(form, "token"),
        password: field(form, "password"),
        formToken: formTokenOf(request, form),
      });
      return { to: "/account/sign-in", flash: { kind: "notice", message: answer.message } };
    },
  },
  "create-key": {
    from: "/account",
    run: async (request, form) => {
      const answer = await accountApi().keys.create.mutate({
        ...signedIn(request, form),
        name: field(form, "name"),
      });
      return {
        to: "/account/new-key",
        flash: {
          kind: "new-key",
          key: answer.key,
          name: answer.name,
          displayPrefix: answer.displayPrefix,
        },
      };
    },
  },
  "revoke-key": {
    from: "/account",
    run: async (request, form) => {
      if (!confirmedRevocation(form))
        return { to: "/account", flash: { kind: "error", message: UNCONFIRMED_REVOCATION } };
      await accountApi().keys.revoke.mutate({
        ...signedIn(request, form),
        keyId: field(form, "keyId"),
      });
      return { to: "/account", flash: { kind: "notice", message: "The key is revoked." } };
    },
  },
  "decide-connection": {
    // A refusal (an ended request, a stale form) goes back to the request's page, which says so.
    from: (form) => authorizePath(field(form, "requestId")),
    run: async (request, form) => {
      const requestId = field(form, "requestId");
      // The pressed button's value: only "allow" allows; anything else denies.
      const answer = await connectionsApi().decide.mutate({
        ...signedIn(request, form),
        requestId,
        approve: field(form, "decision") === "allow",
      });
      // Back to the application at its redirect address, with the code or the refusal.
      if (clientRedirectTarget(answer.redirectTo) === undefined)
        return { to: "/account", flash: { kind: "error", message: UNSENDABLE_REDIRECT } };
      return { to: "/account", away: answer.redirectTo };
    },
  },
  "revoke-connection": {
    from: "/account",
    run: async (request, form) => {
      await connectionsApi().revoke.mutate({
        ...signedIn(request, form),
        grantId: field(form, "grantId"),
      });
      return {
        to: "/account",
        flash: { kind: "notice", message: "The application is disconnected." },
      };
    },
  },
  "request-upgrade": {
    from: "/account",
    run: async (request, form) => {
      // The plan is the pressed button's value; the api checks it and says which plans exist.
      const answer = await accountApi().upgrades.request.mutate({
        ...signedIn(request, form),
        plan: field(form, "plan"),
        message: field(form, "message"),
      });
      return { to: "/account", flash: { kind: "notice", message: answer.message } };
    },
  },
  ...WEBHOOK_HANDLERS,
  "admin-approve-upgrade": {
    from: "/account/admin",
    run: async (request, form) => {
      const answer = await accountApi().upgrades.approve.mutate({
        ...signedIn(request, form),
        requestId: field(form, "requestId"),
      });
      return { to: "/account/admin", flash: { kind: "notice", message: answer.message } };
    },
  },
  "admin-refuse-upgrade": {
    from: "/account/admin",
    run: async (request, form) => {
      const answer = await accountApi().upgrades.refuse.mutate({
        ...signedIn(request, form),
        requestId: field(form, "requestId"),
        reason: field(form, "reason"),
      });
      return { to: "/account/admin", flash: { kind: "notice", message: answer.message } };
    },
  },
  "admin-set-plan": {
    from: "/account/admin",
    run: async (request, form) => {
      const plan = planOf(field(form, "plan"));
      if (plan === undefined)
        return {
          to: "/account/admin",
          flash: {
            kind: "error",
            message: `Choose one of the plans: ${ACCOUNT_PLANS.join(", ")}.`,
          },
        };
      await accountApi().admin.setPlan.mutate({
        ...signedIn(request, form),
        accountId: field(form, "accountId"),
        plan,
      });
      return { to: "/account/admin", flash: { kind: "notice", message: "The plan is changed." } };
    },
  },
  "admin-revoke-key": {
    from: "/account/admin",
    run: async (request, form) => {
      if (!confirmedRevocation(form))
        return { to: "/account/admin", flash: { kind: "error", message: UNCONFIRMED_REVOCATION } };
      await accountApi().admin.revokeKey.mutate({
        ...signedIn(request, form),
        keyId: field(form, "keyId"),
      });
      return { to: "/account/admin", flash: { kind: "notice", message: "The key is revoked." } };
    },
  },
};

export async function POST(
  request: Request,
  context: { params: Promise<{ action: string }> },
): Promise<Response> {
  const { action } = await context.params;
  const handler = Object.hasOwn(HANDLERS, action) ? HANDLERS[action] : undefined;
  if (handler === undefined)
    return Response.json(
      { error: "not_found", message: "No such account action." },
      { status: 404, headers: { "cache-control": "no-store" } },
    );
  const form = await formOf(request);
  const { from } = handler;
  const back = typeof from === "string" ? from : (refused: ApiRefusal) => from(form, refused);
  return attempt(back, () => handler.run(request, form));
}

/** A form address opened directly: back to the account page. */
export function GET(): Response {
  return seeOther({ to: "/account" });
}
