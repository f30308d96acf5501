import "server-only";
import type { AppRouter } from "@tpi/api/trpc";
import { formTokenCookie, sessionCookie } from "@tpi/domain";
import { TRPCClientError, createTRPCClient, httpLink } from "@trpc/client";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { readWebEnv } from "../env";
import {
  FLASH_HEADER,
  FORM_TOKEN_HEADER,
  decodeFlash,
  signInPath,
  type Flash,
} from "../lib/account-paths";
import { visitorAddress, visitorHeaders } from "./visitor-address";

/**
 * The website's side of accounts: a tRPC client that never caches (account answers are per
 * person), the cookie names, the session read from the request, and the api's refusals turned
 * into words for the page. Every rule (passwords, limits, CSRF, plans) is the api's.
 *
 * Given the browser's request (the form handlers), each call carries the visitor's address,
 * signed (visitor-address.ts), for the api's per-visitor attempt limits.
 */
export function accountApi(visitorRequest?: Request) {
  const env = readWebEnv();
  const visitor = visitorRequest === undefined ? undefined : visitorAddress(visitorRequest);
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${env.apiUrl}/trpc`,
        // Per call: the signature's time is the call's.
        headers: () => ({
          ...(env.internalToken === undefined
            ? {}
            : { authorization: `Bearer ${env.internalToken}` }),
          ...visitorHeaders(visitor, env.internalToken),
        }),
        fetch: (input, init) => fetch(input, { ...init, cache: "no-store" }),
      }),
    ],
  }).account;
}

/** The session cookie's attributes (the api's, for the website's http mode). */
export function sessionCookieSpec() {
  return sessionCookie(!readWebEnv().sitePlainHttp);
}

export function formCookieSpec() {
  return formTokenCookie(!readWebEnv().sitePlainHttp);
}

/** The session token from the request's cookie, if any. */
export async function sessionToken(): Promise<string | undefined> {
  const value = (await cookies()).get(sessionCookieSpec().name)?.value;
  return value === undefined || value === "" ? undefined : value;
}

/** The form token proxy.ts fetched and set as a cookie for this page's anonymous form. */
export async function pageFormToken(): Promise<string> {
  return (await headers()).get(FORM_TOKEN_HEADER) ?? "";
}

export type ApiRefusal = {
  message: string;
  label?: string;
  status?: number;
  retryAfterSeconds?: number;
};

/** An api refusal in its own words; anything else (api down, a bug) is rethrown. */
export function refusal(error: unknown): ApiRefusal {
  if (!(error instanceof TRPCClientError)) throw error;
  const data: unknown = error.data;
  const fields = typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};
  return {
    message: error.message,
    ...(typeof fields.error === "string" ? { label: fields.error } : {}),
    ...(typeof fields.httpStatus === "number" ? { status: fields.httpStatus } : {}),
    ...(typeof fields.retryAfterSeconds === "number"
      ? { retryAfterSeconds: fields.retryAfterSeconds }
      : {}),
  };
}

/**
 * The signed-in account and its CSRF token, or a redirect to the sign-in page, which sends the
 * reader back to `returnTo` (this page's path) once signed in.
 */
export async function requireSession(returnTo?: string) {
  const token = await sessionToken();
  if (token === undefined) redirect(signInPath(returnTo));
  let me;
  try {
    me = await accountApi().me.query({ sessionToken: token });
  } catch (error) {
    const answer = refusal(error);
    if (answer.status === 401)
      redirect(returnTo === undefined ? "/account/sign-in?error=session" : signInPath(returnTo));
    throw error;
  }
  return { token, ...me };
}

/** The one-time message a form handler left for this page (proxy.ts clears it on the response). */
export async function pageFlash(): Promise<Flash | undefined> {
  return decodeFlash((await headers()).get(FLASH_HEADER) ?? undefined);
}
