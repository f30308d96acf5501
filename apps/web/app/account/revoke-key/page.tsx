import type { Metadata } from "next";
import { CsrfField, FlashMessage } from "../../../src/components/account-parts";
import {
  ADMIN_PAGE,
  REVOKE_CONFIRM_FIELD,
  REVOKE_CONFIRM_VALUE,
  type RevokeScope,
} from "../../../src/lib/account-paths";
import { formatUtcInstant } from "../../../src/lib/format";
import { accountApi, pageFlash, refusal, requireSession } from "../../../src/server/account";

export const metadata: Metadata = { title: "Revoke a key", robots: { index: false } };
export const dynamic = "force-dynamic";

type KeyToRevoke = {
  id: string;
  name: string;
  displayPrefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  account?: string;
};

/** The key, if it is active and the reader may revoke it (own keys; any key for an admin). */
async function findKey(
  sessionToken: string,
  keyId: string,
  scope: RevokeScope,
): Promise<KeyToRevoke | undefined> {
  const api = accountApi();
  try {
    if (scope === "admin")
      return (await api.admin.keys.query({ sessionToken })).find((key) => key.id === keyId);
    return (await api.keys.list.query({ sessionToken })).find(
      (key) => key.id === keyId && key.revokedAt === null,
    );
  } catch (error) {
    // Not an admin: the same answer as an unknown key.
    if (refusal(error).status === 403) return undefined;
    throw error;
  }
}

/**
 * The confirmation before a key is revoked: revoking cannot be undone and the api refuses the key
 * at once, so the lists' Revoke leads here, and only this form (with its confirmation field)
 * revokes. A plain form: no JavaScript needed.
 */
export default async function RevokeKeyPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await requireSession();
  const [flash, params] = await Promise.all([pageFlash(), searchParams]);
  const scope: RevokeScope = params.scope === "admin" ? "admin" : "own";
  const back = scope === "admin" ? ADMIN_PAGE : "/account";
  const keyId = typeof params.key === "string" ? params.key : "";
  const key = keyId === "" ? undefined : await findKey(session.token, keyId, scope);
  return (
    <>
      <h1>Revoke a key</h1>
      <FlashMessage flash={flash} />
      {key === undefined ? (
        <p data-revoke-missing>
          No active key with that id here (already revoked, or not yours). <a href={back}>Back</a>
        </p>
      ) : (
        <>
          <p>
            Revoke the key <strong>{key.name}</strong> (<code>{key.displayPrefix}</code>)
            {key.account === undefined ? null : <> of {key.account}</>}? It was created{" "}
            {formatUtcInstant(key.createdAt)} and last used{" "}
            {key.lastUsedAt === null ? "never" : formatUtcInstant(key.lastUsedAt)}.
          </p>
          <p>
            The api refuses it at once, and revoking cannot be undone: whatever uses this key stops
            working.
          </p>
          <form
            method="post"
            action={scope === "admin" ? "/account/do/admin-revoke-key" : "/account/do/revoke-key"}
            className="account-form"
            data-form="revoke-key"
          >
            <CsrfField token={session.csrfToken} />
            <input type="hidden" name="keyId" value={key.id} />
            <input type="hidden" name={REVOKE_CONFIRM_FIELD} value={REVOKE_CONFIRM_VALUE} />
            <div className="button-row">
              <button type="submit">Revoke this key</button>
              <a href={back}>Cancel</a>
            </div>
          </form>
        </>
      )}
    </>
  );
}
