import { MS_PER_HOUR, SESSION_ABSOLUTE_LIFETIME_MS, SESSION_IDLE_TIMEOUT_MS } from "@tpi/domain";
import type { Metadata } from "next";
import Link from "next/link";
import { CsrfField, FlashMessage } from "../../src/components/account-parts";
import { formatUtcDay, formatUtcInstant } from "../../src/lib/format";
import { accountApi, pageFlash, requireSession } from "../../src/server/account";

export const metadata: Metadata = { title: "Account", robots: { index: false } };
/** Per person and per request: never cached (proxy.ts also sends Cache-Control: no-store). */
export const dynamic = "force-dynamic";

const MS_PER_DAY = 24 * MS_PER_HOUR;

/** Where operators read how plans change (`tpi accounts set-plan`). */
const PLANS_DOCS_HREF = "/docs#authentication";

function keyState(key: { revokedAt: string | null }): string {
  return key.revokedAt === null ? "Active" : `Revoked ${formatUtcInstant(key.revokedAt)}`;
}

export default async function AccountPage() {
  const session = await requireSession();
  const api = accountApi();
  const [flash, keys, usage, sessions] = await Promise.all([
    pageFlash(),
    api.keys.list.query({ sessionToken: session.token }),
    api.usage.query({ sessionToken: session.token }),
    api.sessions.query({ sessionToken: session.token }),
  ]);
  const otherSessions = sessions.filter((entry) => !entry.current).length;
  const { account, csrfToken } = session;
  const days = [...usage.days].reverse();
  return (
    <>
      <h1>Your account</h1>
      <FlashMessage flash={flash} />
      <dl className="account-facts">
        <dt>Email</dt>
        <dd data-account="email">{account.email}</dd>
        <dt>Plan</dt>
        <dd data-account="plan">{account.plan}</dd>
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
          <Link prefetch={false} href="/account/admin">
            Administration
          </Link>
        </p>
      ) : null}

      <h2>API keys</h2>
      <p>
        Send a key as <code>Authorization: Bearer &lt;key&gt;</code>; see{" "}
        <Link href="/docs#authentication">the API docs</Link>.
      </p>
      {keys.length === 0 ? (
        <p className="muted">No keys yet.</p>
      ) : (
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
                      <form method="post" action="/account/do/revoke-key" className="inline-form">
                        <CsrfField token={csrfToken} />
                        <input type="hidden" name="keyId" value={key.id} />
                        <button type="submit" aria-label={`Revoke ${key.name}`}>
                          Revoke
                        </button>
                      </form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {account.keyCreationRefusal === null ? (
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
      ) : (
        <div className="notice" data-key-refusal>
          <p>{account.keyCreationRefusal}</p>
          <p>
            Plans are set by the service&apos;s operator (<code>tpi accounts set-plan</code>, or an
            administrator on this website); ask yours to upgrade your account. See{" "}
            <Link href={PLANS_DOCS_HREF}>the API docs on keys</Link>.
          </p>
        </div>
      )}

      <h2>Sessions</h2>
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

      <h2>Usage</h2>
      <p className="muted">
        Requests per key per UTC day over the last {usage.days.length} days; counts reach this page
        within {usage.flushIntervalSeconds} seconds.
      </p>
      {usage.keys.length === 0 ? (
        <p className="muted">No keys, so no usage.</p>
      ) : (
        <>
          <div
            className="table-wrap"
            tabIndex={0}
            role="region"
            aria-label="Chat allowance this minute"
          >
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
                {usage.keys.map((key) => (
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
        </>
      )}
    </>
  );
}
