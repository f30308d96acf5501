import { OAUTH_SCOPES, oauthConsentReads } from "@tpi/domain";
import { TRPCError, initTRPC } from "@trpc/server";
import { z } from "zod";

/**
 * The api's `account.me` and `account.connections` in its shapes, for the consent page, the
 * account page's Connected apps and their form handlers: `SESSION` is a signed-in Full account
 * whose CSRF token is `CSRF` (any other session is the api's 401, another CSRF token its 403);
 * `REQUESTS` are the pending requests (any other id is NOT_FOUND, as an expired or used one is).
 * Every input is recorded, so a test sees what the website asked for and with which tokens.
 */
const t = initTRPC.create();

export const SESSION = "session-token-ada-0123456789";
export const CSRF = "csrf-token-ada-0123456789";

const PENDING = {
  clientName: "Agent App",
  clientUri: null,
  resource: "https://api.tpi.example/mcp",
  scopes: [...OAUTH_SCOPES],
  reads: oauthConsentReads("full"),
  plan: "full" as const,
  expiresAt: "2026-11-29T22:10:00.000Z",
};

export const REQUESTS = {
  dynamic: {
    ...PENDING,
    requestId: "req_dynamic_0123",
    clientId: "c9d2b7e0-6f1a-4c3b-9a8d-1e2f3a4b5c6d",
    registration: "dynamic" as const,
    redirectUri: "http://127.0.0.1:53682/callback",
  },
  metadataDocument: {
    ...PENDING,
    requestId: "req_document_4567",
    clientId: "https://agent.example.com/oauth/client.json",
    clientName: "Totally The Index",
    clientUri: "https://agent.example.com",
    registration: "metadata-document" as const,
    redirectUri: "https://agent.example.com/oauth/callback",
  },
};

export const CONNECTIONS = [
  {
    grantId: "grant-active-1",
    clientId: "https://agent.example.com/oauth/client.json",
    clientName: "Agent App",
    redirectUri: "http://127.0.0.1:53682/callback",
    createdAt: "2026-11-20T08:00:00.000Z",
    lastUsedAt: "2026-11-29T21:00:00.000Z",
    revokedAt: null,
  },
  {
    grantId: "grant-revoked-2",
    clientId: "5b1e0c3a-2d4f-4e6a-8b9c-0d1e2f3a4b5c",
    clientName: "Old Tool",
    redirectUri: "https://old.example/cb",
    createdAt: "2026-11-01T08:00:00.000Z",
    lastUsedAt: null,
    revokedAt: "2026-11-02T09:30:00.000Z",
  },
];

export const inputs: unknown[] = [];

function signedIn(sessionToken: string): void {
  if (sessionToken !== SESSION)
    throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in again." });
}

function changing(input: { sessionToken: string; csrfToken: string }): void {
  signedIn(input.sessionToken);
  if (input.csrfToken !== CSRF)
    throw new TRPCError({ code: "FORBIDDEN", message: "The form expired; reload the page." });
}

function pending(requestId: string) {
  const found = Object.values(REQUESTS).find((request) => request.requestId === requestId);
  if (found === undefined)
    throw new TRPCError({ code: "NOT_FOUND", message: "No such authorization request." });
  return found;
}

const session = { sessionToken: z.string() };
const change = { ...session, csrfToken: z.string() };

export const connectionsRouter = t.router({
  account: t.router({
    me: t.procedure.input(z.object(session)).query(({ input }) => {
      signedIn(input.sessionToken);
      return {
        account: {
          id: "a1",
          email: "ada@example.com",
          plan: "full" as const,
          role: "user",
          trialEndsAt: null,
          keyCreationRefusal: null,
        },
        csrfToken: CSRF,
        expiresAt: "2026-12-29T00:00:00.000Z",
      };
    }),
    connections: t.router({
      request: t.procedure
        .input(z.object({ ...session, requestId: z.string() }))
        .query(({ input }) => {
          inputs.push({ request: input });
          signedIn(input.sessionToken);
          return pending(input.requestId);
        }),
      decide: t.procedure
        .input(z.object({ ...change, requestId: z.string(), approve: z.boolean() }))
        .mutation(({ input }) => {
          inputs.push({ decide: input });
          changing(input);
          const request = pending(input.requestId);
          const answer = input.approve ? "code=the-code" : "error=access_denied";
          return { redirectTo: `${request.redirectUri}?${answer}&state=s1` };
        }),
      list: t.procedure.input(z.object(session)).query(({ input }) => {
        signedIn(input.sessionToken);
        return CONNECTIONS;
      }),
      revoke: t.procedure
        .input(z.object({ ...change, grantId: z.string() }))
        .mutation(({ input }) => {
          inputs.push({ revoke: input });
          changing(input);
          return { revoked: true as const };
        }),
    }),
  }),
});
