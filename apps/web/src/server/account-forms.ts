import "server-only";
import { readWebEnv } from "../env";
import {
  FLASH_COOKIE,
  FLASH_MAX_AGE_SECONDS,
  encodeFlash,
  safeAccountPath,
  type Flash,
} from "../lib/account-paths";
import { clientRedirectTarget } from "../lib/client-redirect";
import { formCookieSpec, refusal, sessionCookieSpec, type ApiRefusal } from "./account";

/**
 * What every account form handler (app/account/do/<action>/route.ts) shares: plain HTML forms
 * post here, the handler calls the api, and answers with a 303 to an account page, carrying the
 * outcome in the one-time flash cookie. Nothing is cached.
 */

type CookieSpec = {
  name: string;
  httpOnly: true;
  secure: boolean;
  sameSite: "lax";
  path: string;
  maxAgeSeconds: number;
};

function setCookieHeader(spec: CookieSpec, value: string): string {
  return [
    `${spec.name}=${value}`,
    `Path=${spec.path}`,
    `Max-Age=${spec.maxAgeSeconds}`,
    "HttpOnly",
    ...(spec.secure ? ["Secure"] : []),
    "SameSite=Lax",
  ].join("; ");
}

function flashSpec(): CookieSpec {
  return {
    name: FLASH_COOKIE,
    httpOnly: true,
    secure: !readWebEnv().sitePlainHttp,
    sameSite: "lax",
    path: "/account",
    maxAgeSeconds: FLASH_MAX_AGE_SECONDS,
  };
}

export type Outcome = {
  /** A path on this site (checked: only /account pages). */
  to: string;
  /**
   * Instead of `to`: an agent application's own address (its OAuth redirect, from the api),
   * absolute, on another site or scheme. Checked by clientRedirectTarget; one it refuses gives
   * `to`.
   */
  away?: string;
  flash?: Flash;
  /** The session cookie to set (sign-in) or clear (sign-out, `""`). */
  session?: { value: string; spec?: CookieSpec };
};

/**
 * A 303 to a relative account path: the browser stays on this site whatever the Host header said;
 * or, for a decided sign-in request, to the client's own address.
 */
export function seeOther(outcome: Outcome): Response {
  const away = outcome.away === undefined ? undefined : clientRedirectTarget(outcome.away);
  const response = new Response(null, {
    status: 303,
    headers: {
      location: away ?? safeAccountPath(outcome.to, "/account"),
      "cache-control": "no-store",
    },
  });
  if (outcome.flash !== undefined)
    response.headers.append("set-cookie", setCookieHeader(flashSpec(), encodeFlash(outcome.flash)));
  if (outcome.session !== undefined) {
    // Set exactly as the api describes it (sign-in's `cookie`); cleared with Max-Age=0.
    const spec = outcome.session.spec ?? sessionCookieSpec();
    const maxAgeSeconds = outcome.session.value === "" ? 0 : spec.maxAgeSeconds;
    response.headers.append(
      "set-cookie",
      setCookieHeader({ ...spec, maxAgeSeconds }, outcome.session.value),
    );
  }
  return response;
}

/** An api refusal as the flash of the page the form came from; 429s say when to try again. */
export function refusalFlash(answer: ApiRefusal): Flash {
  return {
    kind: "error",
    message: answer.message,
    ...(answer.retryAfterSeconds === undefined
      ? {}
      : { retryAfterSeconds: answer.retryAfterSeconds }),
  };
}

/** Runs an api call; a refusal goes back to `from` with the api's words (never a 500). */
/**
 * Runs a form's api call and answers 303 with its outcome; a refusal goes back to `from` (a path,
 * or the path chosen from the refusal) with the api's words.
 */
export async function attempt(
  from: string | ((refused: ApiRefusal) => string),
  call: () => Promise<Outcome>,
): Promise<Response> {
  try {
    return seeOther(await call());
  } catch (error) {
    const refused = refusal(error);
    const to = typeof from === "string" ? from : from(refused);
    return seeOther({ to, flash: refusalFlash(refused) });
  }
}

export async function formOf(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function cookieValue(request: Request, name: string): string {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return "";
}

export function requestSessionToken(request: Request): string {
  return cookieValue(request, sessionCookieSpec().name);
}

/** Both copies of the anonymous form's token: the cookie's and the hidden field's. */
export function formTokenOf(request: Request, form: FormData): { cookie: string; form: string } {
  return { cookie: cookieValue(request, formCookieSpec().name), form: field(form, "formToken") };
}
