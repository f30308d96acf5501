import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST } from "../../app/account/do/[action]/route";
import { decodeFlash, safeAccountPath } from "../lib/account-paths";
import { sessionCookieSpec } from "../server/account";
import {
  CONNECTIONS,
  CSRF,
  REQUESTS,
  SESSION,
  connectionsRouter,
  inputs,
} from "../testing/connections-router";
import { clearRequestCookies, setRequestCookie } from "../testing/request-cookies";
import { serveRouterAsApi } from "../testing/trpc-fixture";
import { ConnectedAppsSection } from "./account-connections";
import { AuthorizePage } from "./authorize-page";

// The page reads the request's session cookie through next/headers; a redirect is thrown as Next does.
vi.mock("next/headers", async () => (await import("../testing/request-cookies")).nextHeaders);
vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw new Error(`NEXT_REDIRECT ${to}`);
  },
}));

/**
 * The consent page of an agent application's sign-in, the account page's Connected apps and
 * their two form handlers, against a router in the api's shapes (testing/connections-router.ts).
 * The browser test (e2e/connections.e2e.test.ts) runs the whole flow against the real api.
 */
let stop: () => void;
beforeAll(async () => {
  stop = await serveRouterAsApi(connectionsRouter);
});
afterAll(() => stop());
beforeEach(() => {
  clearRequestCookies();
  inputs.length = 0;
});

function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

async function consentPage(query: Record<string, string>): Promise<string> {
  const page = (await AuthorizePage({ searchParams: Promise.resolve(query) })) as ReactElement;
  return renderToStaticMarkup(page);
}

function signIn(): void {
  setRequestCookie(sessionCookieSpec().name, SESSION);
}

/** A form posted by the browser to /account/do/<action>, with the session cookie. */
async function post(action: string, fields: Record<string, string>, session = SESSION) {
  const request = new Request(`http://localhost/account/do/${action}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `${sessionCookieSpec().name}=${session}`,
    },
    body: new URLSearchParams(fields).toString(),
  });
  return POST(request, { params: Promise.resolve({ action }) });
}

function flashOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("tpi_flash="));
  return decodeFlash(cookie?.slice("tpi_flash=".length).split(";")[0]);
}

describe("the consent page", () => {
  it("sends a signed-out reader to sign in, and back to this same request after", async () => {
    const error = await consentPage({ request: REQUESTS.dynamic.requestId }).catch(
      (thrown: unknown) => thrown as Error,
    );
    const next = `/account/authorize?request=${REQUESTS.dynamic.requestId}`;
    expect(String(error)).toContain(
      `NEXT_REDIRECT /account/sign-in?next=${encodeURIComponent(next)}`,
    );
    // The sign-in form's handler accepts that path as where to go on to (a relative account path).
    expect(safeAccountPath(next, "/account")).toBe(next);
    expect(safeAccountPath("/account/authorize?request=a&next=https://evil.example", "/x")).toBe(
      "/x",
    );
    expect(inputs).toEqual([]);
  });

  it("names a registered client as self-asserted, its redirect address in full, what it reads, and Allow and Deny with CSRF", async () => {
    signIn();
    const html = await consentPage({ request: REQUESTS.dynamic.requestId });
    const words = text(html);
    expect(inputs).toEqual([
      { request: { sessionToken: SESSION, requestId: REQUESTS.dynamic.requestId } },
    ]);
    expect(words).toContain("Connect Agent App?");
    expect(words).toContain("its name is its own claim");
    expect(html).toContain(`<code data-consent="client-id">${REQUESTS.dynamic.clientId}</code>`);
    expect(html).toContain(`<code data-consent="redirect">${REQUESTS.dynamic.redirectUri}</code>`);
    expect(html).toContain('<dd data-consent="reads">');
    expect(words).toContain(`Access ${REQUESTS.dynamic.reads} Your plan Full`);
    expect(html).toContain('<dd data-consent="plan">Full</dd>');
    expect(words).toContain("2026-11-29 22:10:00Z");
    const forms = html.match(/<form [^>]*>.*?<\/form>/g) ?? [];
    expect(forms).toHaveLength(2);
    for (const [form, decision] of [
      [forms[0], "allow"],
      [forms[1], "deny"],
    ] as const) {
      expect(form).toContain('action="/account/do/decide-connection" method="post"');
      expect(form).toContain(`<input type="hidden" name="csrfToken" value="${CSRF}"/>`);
      expect(form).toContain(
        `<input type="hidden" name="requestId" value="${REQUESTS.dynamic.requestId}"/>`,
      );
      const button = /<button [^>]*>/.exec(form ?? "")?.[0] ?? "";
      expect(button).toContain(`value="${decision}"`);
      expect(button).toContain('name="decision"');
    }
    expect(html).not.toContain('data-consent="host"');
  });

  it("names a metadata-document client by its document's host, which the client cannot choose", async () => {
    signIn();
    const html = await consentPage({ request: REQUESTS.metadataDocument.requestId });
    expect(html).toContain('<strong data-consent="host">agent.example.com</strong>');
    expect(text(html)).toContain(
      "The application at agent.example.com (calling itself Totally The Index)",
    );
    expect(html).toContain(
      `<code data-consent="redirect">${REQUESTS.metadataDocument.redirectUri}</code>`,
    );
  });

  it("says an unknown, expired or used request has ended and to start again from the app, without forms", async () => {
    signIn();
    const queries: Record<string, string>[] = [
      { request: "req_expired_999" },
      {},
      { request: "bad id!" },
    ];
    for (const query of queries) {
      const html = await consentPage(query);
      expect(html, JSON.stringify(query)).toContain('data-consent="gone"');
      expect(text(html)).toContain("Start again from the application");
      expect(html).not.toContain("<form");
    }
  });
});

describe("deciding a request (POST /account/do/decide-connection)", () => {
  it("Allow: the api decides with the session and the form's CSRF token; 303 to the client's address with the code", async () => {
    const response = await post("decide-connection", {
      csrfToken: CSRF,
      requestId: REQUESTS.dynamic.requestId,
      decision: "allow",
    });
    expect(inputs).toEqual([
      {
        decide: {
          sessionToken: SESSION,
          csrfToken: CSRF,
          requestId: REQUESTS.dynamic.requestId,
          approve: true,
        },
      },
    ]);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      "http://127.0.0.1:53682/callback?code=the-code&state=s1",
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("Deny (or any other value): approve false, 303 to the client's address with the refusal", async () => {
    for (const decision of ["deny", "", "ALLOW"]) {
      inputs.length = 0;
      const response = await post("decide-connection", {
        csrfToken: CSRF,
        requestId: REQUESTS.metadataDocument.requestId,
        decision,
      });
      expect(inputs, decision).toEqual([
        { decide: expect.objectContaining({ approve: false }) as unknown },
      ]);
      expect(response.headers.get("location")).toBe(
        "https://agent.example.com/oauth/callback?error=access_denied&state=s1",
      );
    }
  });

  it("a refused decision (a stale CSRF token, an ended request) goes back to the request's page in the api's words", async () => {
    const stale = await post("decide-connection", {
      csrfToken: "forged",
      requestId: REQUESTS.dynamic.requestId,
      decision: "allow",
    });
    expect(stale.status).toBe(303);
    expect(stale.headers.get("location")).toBe(
      `/account/authorize?request=${REQUESTS.dynamic.requestId}`,
    );
    expect(flashOf(stale)).toEqual({
      kind: "error",
      message: "The form expired; reload the page.",
    });
    const ended = await post("decide-connection", {
      csrfToken: CSRF,
      requestId: "req_used_1",
      decision: "allow",
    });
    expect(ended.headers.get("location")).toBe("/account/authorize?request=req_used_1");
    expect(flashOf(ended)?.kind).toBe("error");
  });
});

describe("the account page's Connected apps", () => {
  it("lists each connection's client, address, dates and state, with Revoke (CSRF) only on connected ones, and the docs link", () => {
    const html = renderToStaticMarkup(<ConnectedAppsSection list={CONNECTIONS} csrfToken={CSRF} />);
    const words = text(html);
    expect(html).toContain('<h2 id="connected-apps">Connected apps</h2>');
    expect(html).toContain('href="/docs#mcp"');
    const rows = html.match(/<tr data-grant-id=.*?<\/tr>/g) ?? [];
    expect(rows).toHaveLength(2);
    const [active = "", revoked = ""] = rows;
    expect(active).toContain('data-connection-state="active"');
    expect(text(active)).toBe(
      "Agent App agent.example.com http://127.0.0.1:53682/callback 2026-11-20 08:00:00Z 2026-11-29 21:00:00Z Connected Revoke",
    );
    expect(active).toContain('action="/account/do/revoke-connection"');
    expect(active).toContain(`<input type="hidden" name="csrfToken" value="${CSRF}"/>`);
    expect(active).toContain('<input type="hidden" name="grantId" value="grant-active-1"/>');
    expect(revoked).toContain('data-connection-state="revoked"');
    expect(text(revoked)).toContain("Old Tool 5b1e0c3a-2d4f-4e6a-8b9c-0d1e2f3a4b5c");
    expect(text(revoked)).toContain("Never Disconnected 2026-11-02 09:30:00Z");
    expect(revoked).not.toContain("<form");
    expect(words).not.toContain("No connected apps");
  });

  it("says when there are none", () => {
    const html = renderToStaticMarkup(<ConnectedAppsSection list={[]} csrfToken={CSRF} />);
    expect(html).toContain('data-connections="none"');
    expect(html).not.toContain("<table");
  });

  it("Revoke posts the grant with the session and CSRF token, and comes back to the account with a notice", async () => {
    const response = await post("revoke-connection", {
      csrfToken: CSRF,
      grantId: "grant-active-1",
    });
    expect(inputs).toEqual([
      { revoke: { sessionToken: SESSION, csrfToken: CSRF, grantId: "grant-active-1" } },
    ]);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/account");
    expect(flashOf(response)).toEqual({
      kind: "notice",
      message: "The application is disconnected.",
    });
    const forged = await post("revoke-connection", { csrfToken: "x", grantId: "grant-active-1" });
    expect(forged.headers.get("location")).toBe("/account");
    expect(flashOf(forged)?.kind).toBe("error");
  });
});
