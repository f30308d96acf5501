import "server-only";
import type { AccountPlan } from "@tpi/domain";
import { accountApi } from "./account";

/**
 * The account's connected agent applications (OAuth clients), through the api's
 * `account.connections` procedures: `request` (a pending authorization request, for the consent
 * page; unknown, expired or used: NOT_FOUND), `decide` (allow or deny it: the address to send the
 * browser back to the client), `list` and `revoke`.
 */
export type AuthorizationRequestAnswer = {
  requestId: string;
  clientId: string;
  /** The client's own name for itself (self-asserted: the page names its address too). */
  clientName: string;
  clientUri: string | null;
  /** How the client is known: by its metadata document's URL (its id), or registered here. */
  registration: "metadata-document" | "dynamic";
  redirectUri: string;
  resource: string;
  scopes: string[];
  /** What the token will read, in the api's words (the account's plan's access). */
  reads: string;
  plan: AccountPlan;
  expiresAt: string;
};

export type ConnectionAnswer = {
  grantId: string;
  clientId: string;
  clientName: string;
  redirectUri: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

type Session = { sessionToken: string };
type Change = Session & { csrfToken: string };

/** The procedures as the website calls them (tRPC's client shape). */
type ConnectionsContract = {
  request: {
    query: (input: Session & { requestId: string }) => Promise<AuthorizationRequestAnswer>;
  };
  decide: {
    mutate: (
      input: Change & { requestId: string; approve: boolean },
    ) => Promise<{ redirectTo: string }>;
  };
  list: { query: (input: Session) => Promise<ConnectionAnswer[]> };
  revoke: { mutate: (input: Change & { grantId: string }) => Promise<{ revoked: true }> };
};

export function connectionsApi(visitorRequest?: Request): ConnectionsContract {
  return (accountApi(visitorRequest) as unknown as { connections: ConnectionsContract })
    .connections;
}
