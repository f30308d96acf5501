import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { displayPrefixOf } from "@tpi/domain";
import { axeViolations } from "./axe";
import { chromiumPresent, launchBrowser, open, screenshot } from "./browser";
import { contrastFailures } from "./contrast";
import { site } from "./site";
import { directFetch } from "./api-helpers";

/**
 * The account pages: sign-up to key, usage and revocation, administration, sessions, password
 * reset and the sign-in limits, per visitor: the website passes each visitor's address (the
 * last X-Forwarded-For entry, as behind nginx) to the api, signed.
 */
describe.skipIf(!chromiumPresent)("website accounts: sign-up to key, usage and revocation", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const PASSWORD = "correct horse battery staple";
  const ACCOUNT_PAGES = [
    "/account/sign-in",
    "/account/sign-up",
    "/account/reset-password",
    "/account/reset-password?token=not-a-real-token",
    "/account/verify-email?token=not-a-real-token",
    "/account",
    "/account/new-key",
    "/account/revoke-key",
    "/account/new-webhook",
    "/account/webhook-secret",
    "/account/admin",
  ];

  async function signUpAndConfirm(page: Page, email: string): Promise<void> {
    await open(page, "/account/sign-up");
    await page.fill('form[data-form="sign-up"] input[name="email"]', email);
    await page.fill('form[data-form="sign-up"] input[name="password"]', PASSWORD);
    await page.click('form[data-form="sign-up"] button[type="submit"]');
    await page.waitForURL(`${site.webUrl}/account/sign-in`);
    expect(await page.locator('[data-flash="notice"]').textContent()).toBeTruthy();
    const link = await site.mailedLink(email, "/account/verify-email");
    expect(link.startsWith(`${site.webUrl}/account/verify-email?token=`)).toBe(true);
    await page.goto(link);
    await page.click('form[data-form="verify-email"] button[type="submit"]');
    await page.waitForURL(`${site.webUrl}/account/sign-in`);
    expect(await page.locator('[data-flash="notice"]').count()).toBe(1);
  }

  /** Signs in; returns the Set-Cookie header of the sign-in answer. */
  async function signIn(page: Page, email: string, password = PASSWORD): Promise<string> {
    await open(page, "/account/sign-in");
    await page.fill('form[data-form="sign-in"] input[name="email"]', email);
    await page.fill('form[data-form="sign-in"] input[name="password"]', password);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith("/account/do/sign-in")),
      page.click('form[data-form="sign-in"] button[type="submit"]'),
    ]);
    await page.waitForLoadState("load");
    return (await answer.headerValue("set-cookie")) ?? "";
  }

  async function sessionCookie(page: Page): Promise<string | undefined> {
    const cookies = await page.context().cookies(site.webUrl);
    return cookies.find((cookie) => cookie.name === "tpi_session")?.value;
  }

  /** Waits for a logged mail to `email` that contains `text` (the outbox is flushed every 5 s). */
  async function mailed(email: string, text: string): Promise<string> {
    let found: string | undefined;
    await expect
      .poll(
        () => {
          found = site
            .mails()
            .reverse()
            .find((mail) => mail.includes(email) && mail.includes(text));
          return found !== undefined;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
    return found ?? "";
  }

  /** No account page is wider than the screen (a phone scrolls sideways only inside tables). */
  async function pageWidth(page: Page): Promise<number> {
    return page.evaluate(() => document.documentElement.scrollWidth);
  }

  async function keyRows(page: Page): Promise<number> {
    await open(page, "/account");
    return page.locator('table[data-table="keys"] tbody tr').count();
  }

  it("signs up, confirms, signs in, is refused keys on trial, requests Full, is approved with one admin click, and creates, copies, uses, counts and revokes a key", async () => {
    const context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: site.webUrl,
    });
    const page = await context.newPage();
    // Signed out, the account page leads to the sign-in page.
    await open(page, "/account");
    expect(page.url()).toBe(`${site.webUrl}/account/sign-in`);

    // The sign-up page says what a new account gets (this site: the default, a trial).
    await open(page, "/account/sign-up");
    expect(await page.locator("[data-new-account-terms]").textContent()).toMatch(
      /^New accounts start on a \d+-hour trial, which cannot create API keys: request Premium or Full/,
    );
    const email = `e2e-${Date.now()}@example.com`;
    await signUpAndConfirm(page, email);

    const setCookie = await signIn(page, email);
    expect(page.url()).toBe(`${site.webUrl}/account`);
    expect(setCookie).toMatch(/^tpi_session=[^;]+;/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    const cookie = (await context.cookies(site.webUrl)).find((c) => c.name === "tpi_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(await page.evaluate(() => document.cookie)).not.toContain("tpi_session");
    expect(await page.locator('[data-account="email"]').textContent()).toBe(email);
    expect(await page.locator('[data-account="plan"]').textContent()).toBe("Trial");
    // The plan panel: what the trial allows, until when (UTC), and the next step.
    expect(await page.locator("[data-plan-until]").textContent()).toMatch(
      /^Trial, until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/,
    );
    expect(await page.locator("[data-plan-allows]").textContent()).toContain(
      "trial accounts cannot create keys",
    );
    expect(await page.locator('[data-plan-next="request-upgrade"]').count()).toBe(1);
    expect(await page.locator("[data-key-refusal]").textContent()).toContain(
      "not available on trial accounts",
    );
    // The user is told what to do, not the operator's command.
    expect(await page.locator("[data-key-refusal]").textContent()).toContain(
      "Request Premium or Full",
    );
    expect(await page.content()).not.toContain("tpi accounts");
    expect(await page.locator('form[data-form="create-key"]').count()).toBe(0);
    const account = await page.request.get(`${site.webUrl}/account`);
    expect(account.headers()["cache-control"]).toContain("no-store");

    // Session fixation: signing in again ends the held session and sets a new one.
    const first = await sessionCookie(page);
    await signIn(page, email);
    const second = await sessionCookie(page);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    const stale = await browser.newContext();
    await stale.addCookies([{ name: "tpi_session", value: first ?? "", url: site.webUrl }]);
    const stalePage = await stale.newPage();
    await stalePage.goto(`${site.webUrl}/account`);
    expect(new URL(stalePage.url()).pathname).toBe("/account/sign-in");
    await stale.close();

    // The user asks for Full from the account page; the admins hear of it by mail.
    const adminEmail = `e2e-approver-${Date.now()}@example.com`;
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signUpAndConfirm(adminPage, adminEmail);
    // The operator's one-time set-up of an administrator; the user's path needs no shell.
    site.cli(["accounts", "grant-admin", adminEmail]);
    await signIn(adminPage, adminEmail);
    // The trial's panel on a phone, in both themes (looked at, not asserted: the themes' form
    // colours are the site's).
    await page.setViewportSize({ width: 390, height: 844 });
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await open(page, "/account");
      await screenshot(page, `account-trial-${colorScheme}-390`);
      expect(await pageWidth(page), `trial /account width (${colorScheme})`).toBeLessThanOrEqual(
        390,
      );
    }
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, "/account");
    await page.fill('form[data-form="request-upgrade"] textarea[name="message"]', "For e2e tests.");
    await page.click('form[data-form="request-upgrade"] button[value="full"]');
    await page.waitForURL(`${site.webUrl}/account`);
    expect(await page.locator('[data-flash="notice"]').textContent()).toContain(
      "Your request is sent",
    );
    expect(await page.locator('[data-plan-next="request-pending"]').textContent()).toMatch(
      /Your request for Full is pending since \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/,
    );
    expect(await page.locator('form[data-form="request-upgrade"]').count()).toBe(0);
    const toAdmin = await mailed(adminEmail, `Upgrade request: ${email} asks for Full`);
    expect(toAdmin).toContain("For e2e tests.");

    // One click on the admin page approves it.
    await open(adminPage, "/account/admin");
    const request = adminPage.locator(`[data-request-account="${email}"]`);
    expect(await request.textContent()).toContain("For e2e tests.");
    for (const width of [1280, 390]) {
      await adminPage.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await open(adminPage, "/account/admin");
      await screenshot(adminPage, `account-admin-upgrade-request-${width}`);
      expect(await pageWidth(adminPage), `/account/admin width at ${width}`).toBeLessThanOrEqual(
        width,
      );
      expect(
        await axeViolations(adminPage),
        `axe-core on the upgrade requests at ${width}`,
      ).toEqual([]);
    }
    await request.locator('form[data-form="approve-upgrade"] button[type="submit"]').click();
    await adminPage.waitForURL(`${site.webUrl}/account/admin`);
    expect(await adminPage.locator('[data-flash="notice"]').textContent()).toContain("approved");
    expect(await adminPage.locator(`[data-request-account="${email}"]`).count()).toBe(0);
    expect(await adminPage.locator('table[data-table="admin-actions"]').textContent()).toContain(
      "approve-upgrade",
    );
    await adminContext.close();
    expect(await mailed(email, "is now Full")).toContain("/account");

    await open(page, "/account");
    expect(await page.locator('[data-account="plan"]').textContent()).toBe("Full");
    expect(await page.locator("[data-plan-until]").textContent()).toBe("Full, does not expire.");
    expect(await page.locator('[data-plan-next="create-key"]').count()).toBe(1);
    expect(await page.locator("[data-key-refusal]").count()).toBe(0);

    // CSRF: a state change without the session's token, or with a wrong one, changes nothing.
    for (const form of [
      { name: "forged" } as Record<string, string>,
      { name: "forged", csrfToken: "wrong" },
    ]) {
      const answer = await page.request.post(`${site.webUrl}/account/do/create-key`, {
        form,
        maxRedirects: 0,
      });
      expect(answer.status()).toBe(303);
      expect(answer.headers().location).toBe("/account");
    }
    expect(await keyRows(page)).toBe(0);
    // Only account pages as redirect targets, as relative paths.
    const unknown = await page.request.post(`${site.webUrl}/account/do/no-such-action`, {
      maxRedirects: 0,
    });
    expect(unknown.status()).toBe(404);

    // The key, shown once, copied with the button.
    await open(page, "/account");
    await page.fill('form[data-form="create-key"] input[name="name"]', "e2e-web");
    await page.click('form[data-form="create-key"] button[type="submit"]');
    await page.waitForURL(`${site.webUrl}/account/new-key`);
    const key = await page.locator("[data-new-key]").inputValue();
    expect(key.length).toBeGreaterThan(20);
    await screenshot(page, "account-new-key-1280");
    await page.click("[data-copy-button]");
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: 5_000 })
      .toBe(key);
    await open(page, "/account/new-key");
    expect(await page.locator("[data-new-key]").count()).toBe(0);
    expect(await page.locator("[data-new-key-gone]").count()).toBe(1);
    expect(await page.content()).not.toContain(key);

    // The key works against the api, and its use is counted on the account page.
    for (let call = 0; call < 3; call += 1) {
      const answer = await directFetch(`${site.apiUrl}/api/otpi`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(answer.status).toBe(200);
    }
    await open(page, "/account");
    const keyId = await page
      .locator('table[data-table="keys"] tbody tr[data-key-state="active"]')
      .getAttribute("data-key-id");
    const today = new Date().toISOString().slice(0, 10);
    await expect
      .poll(
        async () => {
          await open(page, "/account");
          const cell = page.locator(
            `table[data-table="usage"] tr[data-day="${today}"] td[data-key-id="${keyId}"]`,
          );
          return Number((await cell.textContent()) ?? "0");
        },
        { timeout: 40_000, interval: 2_000 },
      )
      .toBeGreaterThanOrEqual(3);
    await screenshot(page, "account-1280");

    // A revocation posted without its confirmation changes nothing.
    const csrfToken = await page
      .locator('form[data-form="sign-out"] input[name="csrfToken"]')
      .inputValue();
    const unconfirmed = await page.request.post(`${site.webUrl}/account/do/revoke-key`, {
      form: { csrfToken, keyId: keyId ?? "" },
      maxRedirects: 0,
    });
    expect(unconfirmed.status()).toBe(303);
    await open(page, "/account");
    expect(await page.locator('[data-flash="error"]').textContent()).toContain(
      "Nothing was revoked",
    );
    expect(await page.locator(`tr[data-key-id="${keyId}"]`).getAttribute("data-key-state")).toBe(
      "active",
    );
    // Revoked on the website, after its confirmation page: the api refuses the key.
    await page.click(`tr[data-key-id="${keyId}"] [data-revoke-link]`);
    await page.waitForURL(/\/account\/revoke-key\?key=/);
    expect(await page.locator("main").textContent()).toContain("cannot be undone");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await screenshot(page, `account-revoke-key-confirm-${width}`);
      expect(await pageWidth(page), `revoke confirmation width at ${width}`).toBeLessThanOrEqual(
        width,
      );
      expect(await axeViolations(page), `axe-core on the revoke confirmation at ${width}`).toEqual(
        [],
      );
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.click('form[data-form="revoke-key"] button[type="submit"]');
    await page.waitForURL(`${site.webUrl}/account`);
    expect(await page.locator(`tr[data-key-id="${keyId}"]`).getAttribute("data-key-state")).toBe(
      "revoked",
    );
    await expect
      .poll(
        async () =>
          (
            await directFetch(`${site.apiUrl}/api/otpi`, {
              headers: { authorization: `Bearer ${key}` },
            })
          ).status,
        { timeout: 10_000, interval: 500 },
      )
      .toBe(401);

    // Every account page: screenshots, contrast and axe at 1280 and 390 px (signed in).
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      for (const path of ACCOUNT_PAGES) {
        // Signed in without the admin role: the admin page refuses with 403 and its own text.
        await open(page, path, path === "/account/admin" ? 403 : 200);
        const name = path.replace(/[/?=]+/g, "-").replace(/^-/, "");
        await screenshot(page, `${name}-${width}`);
        expect(await contrastFailures(page), `contrast on ${path} at ${width}`).toEqual([]);
        expect(await axeViolations(page), `axe-core on ${path} at ${width}`).toEqual([]);
        expect(await pageWidth(page), `width of ${path} at ${width}`).toBeLessThanOrEqual(width);
      }
    }
    expect(await page.locator("[data-admin-refused]").count()).toBe(1);
    // The refusal is in the server's HTML, not drawn by the browser.
    const cookieHeader = (await page.context().cookies(site.webUrl))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join("; ");
    const refused = await fetch(`${site.webUrl}/account/admin`, {
      headers: { cookie: cookieHeader },
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("This page is for administrators only.");

    // Sign-out ends the session and clears the cookie.
    await open(page, "/account");
    await page.click('form[data-form="sign-out"] button[type="submit"]');
    await page.waitForURL(`${site.webUrl}/account/sign-in`);
    expect(await sessionCookie(page)).toBeUndefined();
    await context.close();
  }, 240_000);

  it("admin page: an admin sets a plan, and the action is logged", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = `e2e-admin-${Date.now()}@example.com`;
    await signUpAndConfirm(page, email);
    site.cli(["accounts", "grant-admin", email]);
    // A key of another account (made on the command line), which the admin revokes below.
    const otherKey = site.createKey("full");
    await signIn(page, email);
    await open(page, "/account/admin");
    const row = page.locator(`table[data-table="admin-accounts"] tr`, { hasText: email });
    await row.locator('select[name="plan"]').selectOption("full");
    await row.locator('button[type="submit"]').click();
    await page.waitForURL(`${site.webUrl}/account/admin`);
    expect(await page.locator('[data-flash="notice"]').count()).toBe(1);
    expect(await page.locator('table[data-table="admin-actions"]').textContent()).toContain("set");

    // Every active key is listed with its account; the admin revokes one with its button.
    const keyRow = page.locator(
      `table[data-table="admin-keys"] tr[data-key-prefix="${displayPrefixOf(otherKey)}"]`,
    );
    expect(await keyRow.count()).toBe(1);
    expect(await keyRow.textContent()).toContain("e2e-full");
    const otherKeyId = await keyRow.getAttribute("data-key-id");
    const withOtherKey = () =>
      directFetch(`${site.apiUrl}/api/otpi`, { headers: { authorization: `Bearer ${otherKey}` } });
    expect((await withOtherKey()).status).toBe(200);
    // On a phone, with a key to revoke in the list: the page is no wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/account/admin");
    expect(
      await pageWidth(page),
      "/account/admin width at 390 with a key listed",
    ).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, "/account/admin");
    await screenshot(page, "account-admin-keys-1280");
    expect(await axeViolations(page), "axe-core on the admin key list").toEqual([]);
    expect(await contrastFailures(page), "contrast on the admin key list").toEqual([]);
    await keyRow.locator("[data-revoke-link]").click();
    await page.waitForURL(/\/account\/revoke-key\?key=.*scope=admin/);
    expect(await page.locator("main").textContent()).toContain("e2e-full");
    await page.click('form[data-form="revoke-key"] button[type="submit"]');
    await page.waitForURL(`${site.webUrl}/account/admin`);
    expect(await page.locator('[data-flash="notice"]').textContent()).toContain("revoked");
    expect(await keyRow.count()).toBe(0);
    expect(await page.locator('table[data-table="admin-actions"]').textContent()).toContain(
      `key:${otherKeyId}`,
    );
    // The api that revoked it refuses it at once.
    expect((await withOtherKey()).status).toBe(401);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await open(page, "/account/admin");
      await screenshot(page, `account-admin-signed-in-admin-${width}`);
      expect(await axeViolations(page), `axe-core on /account/admin at ${width}`).toEqual([]);
      expect(await contrastFailures(page), `contrast on /account/admin at ${width}`).toEqual([]);
      expect(await pageWidth(page), `/account/admin width at ${width}`).toBeLessThanOrEqual(width);
    }
    await context.close();
  }, 120_000);

  it("lists the account's sessions and signs out the other browsers", async () => {
    const email = `e2e-sessions-${Date.now()}@example.com`;
    const laptop = await browser.newContext();
    const phone = await browser.newContext({ javaScriptEnabled: false });
    const laptopPage = await laptop.newPage();
    const phonePage = await phone.newPage();
    await signUpAndConfirm(laptopPage, email);
    await signIn(laptopPage, email);
    await signIn(phonePage, email);

    await open(laptopPage, "/account");
    const rows = laptopPage.locator('table[data-table="sessions"] tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await laptopPage.locator('tr[data-session="current"]').textContent()).toContain(
      "This browser",
    );
    await screenshot(laptopPage, "account-sessions-1280");
    expect(await axeViolations(laptopPage), "axe-core on /account with sessions").toEqual([]);

    await laptopPage.click('form[data-form="sign-out-others"] button[type="submit"]');
    await laptopPage.waitForURL(`${site.webUrl}/account`);
    expect(await laptopPage.locator('[data-flash="notice"]').textContent()).toContain(
      "1 session ended",
    );
    expect(await rows.count()).toBe(1);
    expect(await laptopPage.locator('form[data-form="sign-out-others"]').count()).toBe(0);

    // The phone's session is over: its next account page asks it to sign in.
    await phonePage.goto(`${site.webUrl}/account`);
    expect(new URL(phonePage.url()).pathname).toBe("/account/sign-in");
    await laptop.close();
    await phone.close();
  }, 120_000);

  it("resets a password with the mailed link", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const email = `e2e-reset-${Date.now()}@example.com`;
    await signUpAndConfirm(page, email);
    await open(page, "/account/reset-password");
    await page.fill('form[data-form="reset-request"] input[name="email"]', email);
    await page.click('form[data-form="reset-request"] button[type="submit"]');
    await page.waitForURL(`${site.webUrl}/account/reset-password`);
    expect(await page.locator('[data-flash="notice"]').count()).toBe(1);
    const link = await site.mailedLink(email, "/account/reset-password");
    await page.goto(link);

    // A password the api refuses (too short; posted directly, past the browser's own check)
    // comes back to the same link's form with the api's words, not to the request form.
    const mailToken = new URL(link).searchParams.get("token") ?? "";
    const refusedPost = await context.request.post(`${site.webUrl}/account/do/reset-password`, {
      form: {
        formToken:
          (await page
            .locator('form[data-form="reset-password"] input[name="formToken"]')
            .getAttribute("value")) ?? "",
        token: mailToken,
        password: "short",
      },
      maxRedirects: 0,
    });
    expect(refusedPost.status()).toBe(303);
    expect(refusedPost.headers().location).toBe(`/account/reset-password?token=${mailToken}`);
    await open(page, refusedPost.headers().location ?? "");
    expect(await page.locator('[data-flash="error"]').textContent()).toContain(
      "at least 10 characters",
    );
    expect(await page.locator('form[data-form="reset-password"]').count()).toBe(1);

    const newPassword = "another long password 42";
    await page.fill('form[data-form="reset-password"] input[name="password"]', newPassword);
    await page.click('form[data-form="reset-password"] button[type="submit"]');
    await page.waitForURL(`${site.webUrl}/account/sign-in`);
    await signIn(page, email, newPassword);
    expect(page.url()).toBe(`${site.webUrl}/account`);
    // The used link is dead: a new password through it goes back to the request form.
    await page.goto(link);
    await page.fill('form[data-form="reset-password"] input[name="password"]', newPassword);
    await page.click('form[data-form="reset-password"] button[type="submit"]');
    await page.waitForURL(`${site.webUrl}/account/reset-password`);
    expect(await page.locator('[data-flash="error"]').textContent()).toContain(
      "invalid, already used or expired",
    );
    await context.close();
  }, 120_000);

  it("repeated wrong passwords get the api's 429 words with the wait", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const email = `e2e-brute-${Date.now()}@example.com`;
    let refused = false;
    for (let attempt = 0; attempt < 8 && !refused; attempt += 1) {
      await signIn(page, email, "wrong password 123");
      expect(new URL(page.url()).pathname).toBe("/account/sign-in");
      refused = (await page.locator("[data-retry-after]").count()) === 1;
    }
    expect(refused).toBe(true);
    expect(await page.locator('[data-flash="error"]').textContent()).toMatch(/Try again in \d+/);
    await screenshot(page, "account-sign-in-429-1280");
    await context.close();
  }, 120_000);

  it("one visitor's wrong passwords never refuse another visitor's right one", async () => {
    // Two visitors, as nginx in front of the website would report them.
    const visitor = (address: string) =>
      browser.newContext({
        javaScriptEnabled: false,
        extraHTTPHeaders: { "x-forwarded-for": address },
      });
    const ownerContext = await visitor("203.0.113.10");
    const guesserContext = await visitor("198.51.100.66");
    const owner = await ownerContext.newPage();
    const guesser = await guesserContext.newPage();
    const email = `e2e-owner-${Date.now()}@example.com`;
    await signUpAndConfirm(owner, email);
    let refused = false;
    for (let attempt = 0; attempt < 8 && !refused; attempt += 1) {
      await signIn(guesser, email, "wrong password 123");
      refused = (await guesser.locator("[data-retry-after]").count()) === 1;
    }
    expect(refused).toBe(true);
    // The guesser waits even with the right password...
    await signIn(guesser, email);
    expect(new URL(guesser.url()).pathname).toBe("/account/sign-in");
    expect(await guesser.locator("[data-retry-after]").count()).toBe(1);
    // ...the owner, from another address, signs in.
    await signIn(owner, email);
    expect(new URL(owner.url()).pathname).toBe("/account");
    expect(await owner.locator('[data-account="email"]').textContent()).toBe(email);
    await ownerContext.close();
    await guesserContext.close();
  }, 120_000);
});
