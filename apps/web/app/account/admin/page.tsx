import { ACCOUNT_PLANS, PLAN_NAMES, REFUSAL_REASON_MAX_LENGTH } from "@tpi/domain";
import type { Metadata } from "next";
import { CsrfField, FlashMessage } from "../../../src/components/account-parts";
import { revokeKeyPath } from "../../../src/lib/account-paths";
import { formatUtcDay, formatUtcInstant } from "../../../src/lib/format";
import { accountApi, pageFlash, requireSession } from "../../../src/server/account";

export const metadata: Metadata = { title: "Administration", robots: { index: false } };
export const dynamic = "force-dynamic";

/** Shown at most: the log is long, the page is for a glance (the CLI reads the rest). */
const REVISIONS_SHOWN = 50;

/** The page's answers from the api, asked for together. */
async function loadAdminPage(sessionToken: string) {
  const api = accountApi();
  const [flash, pending, accounts, keys, actions, revisions] = await Promise.all([
    pageFlash(),
    api.upgrades.pending.query({ sessionToken }),
    api.admin.accounts.query({ sessionToken }),
    api.admin.keys.query({ sessionToken }),
    api.admin.actions.query({ sessionToken }),
    api.admin.revisions.query({ sessionToken }),
  ]);
  return { flash, pending, accounts, keys, actions, revisions };
}

// The tables' props are typed from the loader's answers, so they follow the api's shapes.
type AdminPageData = Awaited<ReturnType<typeof loadAdminPage>>;

export default async function AdminPage() {
  const session = await requireSession();
  if (session.account.role !== "admin") return <AdminRefusal />;
  const { flash, pending, accounts, keys, actions, revisions } = await loadAdminPage(session.token);
  const csrf = session.csrfToken;
  return (
    <>
      <h1>Administration</h1>
      <FlashMessage flash={flash} />
      <h2>Upgrade requests</h2>
      <UpgradeRequests pending={pending} csrf={csrf} />

      <h2>Accounts</h2>
      <AccountPlansTable accounts={accounts} csrf={csrf} />

      <h2>Active keys</h2>
      <ActiveKeysTable keys={keys} />

      <h2>Recent administrator actions</h2>
      <AdminActionsTable actions={actions} />

      <h2>Index revisions</h2>
      <IndexRevisionsTable revisions={revisions} />
    </>
  );
}

/** A signed-in account without the admin role: the page's refusal, in the server's HTML. */
function AdminRefusal() {
  return (
    <>
      <h1>Administration</h1>
      <p className="error-box" role="alert" data-admin-refused>
        This page is for administrators only. <a href="/account">Back to your account</a>.
      </p>
    </>
  );
}

/** Every account with its plan, each with a form that sets another plan. */
function AccountPlansTable({
  accounts,
  csrf,
}: {
  accounts: AdminPageData["accounts"];
  csrf: string;
}) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Accounts">
      <table data-table="admin-accounts">
        <caption>Accounts, their plans and active keys</caption>
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col">Role</th>
            <th scope="col">Created (UTC)</th>
            <th scope="col">Active keys</th>
            <th scope="col">Plan</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => (
            <tr key={account.id} data-account-id={account.id}>
              <th scope="row">{account.email ?? account.name}</th>
              <td>{account.role}</td>
              <td>{formatUtcInstant(account.createdAt)}</td>
              <td>{account.activeKeys}</td>
              <td>
                <form method="post" action="/account/do/admin-set-plan" className="inline-form">
                  <CsrfField token={csrf} />
                  <input type="hidden" name="accountId" value={account.id} />
                  <select
                    name="plan"
                    defaultValue={account.plan}
                    aria-label={`Plan of ${account.email ?? account.name}`}
                  >
                    {ACCOUNT_PLANS.map((plan) => (
                      <option key={plan} value={plan}>
                        {plan}
                      </option>
                    ))}
                  </select>
                  <button type="submit">Set plan</button>
                </form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The trial accounts' pending requests, oldest first: one approve button (sets the plan, clears
 * the trial end) and a refusal with its reason (mailed to the user). Cards, not a table: the
 * message and the reason field need the width of a phone.
 */
function UpgradeRequests({ pending, csrf }: { pending: AdminPageData["pending"]; csrf: string }) {
  if (pending.length === 0) return <p className="muted">No pending requests.</p>;
  return (
    <ul className="upgrade-requests" data-upgrade-requests>
      {pending.map((request) => (
        <li key={request.id} data-request-id={request.id} data-request-account={request.account}>
          <p>
            <strong>{request.account}</strong> asks for <strong>{PLAN_NAMES[request.plan]}</strong>{" "}
            (since {formatUtcInstant(request.createdAt)}; now on {request.accountPlan}
            {request.trialEndsAt === null
              ? ""
              : `, trial ends ${formatUtcInstant(request.trialEndsAt)}`}
            ).
          </p>
          {request.message === null ? null : (
            <blockquote className="upgrade-message">{request.message}</blockquote>
          )}
          <form
            method="post"
            action="/account/do/admin-approve-upgrade"
            className="inline-form"
            data-form="approve-upgrade"
          >
            <CsrfField token={csrf} />
            <input type="hidden" name="requestId" value={request.id} />
            <button type="submit">Approve {PLAN_NAMES[request.plan]}</button>
          </form>
          <form
            method="post"
            action="/account/do/admin-refuse-upgrade"
            className="account-form"
            data-form="refuse-upgrade"
          >
            <CsrfField token={csrf} />
            <input type="hidden" name="requestId" value={request.id} />
            <label>
              Reason for refusing (mailed to {request.account})
              <textarea name="reason" rows={2} required maxLength={REFUSAL_REASON_MAX_LENGTH} />
            </label>
            <button type="submit">Refuse</button>
          </form>
        </li>
      ))}
    </ul>
  );
}

/** Every key not yet revoked, of every account, each with its revoke link (a confirmation page). */
function ActiveKeysTable({ keys }: { keys: AdminPageData["keys"] }) {
  if (keys.length === 0) return <p className="muted">No active keys.</p>;
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Active keys">
      <table data-table="admin-keys">
        <caption>
          Every key not yet revoked, oldest first; the api refuses a revoked key at once
        </caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Name</th>
            <th scope="col">Account</th>
            <th scope="col">Created (UTC)</th>
            <th scope="col">Last used (UTC)</th>
            <th scope="col">
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} data-key-id={key.id} data-key-prefix={key.displayPrefix}>
              <td>
                <code>{key.displayPrefix}</code>
              </td>
              <th scope="row">{key.name}</th>
              <td>
                {key.account}
                {key.plan === null ? null : <span className="muted"> ({key.plan})</span>}
              </td>
              <td>{formatUtcInstant(key.createdAt)}</td>
              <td>{key.lastUsedAt === null ? "Never" : formatUtcInstant(key.lastUsedAt)}</td>
              <td>
                <a
                  href={revokeKeyPath(key.id, "admin")}
                  className="button-link"
                  aria-label={`Revoke ${key.name} (${key.displayPrefix}) of ${key.account}`}
                  data-revoke-link
                >
                  Revoke
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AdminActionsTable({ actions }: { actions: AdminPageData["actions"] }) {
  if (actions.length === 0) return <p className="muted">None yet.</p>;
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Administrator actions">
      <table data-table="admin-actions">
        <caption>Latest first</caption>
        <thead>
          <tr>
            <th scope="col">When (UTC)</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
          </tr>
        </thead>
        <tbody>
          {actions.map((action) => (
            <tr key={action.id}>
              <td>{formatUtcInstant(action.at)}</td>
              <td>{action.actor}</td>
              <td>{action.action}</td>
              <td>{action.target}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The restated lab-days, the latest REVISIONS_SHOWN of them. */
function IndexRevisionsTable({ revisions }: { revisions: AdminPageData["revisions"] }) {
  if (revisions.length === 0) return <p className="muted">No restatements.</p>;
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Index revisions">
      <table data-table="admin-revisions">
        <caption>Restated lab-days (latest {REVISIONS_SHOWN})</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Lab</th>
            <th scope="col">Change</th>
            <th scope="col">Reason</th>
            <th scope="col">Restated (UTC)</th>
          </tr>
        </thead>
        <tbody>
          {revisions.slice(-REVISIONS_SHOWN).map((revision) => (
            <tr key={revision.id}>
              <td>{formatUtcDay(revision.date)}</td>
              <td>{revision.lab}</td>
              <td>
                {revision.changePercent === null ? "—" : `${revision.changePercent.toFixed(2)}%`}
              </td>
              <td>{revision.reason}</td>
              <td>{formatUtcInstant(revision.restatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
