import "server-only";
import {
  NEW_WEBHOOK_PAGE,
  WEBHOOK_SECRET_PAGE,
  webhookPath,
  type Flash,
} from "../lib/account-paths";
import {
  fieldOfRefusal,
  keptValues,
  readWebhookForm,
  type WebhookFormValues,
} from "../lib/webhook-form";
import { accountApi, refusal, type ApiRefusal } from "./account";
import { field, requestSessionToken, type Outcome } from "./account-forms";

/**
 * The webhook forms' handlers (`/account/do/<action>`), as the account form route runs them:
 * each calls the api for the signed-in account and goes back to the subscription's page (or the
 * form) with the outcome. The api checks the session, the CSRF token, the plan and every rule.
 */
export type WebhookFormHandler = {
  from: string | ((form: FormData, refused: ApiRefusal) => string);
  run: (request: Request, form: FormData) => Promise<Outcome>;
};

/** The field that confirms a deletion (a box the reader ticks; a forged post lacks it). */
export const DELETE_CONFIRM_FIELD = "confirmDelete";
export const DELETE_CONFIRM_VALUE = "yes";

export const WEBHOOK_FORM_NOTICES = {
  unconfirmedDelete: "Nothing was deleted: tick the box that confirms the deletion.",
  deleted: "The webhook is deleted: nothing more is sent to it.",
  paused: "The webhook is paused: events are kept for it and sent once it is resumed.",
  resumed: "The webhook is resumed: its kept events are sent in order.",
  enabled: "The webhook is enabled again: its queued deliveries are sent in order.",
  redelivered: "The event is queued again for this webhook.",
} as const;

function signedIn(request: Request, form: FormData) {
  return { sessionToken: requestSessionToken(request) || "-", csrfToken: field(form, "csrfToken") };
}

/** The subscription's page, for a well-formed id; the account page otherwise. */
function pageOf(form: FormData): string {
  const id = field(form, "id");
  return /^[0-9a-f-]{36}$/.test(id) ? webhookPath(id) : "/account";
}

/** The form again with its values and the refusal next to its field (or above the form). */
function formRefused(values: WebhookFormValues, refused: ApiRefusal): Outcome {
  const at = fieldOfRefusal(refused.message, values);
  const kept = keptValues(values);
  const flash: Flash =
    at === undefined
      ? { kind: "webhook-form", values: kept, errors: {}, message: refused.message }
      : { kind: "webhook-form", values: kept, errors: { [at]: refused.message } };
  return { to: NEW_WEBHOOK_PAGE, flash };
}

/** A change of one subscription that answers with the api's state and a notice. */
function change(
  call: (input: { sessionToken: string; csrfToken: string; id: string }) => Promise<unknown>,
  notice: string,
): WebhookFormHandler {
  return {
    from: pageOf,
    run: async (request, form) => {
      await call({ ...signedIn(request, form), id: field(form, "id") });
      return { to: pageOf(form), flash: { kind: "notice", message: notice } };
    },
  };
}

export const WEBHOOK_HANDLERS: Record<string, WebhookFormHandler> = {
  "create-webhook": {
    from: NEW_WEBHOOK_PAGE,
    run: async (request, form) => {
      const reading = readWebhookForm(form);
      if (!reading.ok)
        return {
          to: NEW_WEBHOOK_PAGE,
          flash: {
            kind: "webhook-form",
            values: keptValues(reading.values),
            errors: reading.errors,
          },
        };
      const { url, ...filter } = reading.input;
      try {
        const created = await accountApi().webhooks.create.mutate({
          ...signedIn(request, form),
          url,
          filter,
        });
        return {
          to: WEBHOOK_SECRET_PAGE,
          flash: {
            kind: "webhook-secret",
            secret: created.secret,
            subscriptionId: created.subscription.id,
            url: created.subscription.url,
            rotated: false,
          },
        };
      } catch (error) {
        return formRefused(reading.values, refusal(error));
      }
    },
  },
  "pause-webhook": change(
    (input) => accountApi().webhooks.pause.mutate(input),
    WEBHOOK_FORM_NOTICES.paused,
  ),
  "resume-webhook": change(
    (input) => accountApi().webhooks.resume.mutate(input),
    WEBHOOK_FORM_NOTICES.resumed,
  ),
  "enable-webhook": change(
    (input) => accountApi().webhooks.enable.mutate(input),
    WEBHOOK_FORM_NOTICES.enabled,
  ),
  "delete-webhook": {
    from: pageOf,
    run: async (request, form) => {
      if (field(form, DELETE_CONFIRM_FIELD) !== DELETE_CONFIRM_VALUE)
        return {
          to: pageOf(form),
          flash: { kind: "error", message: WEBHOOK_FORM_NOTICES.unconfirmedDelete },
        };
      await accountApi().webhooks.remove.mutate({
        ...signedIn(request, form),
        id: field(form, "id"),
      });
      return { to: "/account", flash: { kind: "notice", message: WEBHOOK_FORM_NOTICES.deleted } };
    },
  },
  "rotate-webhook-secret": {
    from: pageOf,
    run: async (request, form) => {
      const rotated = await accountApi().webhooks.rotateSecret.mutate({
        ...signedIn(request, form),
        id: field(form, "id"),
      });
      return {
        to: WEBHOOK_SECRET_PAGE,
        flash: {
          kind: "webhook-secret",
          secret: rotated.secret,
          subscriptionId: field(form, "id"),
          rotated: true,
          previousUntil: rotated.previousSecretExpiresAt,
        },
      };
    },
  },
  "test-webhook": {
    from: pageOf,
    run: async (request, form) => {
      const result = await accountApi().webhooks.test.mutate({
        ...signedIn(request, form),
        id: field(form, "id"),
      });
      return {
        to: pageOf(form),
        flash: {
          kind: "webhook-test",
          delivered: result.delivered,
          status: result.responseStatus,
          latencyMs: result.latencyMs,
          error: result.error,
        },
      };
    },
  },
  "redeliver-webhook": {
    from: pageOf,
    run: async (request, form) => {
      await accountApi().webhooks.redeliver.mutate({
        ...signedIn(request, form),
        id: field(form, "id"),
        eventId: field(form, "eventId"),
      });
      return {
        to: pageOf(form),
        flash: { kind: "notice", message: WEBHOOK_FORM_NOTICES.redelivered },
      };
    },
  },
};
