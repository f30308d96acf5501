import { PLAN_NAMES } from "@tpi/domain";
import { NEW_WEBHOOK_PAGE, webhookPath } from "../lib/account-paths";
import { formatCount, formatUtcInstant } from "../lib/format";
import { filterInWords, responseWords } from "../lib/webhook-words";
import type { WebhookListAnswer } from "../server/webhooks";
import type { ReactNode } from "react";
import { CsrfField } from "./account-parts";

/**
 * The account page's Webhooks section: the plan's allowance, every subscription with its filter
 * in words, its status and its newest delivery, a pause or resume button each, the way to each
 * one's page (controls and delivery log) and to the form of a new one.
 */
export function WebhooksSection({
  list,
  csrfToken,
}: {
  list: WebhookListAnswer;
  csrfToken: string;
}) {
  const { subscriptions, allowance } = list;
  const { limits } = allowance;
  const room = subscriptions.length < limits.subscriptions;
  return (
    <section aria-labelledby="webhooks-heading" data-section="webhooks">
      <h2 id="webhooks-heading">Webhooks</h2>
      <p>
        Each event your filter selects is sent to your endpoint as a signed POST (the Standard
        Webhooks scheme), retried until it is acknowledged; see <a href="/docs">the API docs</a> for
        the payloads.
      </p>
      <p className="muted" data-webhook-allowance>
        The {PLAN_NAMES[allowance.plan]} plan: {subscriptions.length} of {limits.subscriptions}{" "}
        {limits.subscriptions === 1 ? "webhook" : "webhooks"};{" "}
        {formatCount(allowance.deliveriesToday)} of {formatCount(limits.deliveriesPerDay)}{" "}
        deliveries used today (UTC).
      </p>
      {subscriptions.length === 0 ? (
        <p className="muted">No webhooks yet.</p>
      ) : (
        <WebhookTable subscriptions={subscriptions} csrfToken={csrfToken} />
      )}
      {room ? (
        <p>
          <a href={NEW_WEBHOOK_PAGE} className="button-link" data-new-webhook-link>
            Add a webhook
          </a>
        </p>
      ) : (
        <p className="notice" data-webhook-limit>
          This plan holds at most {limits.subscriptions}{" "}
          {limits.subscriptions === 1 ? "webhook" : "webhooks"}: delete one to add another, or
          request another plan under Your plan.
        </p>
      )}
    </section>
  );
}

type Subscription = WebhookListAnswer["subscriptions"][number];

const STATUS_WORDS: Record<Subscription["status"], string> = {
  active: "Active",
  paused: "Paused",
  disabled: "Disabled",
};

export function statusWords(status: Subscription["status"]): string {
  return STATUS_WORDS[status];
}

function lastDeliveryWords(last: Subscription["lastDelivery"]): string {
  if (last === null) return "None yet";
  const when = last.lastAttemptAt ?? last.publishedAt;
  const answer =
    last.responseStatus === null && last.error === null
      ? ""
      : ` (${responseWords(last.responseStatus, last.error)})`;
  return `${last.status}${answer}, ${formatUtcInstant(when)}`;
}

function WebhookTable({
  subscriptions,
  csrfToken,
}: {
  subscriptions: readonly Subscription[];
  csrfToken: string;
}) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Webhooks">
      <table data-table="webhooks">
        <caption>Your webhooks, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Endpoint</th>
            <th scope="col">Events</th>
            <th scope="col">Status</th>
            <th scope="col">Last delivery (UTC)</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {subscriptions.map((subscription) => (
            <tr
              key={subscription.id}
              data-webhook-id={subscription.id}
              data-webhook-status={subscription.status}
            >
              <th scope="row" className="webhook-url">
                <a href={webhookPath(subscription.id)}>{subscription.url}</a>
              </th>
              <td>{filterInWords(subscription.filter)}</td>
              <td>
                {statusWords(subscription.status)}
                {subscription.disabledReason === null ? null : (
                  <span className="muted">: {subscription.disabledReason}</span>
                )}
              </td>
              <td>{lastDeliveryWords(subscription.lastDelivery)}</td>
              <td>
                <div className="button-row">
                  <a
                    href={webhookPath(subscription.id)}
                    className="button-link"
                    aria-label={`Manage and log: ${subscription.url}`}
                  >
                    Manage and log
                  </a>
                  <PauseResumeForm
                    id={subscription.id}
                    url={subscription.url}
                    status={subscription.status}
                    csrfToken={csrfToken}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Pause (active) or resume (paused); a disabled subscription is enabled on its own page. */
export function PauseResumeForm({
  id,
  url,
  status,
  csrfToken,
}: {
  id: string;
  url: string;
  status: Subscription["status"];
  csrfToken: string;
}) {
  if (status === "disabled") return null;
  const action = status === "active" ? "pause" : "resume";
  const words = status === "active" ? "Pause" : "Resume";
  return (
    <WebhookActionForm action={`${action}-webhook`} id={id} csrfToken={csrfToken}>
      <button type="submit" aria-label={`${words} ${url}`}>
        {words}
      </button>
    </WebhookActionForm>
  );
}

/**
 * One action on one webhook: a form posting to `/account/do/<action>` with the session's CSRF
 * token and the webhook's id; `children` are the action's own fields and its button.
 */
export function WebhookActionForm({
  action,
  id,
  csrfToken,
  className = "inline-form",
  children,
}: {
  action: string;
  id: string;
  csrfToken: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form method="post" action={`/account/do/${action}`} className={className} data-form={action}>
      <CsrfField token={csrfToken} />
      <input type="hidden" name="id" value={id} />
      {children}
    </form>
  );
}
