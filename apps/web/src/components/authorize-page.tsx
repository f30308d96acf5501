import { authorizePath, isAuthorizationRequestId } from "../lib/account-paths";
import { pageFlash, requireSession } from "../server/account";
import { connectionsApi, type AuthorizationRequestAnswer } from "../server/connections";
import { isTrpcNotFound } from "../server/trpc-errors";
import { ConsentGone, ConsentPrompt } from "./account-connections";
import { FlashMessage } from "./account-parts";

/** The pending request, or undefined when the api knows none by that id (unknown, expired, used). */
async function pendingRequest(
  sessionToken: string,
  requestId: string,
): Promise<AuthorizationRequestAnswer | undefined> {
  try {
    return await connectionsApi().request.query({ sessionToken, requestId });
  } catch (error) {
    if (isTrpcNotFound(error)) return undefined;
    throw error;
  }
}

/**
 * The consent page of an agent application's sign-in (`/account/authorize?request=<id>`): the
 * api's authorization endpoint sends the browser here. Signed out, the reader signs in and comes
 * back to this same request; signed in, the page names the client, its redirect address and what
 * it will read, with Allow and Deny. An unknown or expired request says to start again from the
 * application (proxy.ts answers it 404).
 */
export async function AuthorizePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const requestId =
    typeof params.request === "string" && isAuthorizationRequestId(params.request)
      ? params.request
      : undefined;
  if (requestId === undefined) return <ConsentGone />;
  const session = await requireSession(authorizePath(requestId));
  const [flash, request] = await Promise.all([
    pageFlash(),
    pendingRequest(session.token, requestId),
  ]);
  return (
    <>
      <FlashMessage flash={flash} />
      {request === undefined ? (
        <ConsentGone />
      ) : (
        <ConsentPrompt request={request} csrfToken={session.csrfToken} />
      )}
    </>
  );
}
