import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { FlashMessage } from "../../../src/components/account-parts";
import {
  PauseResumeForm,
  WebhookActionForm,
  statusWords,
} from "../../../src/components/account-webhooks";
import { safeAccountPath, webhookPath, type Flash } from "../../../src/lib/account-paths";
import { formatUtcInstant } from "../../../src/lib/format";
import { filterInWords, latencyWords, responseWords } from "../../../src/lib/webhook-words";
import { accountApi, pageFlash, refusal, requireSession } from "../../../src/server/account";
import { DELETE_CONFIRM_FIELD, DELETE_CONFIRM_VALUE } from "../../../src/server/webhook-forms";
import type { DeliveryLogAnswer, WebhookAnswer } from "../../../src/server/webhooks";

export const metadata: Metadata = { title: "Webhook", robots: { index: false } };
export const dynamic = "force-dynamic";

type Query = Record<string, string | string[] | undefined>;

function one(query: Query, name: string): string | undefined {
  const value = query[name];
  return typeof value === "string" ? value : undefined;
}

/** The subscription and the page of its log, or the api's refusal (another account's id: not found). */
async function loadWebhookPage(sessionToken: string, id: string, before: number | undefined) {
  const api = accountApi();
  try {
    const [webhook, log] = await Promise.all([
      api.webhooks.get.query({ sessionToken, id }),
      api.webhooks.deliveries.query({
        sessionToken,
        id,
        ...(before === undefined ? {} : { before }),
      }),
    ]);
    return { ok: true as const, webhook, log };
  } catch (error) {
    return { ok: false as const, refused: refusal(error) };
  }
}

/**
 * One webhook of the account: what it sends where, its controls (test send, pause or resume,
 * enable again after failures, rotate the secret, delete), its newest test sends, and its
 * delivery log, newest event first, paged by event position, each finished delivery with a
 * button that sends it again. Plain forms: works without JavaScript.
 */
export default async function WebhookPage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const id = one(query, "id") ?? "";
  const beforeText = one(query, "before");
  // Only an address this site writes is read (a well-formed id and position); anything else is the account page.
  const path = safeAccountPath(webhookPath(id, beforeText), "");
  if (path === "") redirect("/account");
  const session = await requireSession(path);
  const before = beforeText === undefined ? undefined : Number(beforeText);
  const [flash, page] = await Promise.all([
    pageFlash(),
    loadWebhookPage(session.token, id, before),
  ]);
  if (!page.ok)
    return (
      <>
        <h1>Webhook</h1>
        <p className="error-box" role="alert" data-webhook-refused>
          {page.refused.message}
        </p>
        <p>
          <a href="/account">Back to your account</a>
        </p>
      </>
    );
  const { webhook, log } = page;
  return (
    <>
      <h1>Webhook</h1>
      <FlashMessage flash={flash} />
      <TestOutcome flash={flash} />
      <WebhookFacts webhook={webhook} />
      <h2>Controls</h2>
      <WebhookControls webhook={webhook} csrfToken={session.csrfToken} />
      <TestSends tests={log.tests} />
      <h2 id="log-heading">Delivery log</h2>
      <DeliveryLog
        webhook={webhook}
        log={log}
        csrfToken={session.csrfToken}
        paged={before !== undefined}
      />
      <p>
        <a href="/account">Back to your account</a>
      </p>
    </>
  );
}

/** The outcome of the test send just made: the receiver's status and the time it took. */
function TestOutcome({ flash }: { flash: Flash | undefined }) {
  if (flash?.kind !== "webhook-test") return null;
  const answer = responseWords(flash.status, flash.error);
  return (
    <p
      className={flash.delivered ? "notice" : "error-box"}
      role={flash.delivered ? "status" : "alert"}
      data-webhook-test={flash.delivered ? "delivered" : "failed"}
    >
      {flash.delivered
        ? `Test event delivered: your endpoint answered ${answer} in ${flash.latencyMs} ms.`
        : `Test event not delivered (${answer}) after ${flash.latencyMs} ms.`}
    </p>
  );
}

function WebhookFacts({ webhook }: { webhook: WebhookAnswer }) {
  return (
    <dl className="account-facts webhook-facts">
      <dt>Endpoint</dt>
      <dd data-webhook="url">
        <code>{webhook.url}</code>
      </dd>
      <dt>Events</dt>
      <dd data-webhook="filter">{filterInWords(webhook.filter)}</dd>
      <dt>Status</dt>
      <dd data-webhook="status">
        {statusWords(webhook.status)}
        {webhook.disabledReason === null ? null : `: ${webhook.disabledReason}`}
      </dd>
      <dt>Created (UTC)</dt>
      <dd>{formatUtcInstant(webhook.createdAt)}</dd>
      {webhook.failingSince === null ? null : (
        <>
          <dt>Failing since (UTC)</dt>
          <dd data-webhook="failing-since">{formatUtcInstant(webhook.failingSince)}</dd>
        </>
      )}
    </dl>
  );
}

function WebhookControls({ webhook, csrfToken }: { webhook: WebhookAnswer; csrfToken: string }) {
  const { id } = webhook;
  return (
    <div className="webhook-controls">
      <WebhookActionForm action="test-webhook" id={id} csrfToken={csrfToken}>
        <button type="submit">Send a test event</button>
      </WebhookActionForm>
      {webhook.status === "disabled" ? (
        <WebhookActionForm action="enable-webhook" id={id} csrfToken={csrfToken}>
          <button type="submit">Enable again</button>
        </WebhookActionForm>
      ) : (
        <PauseResumeForm id={id} url={webhook.url} status={webhook.status} csrfToken={csrfToken} />
      )}
      <WebhookActionForm action="rotate-webhook-secret" id={id} csrfToken={csrfToken}>
        <button type="submit">Rotate the signing secret</button>
      </WebhookActionForm>
      <WebhookActionForm
        action="delete-webhook"
        id={id}
        csrfToken={csrfToken}
        className="inline-form delete-form"
      >
        <label className="check">
          <input
            type="checkbox"
            name={DELETE_CONFIRM_FIELD}
            value={DELETE_CONFIRM_VALUE}
            required
          />
          <span>Yes, delete this webhook and its log</span>
        </label>
        <button type="submit">Delete webhook</button>
      </WebhookActionForm>
    </div>
  );
}

function TestSends({ tests }: { tests: DeliveryLogAnswer["tests"] }) {
  if (tests.length === 0) return null;
  return (
    <>
      <h2>Test sends</h2>
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Test sends">
        <table data-table="webhook-tests">
          <caption>The newest test sends</caption>
          <thead>
            <tr>
              <th scope="col">Sent (UTC)</th>
              <th scope="col">Outcome</th>
              <th scope="col">Response</th>
              <th scope="col">Latency</th>
            </tr>
          </thead>
          <tbody>
            {tests.map((test) => (
              <tr key={test.sentAt} data-test-outcome={test.delivered ? "delivered" : "failed"}>
                <th scope="row">{formatUtcInstant(test.sentAt)}</th>
                <td>{test.delivered ? "Delivered" : "Failed"}</td>
                <td>{responseWords(test.responseStatus, test.error)}</td>
                <td>{latencyWords(test.latencyMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

type Delivery = DeliveryLogAnswer["deliveries"][number];

/** A finished delivery (delivered, failed or skipped) can be sent again; a queued one is on its way. */
function finished(delivery: Delivery): boolean {
  return delivery.status !== "pending" && delivery.status !== "delivering";
}

function DeliveryLog({
  webhook,
  log,
  csrfToken,
  paged,
}: {
  webhook: WebhookAnswer;
  log: DeliveryLogAnswer;
  csrfToken: string;
  paged: boolean;
}) {
  return (
    <>
      {log.deliveries.length === 0 ? (
        <p className="muted" data-webhook-log-empty>
          {paged
            ? "No older deliveries."
            : "No deliveries yet: events are sent as they are published."}
        </p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="log-heading">
          <table data-table="webhook-log">
            <caption>Deliveries, newest event first</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Response</th>
                <th scope="col">Latency</th>
                <th scope="col">Time (UTC)</th>
                <th scope="col">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {log.deliveries.map((delivery) => (
                <tr
                  key={delivery.position}
                  data-event-id={delivery.eventId}
                  data-delivery-status={delivery.status}
                >
                  <th scope="row">
                    <code>{delivery.eventType}</code>
                    <br />
                    <code className="event-id">{delivery.eventId}</code>
                  </th>
                  <td>{delivery.status}</td>
                  <td>{delivery.attempts}</td>
                  <td>{responseWords(delivery.responseStatus, delivery.error)}</td>
                  <td>{latencyWords(delivery.latencyMs)}</td>
                  <td>
                    {formatUtcInstant(delivery.lastAttemptAt ?? delivery.publishedAt)}
                    {delivery.nextAttemptAt === null ? null : (
                      <span className="muted">
                        {" "}
                        (next {formatUtcInstant(delivery.nextAttemptAt)})
                      </span>
                    )}
                  </td>
                  <td>
                    {finished(delivery) ? (
                      <WebhookActionForm
                        action="redeliver-webhook"
                        id={webhook.id}
                        csrfToken={csrfToken}
                      >
                        <input type="hidden" name="eventId" value={delivery.eventId} />
                        <button type="submit" aria-label={`Redeliver ${delivery.eventId}`}>
                          Redeliver
                        </button>
                      </WebhookActionForm>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="button-row" data-webhook-log-pages>
        {paged ? <a href={webhookPath(webhook.id)}>Newest deliveries</a> : null}
        {log.nextBefore === null ? null : (
          <a href={webhookPath(webhook.id, String(log.nextBefore))} rel="next">
            Older deliveries
          </a>
        )}
      </p>
    </>
  );
}
