import {
  MS_PER_HOUR,
  PLAN_NAMES,
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_IDLE_TIMEOUT_MS,
} from "@tpi/domain";
import type { Metadata } from "next";
import { ConnectedAppsSection } from "../../src/components/account-connections";
import { CsrfField, FlashMessage } from "../../src/components/account-parts";
import { PlanPanel } from "../../src/components/account-plan";
import { WebhooksSection } from "../../src/components/account-webhooks";
import { revokeKeyPath } from "../../src/lib/account-paths";
import { formatUtcDay, formatUtcInstant } from "../../src/lib/format";
import { accountApi, pageFlash, requireSession } from "../../src/server/account";
import { connectionsApi } from "../../src/server/connections";

export const metadata: Metadata = { title: "Account", robots: { index: false } };
/** Per person and per request: never cached (proxy.ts also sends Cache-Control: no-store). */
export const dynamic = "force-dynamic";

const MS_PER_DAY = 24 * MS_PER_HOUR;

/** The page's answers from the api, asked for together. */
async function loadAccountPage(sessionToken: string) {
  const api = accountApi();
  const [flash, keys, usage, sessions, upgrade, webhooks, connections] = await Promise.all([
    pageFlash(),
    api.keys.list.query({ sessionToken }),
    api.usage.query({ sessionToken }),
    api.sessions.query({ sessionToken }),
    api.upgrades.mine.query({ sessionToken }),
    api.webhooks.list.query({ sessionToken }),
    connectionsApi().list.query({ sessionToken }),
  ]);
  return { flash, keys, usage, sessions, upgrade, webhooks, connections };
}

// The parts' props are typed from the loaders' answers, so they follow the api's shapes.
type Session = Awaited<ReturnType<typeof requireSession>>;
type AccountPageData = Awaited<ReturnType<typeof loadAccountPage>>;

export default async function AccountPage() {
  const session = await requireSession();
  const { flash, keys, usage, sessions, upgrade, webhooks, connections } = await loadAccountPage(
    session.token,
  );
  const { account, csrfToken } = session;
  return (
    <>
      <h1>Your account</h1>
      <FlashMessage flash={flash} />
      <AccountSummary account={account} csrfToken={csrfToken} />
      <PlanPanel
        account={account}
        upgrade={upgrade}
        activeKeys={keys.filter((key) => key.revokedAt === null).length}
        csrfToken={csrfToken}
        now={new Date()}
      />

      <h2>API keys</h2>
      <p>
        Send a key as <code>Authorization: Bearer &lt;key&gt;</code>; see{" "}
        <a href="/docs#authentication">the API docs</a>.
      </p>
      <KeyList keys={keys} />
      {account.keyCreationRefusal === null ? (
        <KeyCreationForm csrfToken={csrfToken} />
      ) : (
        <KeyRefusal refusal={account.keyCreationRefusal} />
      )}

      <ConnectedAppsSection list={connections} csrfToken={csrfToken} />

      <WebhooksSection list={webhooks} csrfToken={csrfToken} />

      <h2>Sessions</h2>
      <SessionList sessions={sessions} csrfToken={csrfToken} />

      <h2>Usage</h2>
      <UsageTables usage={usage} />
    </>
  );
}

/** Who is signed in, the sign-out button, and the way to the admin page for administrators. */
function AccountSummary({ account, csrfToken }: Pick<Session, "account" | "csrfToken">) {
  return (
    <>
      <dl className="account-facts">
        <dt>Email</dt>
        <dd data-account="email">{account.email}</dd>
        <dt>Plan</dt>
        <dd data-account="plan">{PLAN_NAMES[account.plan]}</dd>
        <dt>Role</dt>
        <dd data-account="role">{account.role}</dd>
      </dl>
      <form
        method="post"
        action="/account/do/sign-out"
        className="inline-form"
        data-form="sign-out"
      >
        <CsrfField token={csrfToken} />
        <button type="submit">Sign out</button>
      </form>
      {account.role === "admin" ? (
        <p>
          <a href="/account/admin">Administration</a>
        </p>
      ) : null}
    </>
  );
}

function keyState(key: { revokedAt: string | null }): string {
  return key.revokedAt === null ? "Active" : `Revoked ${formatUtcInstant(key.revokedAt)}`;
}

/** The account's keys, active and revoked, each active one with its revoke button. */
function KeyList({ keys }: { keys: AccountPageData["keys"] }) {
  if (keys.length === 0) return <p className="muted">No keys yet.</p>;
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="API keys">
      <table data-table="keys">
        <caption>Your API keys</caption>
        <thead>
          <tr>
            <th scope="col">Prefix</th>
            <th scope="col">Name</th>
            <th scope="col">Created (UTC)</th>
            <th scope="col">Last used (UTC)</th>
            <th scope="col">State</th>
            <th scope="col">
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr
              key={key.id}
              data-key-id={key.id}
              data-key-state={key.revokedAt === null ? "active" : "revoked"}
            >
              <td>
                <code>{key.displayPrefix}</code>
              </td>
              <th scope="row">{key.name}</th>
              <td>{formatUtcInstant(key.createdAt)}</td>
              <td>{key.lastUsedAt === null ? "Never" : formatUtcInstant(key.lastUsedAt)}</td>
              <td>{keyState(key)}</td>
              <td>
                {key.revokedAt === null ? (
                  // A link to a confirmation page: revoking cannot be undone (works without JavaScript).
                  <a
                    href={revokeKeyPath(key.id, "own")}
                    className="button-link"
                    aria-label={`Revoke ${key.name}`}
                    data-revoke-link
                  >
                    Revoke
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function KeyCreationForm({ csrfToken }: { csrfToken: string }) {
  return (
    <form
      method="post"
      action="/account/do/create-key"
      className="account-form"
      data-form="create-key"
    >
      <CsrfField token={csrfToken} />
      <label>
        New key name
        <input type="text" name="name" required maxLength={100} />
      </label>
      <button type="submit">Create key</button>
    </form>
  );
}

/** Why this account's plan gives no keys (the api's words), and where to ask for more. */
function KeyRefusal({ refusal }: { refusal: string }) {
  return (
    <div className="notice" data-key-refusal>
      <p>{refusal}</p>
      <p>
        <a href="#plan-heading">Request Premium or Full</a> under Your plan; an administrator
        decides and you hear by mail.
      </p>
    </div>
  );
}

/** The browsers signed in to this account, and a button that signs out all but this one. */
function SessionList({
  sessions,
  csrfToken,
}: {
  sessions: AccountPageData["sessions"];
  csrfToken: string;
}) {
  const otherSessions = sessions.filter((entry) => !entry.current).length;
  return (
    <>
      <p className="muted">
        Browsers signed in to this account. A session ends{" "}
        {SESSION_ABSOLUTE_LIFETIME_MS / MS_PER_DAY} days after sign-in, after{" "}
        {SESSION_IDLE_TIMEOUT_MS / MS_PER_HOUR} hours unused, or when signed out.
      </p>
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Sessions">
        <table data-table="sessions">
          <caption>Signed-in sessions, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Signed in (UTC)</th>
              <th scope="col">Last active (UTC)</th>
              <th scope="col">Ends (UTC)</th>
              <th scope="col">
                <span className="sr-only">Which</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((entry) => (
              <tr key={entry.id} data-session={entry.current ? "current" : "other"}>
                <th scope="row">{formatUtcInstant(entry.createdAt)}</th>
                <td>{formatUtcInstant(entry.lastSeenAt)}</td>
                <td>{formatUtcInstant(entry.endsAt)}</td>
                <td>{entry.current ? "This browser" : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {otherSessions > 0 ? (
        <form
          method="post"
          action="/account/do/sign-out-others"
          className="inline-form"
          data-form="sign-out-others"
        >
          <CsrfField token={csrfToken} />
          <button type="submit">
            Sign out the other {otherSessions === 1 ? "session" : `${otherSessions} sessions`}
          </button>
        </form>
      ) : null}
    </>
  );
}

type Usage = AccountPageData["usage"];

/** Each key's requests: this minute's chat allowance and the requests per UTC day. */
function UsageTables({ usage }: { usage: Usage }) {
  return (
    <>
      <p className="muted">
        Requests per key per UTC day over the last {usage.days.length} days; counts reach this page
        within {usage.flushIntervalSeconds} seconds.
      </p>
      {usage.keys.length === 0 ? (
        <p className="muted">No keys, so no usage.</p>
      ) : (
        <>
          <ChatAllowanceTable keys={usage.keys} />
          <DailyUsageTable usage={usage} />
        </>
      )}
    </>
  );
}

function ChatAllowanceTable({ keys }: { keys: Usage["keys"] }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Chat allowance this minute">
      <table data-table="limits">
        <caption>This minute&apos;s chat allowance per key</caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Used</th>
            <th scope="col">Limit</th>
            <th scope="col">Resets (UTC)</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.keyId}>
              <th scope="row">
                {key.name} <code>{key.displayPrefix}</code>
              </th>
              <td>{key.currentMinute.used}</td>
              <td>{key.currentMinute.limit}</td>
              <td>
                {key.currentMinute.resetsAt === null
                  ? "Not started"
                  : formatUtcInstant(key.currentMinute.resetsAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One row per UTC day, newest first, one column per key; a day without requests counts 0. */
function DailyUsageTable({ usage }: { usage: Usage }) {
  const days = [...usage.days].reverse();
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Requests per day">
      <table data-table="usage">
        <caption>Requests per day (UTC), newest first</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {usage.keys.map((key) => (
              <th scope="col" key={key.keyId}>
                {key.name} <code>{key.displayPrefix}</code>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day} data-day={day}>
              <th scope="row">{formatUtcDay(day)}</th>
              {usage.keys.map((key) => (
                <td key={key.keyId} data-key-id={key.keyId}>
                  {key.requestsPerDay.find((entry) => entry.day === day)?.requests ?? 0}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
