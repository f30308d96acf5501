import "server-only";
import { accountApi } from "./account";

/**
 * The account's connected agent applications (OAuth clients), through the api's
 * `account.connections` procedures, typed from the api's router so the pages follow its shapes:
 * `request` (a pending authorization request, for the consent page; unknown, expired or used:
 * NOT_FOUND), `decide` (allow or deny it: the address to send the browser back to the client),
 * `list` and `revoke`.
 */
export function connectionsApi(visitorRequest?: Request) {
  return accountApi(visitorRequest).connections;
}

type ConnectionsApi = ReturnType<typeof connectionsApi>;

export type AuthorizationRequestAnswer = Awaited<ReturnType<ConnectionsApi["request"]["query"]>>;
export type ConnectionAnswer = Awaited<ReturnType<ConnectionsApi["list"]["query"]>>[number];
