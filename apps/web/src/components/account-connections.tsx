import { PLAN_NAMES } from "@tpi/domain";
import { formatUtcInstant } from "../lib/format";
import type { AuthorizationRequestAnswer, ConnectionAnswer } from "../server/connections";
import { CsrfField } from "./account-parts";

/**
 * Agent applications connected to the account by a sign-in (OAuth): the consent page's parts
 * (app/account/authorize) and the account page's list. Plain forms that post to the account's
 * form handlers with the session's CSRF token: no JavaScript needed.
 */

/** Where the docs say how to add the MCP server to an agent application by its address. */
export const MCP_BY_URL_DOCS = "/docs#mcp";

/** A client known by its metadata document is named by that document's host, which it cannot choose. */
function clientHost(clientId: string): string | undefined {
  try {
    const url = new URL(clientId);
    return url.protocol === "https:" ? url.host : undefined;
  } catch {
    return undefined;
  }
}

/** The pending request: who asks, where the browser goes back to, what it will read; Allow or Deny. */
export function ConsentPrompt({
  request,
  csrfToken,
}: {
  request: AuthorizationRequestAnswer;
  csrfToken: string;
}) {
  const host =
    request.registration === "metadata-document" ? clientHost(request.clientId) : undefined;
  return (
    <>
      <h1>Connect {request.clientName}?</h1>
      <p className="lead" data-consent="client">
        {host === undefined ? (
          <>
            An application calling itself <strong>{request.clientName}</strong> asks to read the
            index with your account. It registered itself with this site, so its name is its own
            claim: connect it only if you just added this server to it.
          </>
        ) : (
          <>
            The application at <strong data-consent="host">{host}</strong> (calling itself{" "}
            {request.clientName}) asks to read the index with your account.
          </>
        )}
      </p>
      <dl className="account-facts" data-consent="facts">
        <dt>Application</dt>
        <dd>
          {request.clientName} <code data-consent="client-id">{request.clientId}</code>
        </dd>
        {request.clientUri === null ? null : (
          <>
            <dt>Its site</dt>
            <dd>
              <code>{request.clientUri}</code>
            </dd>
          </>
        )}
        <dt>Sends you back to</dt>
        <dd>
          <code data-consent="redirect">{request.redirectUri}</code>
        </dd>
        <dt>Access</dt>
        <dd data-consent="reads">{request.reads}</dd>
        <dt>Your plan</dt>
        <dd data-consent="plan">{PLAN_NAMES[request.plan]}</dd>
        <dt>Server</dt>
        <dd>
          <code>{request.resource}</code>
        </dd>
        {request.scopes.length === 0 ? null : (
          <>
            <dt>Scopes</dt>
            <dd data-consent="scopes">
              {request.scopes.map((scope, index) => (
                <span key={scope}>
                  {index > 0 ? " " : null}
                  <code>{scope}</code>
                </span>
              ))}
            </dd>
          </>
        )}
        <dt>Request ends</dt>
        <dd>{formatUtcInstant(request.expiresAt)}</dd>
      </dl>
      <p>
        Allow only if you started this from the application just now. You can disconnect it at any
        time under Connected apps on your <a href="/account#connected-apps">account page</a>.
      </p>
      <div className="button-row">
        <DecisionForm requestId={request.requestId} csrfToken={csrfToken} approve />
        <DecisionForm requestId={request.requestId} csrfToken={csrfToken} approve={false} />
      </div>
    </>
  );
}

function DecisionForm({
  requestId,
  csrfToken,
  approve,
}: {
  requestId: string;
  csrfToken: string;
  approve: boolean;
}) {
  return (
    <form
      method="post"
      action="/account/do/decide-connection"
      className="inline-form"
      data-form={approve ? "allow-connection" : "deny-connection"}
    >
      <CsrfField token={csrfToken} />
      <input type="hidden" name="requestId" value={requestId} />
      <button
        type="submit"
        name="decision"
        value={approve ? "allow" : "deny"}
        className={approve ? undefined : "button-quiet"}
      >
        {approve ? "Allow" : "Deny"}
      </button>
    </form>
  );
}

/** An unknown, expired or used request: nothing to decide here; the app starts a new one. */
export function ConsentGone() {
  return (
    <>
      <h1>This sign-in request has ended</h1>
      <p data-consent="gone">
        The request from the application is unknown, expired or already answered. Start again from
        the application: connect or sign in there once more, and it brings you back here.
      </p>
      <p>
        <a href="/account">Your account</a>
      </p>
    </>
  );
}

function connectionState(connection: ConnectionAnswer): string {
  return connection.revokedAt === null
    ? "Connected"
    : `Disconnected ${formatUtcInstant(connection.revokedAt)}`;
}

/** The account's connected applications, each connected one with its Revoke button. */
export function ConnectedAppsSection({
  list,
  csrfToken,
}: {
  list: readonly ConnectionAnswer[];
  csrfToken: string;
}) {
  return (
    <>
      <h2 id="connected-apps">Connected apps</h2>
      <p>
        Agent applications you signed in to with this account. Each reads what your plan reads;
        revoking ends its access at once. To add one, see{" "}
        <a href={MCP_BY_URL_DOCS}>adding the MCP server by its address</a>.
      </p>
      {list.length === 0 ? (
        <p className="muted" data-connections="none">
          No connected apps.
        </p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Connected apps">
          <table data-table="connections">
            <caption>Applications connected by a sign-in</caption>
            <thead>
              <tr>
                <th scope="col">Application</th>
                <th scope="col">Sends you back to</th>
                <th scope="col">Connected (UTC)</th>
                <th scope="col">Last used (UTC)</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((connection) => (
                <tr
                  key={connection.grantId}
                  data-grant-id={connection.grantId}
                  data-connection-state={connection.revokedAt === null ? "active" : "revoked"}
                >
                  <th scope="row">
                    {connection.clientName}{" "}
                    <code>{clientHost(connection.clientId) ?? connection.clientId}</code>
                  </th>
                  <td>
                    <code>{connection.redirectUri}</code>
                  </td>
                  <td>{formatUtcInstant(connection.createdAt)}</td>
                  <td>
                    {connection.lastUsedAt === null
                      ? "Never"
                      : formatUtcInstant(connection.lastUsedAt)}
                  </td>
                  <td>{connectionState(connection)}</td>
                  <td>
                    {connection.revokedAt === null ? (
                      <form
                        method="post"
                        action="/account/do/revoke-connection"
                        className="inline-form"
                        data-form="revoke-connection"
                      >
                        <CsrfField token={csrfToken} />
                        <input type="hidden" name="grantId" value={connection.grantId} />
                        <button type="submit" aria-label={`Revoke ${connection.clientName}`}>
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
    </>
  );
}
