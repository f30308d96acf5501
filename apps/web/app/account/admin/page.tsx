import { ACCOUNT_PLANS } from "@tpi/domain";
import type { Metadata } from "next";
import Link from "next/link";
import { CsrfField, FlashMessage } from "../../../src/components/account-parts";
import { formatUtcDay, formatUtcInstant } from "../../../src/lib/format";
import { accountApi, pageFlash, requireSession } from "../../../src/server/account";

export const metadata: Metadata = { title: "Administration", robots: { index: false } };
export const dynamic = "force-dynamic";

/** Shown at most: the log is long, the page is for a glance (the CLI reads the rest). */
const REVISIONS_SHOWN = 50;

/** The page's answers from the api, asked for together. */
async function loadAdminPage(sessionToken: string) {
  const api = accountApi();
  const [flash, accounts, keys, actions, revisions] = await Promise.all([
    pageFlash(),
    api.admin.accounts.query({ sessionToken }),
    api.admin.keys.query({ sessionToken }),
    api.admin.actions.query({ sessionToken }),
    api.admin.revisions.query({ sessionToken }),
  ]);
  return { flash, accounts, keys, actions, revisions };
}

// The tables' props are typed from the loader's answers, so they follow the api's shapes.
type AdminPageData = Awaited<ReturnType<typeof loadAdminPage>>;

export default async function AdminPage() {
  const session = await requireSession();
  if (session.account.role !== "admin") return <AdminRefusal />;
  const { flash, accounts, keys, actions, revisions } = await loadAdminPage(session.token);
  const csrf = session.csrfToken;
  return (
    <>
      <h1>Administration</h1>
      <FlashMessage flash={flash} />
      <h2>Accounts</h2>
      <AccountPlansTable accounts={accounts} csrf={csrf} />

      <h2>Active keys</h2>
      <ActiveKeysTable keys={keys} csrf={csrf} />

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
        This page is for administrators only.{" "}
        <Link prefetch={false} href="/account">
          Back to your account
        </Link>
        .
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

/** Every key not yet revoked, of every account, each with its revoke button. */
function ActiveKeysTable({ keys, csrf }: { keys: AdminPageData["keys"]; csrf: string }) {
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
                <form method="post" action="/account/do/admin-revoke-key" className="inline-form">
                  <CsrfField token={csrf} />
                  <input type="hidden" name="keyId" value={key.id} />
                  <button
                    type="submit"
                    aria-label={`Revoke ${key.name} (${key.displayPrefix}) of ${key.account}`}
                  >
                    Revoke
                  </button>
                </form>
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
