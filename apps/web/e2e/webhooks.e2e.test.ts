import { spawnSync } from "node:child_process";
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { EVENT_FILTER_MESSAGES } from "@tpi/domain";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumPresent, open, screenshot } from "./browser";
import { READER_PASSWORD, signedInReaders } from "./market-readers";
import { expectReadableEverywhere, expectReadableIn } from "./reader-audit";
import { site } from "./site";

/**
 * A signed-in reader manages webhooks on the website without a line of the page's own script:
 * from a series page's "notify me" to the form (its refusals next to their fields), the secret
 * shown once, a test send that a loopback receiver verifies with that secret, the log of test
 * sends, pause, resume and delete; a visitor is sent to sign in and back to the form. A GPU's and
 * a lab's page offer the same notify-me, and the api accepts what it fills in. Every new or
 * changed page passes axe-core and the contrast check at 390 and 1280 px, light and dark; the
 * series pages' notify-me as a visitor sees it is the site audit's (site-audit.e2e.test.ts), a
 * keyed lab as the Full plan reads it signed-in.e2e.test.ts's, checked here in one combination.
 */

type Received = { headers: IncomingHttpHeaders; body: string };

/** A loopback endpoint answering 204, handing each request to the test waiting for it. */
function startReceiver() {
  const waiting: ((received: Received) => void)[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      response.writeHead(204).end();
      waiting.shift()?.({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
    });
  });
  return {
    server,
    next: () => new Promise<Received>((resolve) => waiting.push(resolve)),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
  };
}

/** The Standard Webhooks check, written out: HMAC-SHA256 of `id.timestamp.body` under the secret's bytes. */
function verified(secret: string, received: Received): boolean {
  const header = (name: string) => {
    const value = received.headers[name];
    return typeof value === "string" ? value : "";
  };
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signed = `${header("webhook-id")}.${header("webhook-timestamp")}.${received.body}`;
  const expected = createHmac("sha256", key).update(signed).digest();
  return header("webhook-signature")
    .split(" ")
    .some((entry) => {
      const [version, signature] = entry.split(",");
      const given = Buffer.from(signature ?? "", "base64");
      return (
        version === "v1" && given.length === expected.length && timingSafeEqual(given, expected)
      );
    });
}

const MEMORY_TYPE = "mem_ddr5_16gb";

/** Runs SQL on the site's database (the outbox's rows, as the publication and the dispatcher write them). */
function sql(statement: string): void {
  const run = spawnSync("psql", [site.databaseUrl, "-v", "ON_ERROR_STOP=1", "-qc", statement], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`psql failed: ${run.stderr}`);
}

/**
 * A value.settled event of the memory series in the outbox, queued for the subscription: what a
 * publication appends (the emission is not what these tests are about). Answers its id.
 */
function queueEvent(subscriptionId: string): string {
  const id = `e2e~${randomUUID()}`;
  const payload = JSON.stringify({
    id,
    type: "value.settled",
    version: 1,
    timestamp: new Date().toISOString(),
    data: { market: "memory", series: MEMORY_TYPE, period: { grain: "day", start: "2026-11-27" } },
  });
  sql(`with event as (
    insert into webhook_event (event_id, type, market, payload, published_at)
    values ('${id}', 'value.settled', 'memory', '${payload}', now()) returning position)
    insert into webhook_delivery (subscription_id, event_position, next_attempt_at)
    select '${subscriptionId}', position, now() from event`);
  return id;
}

describe.skipIf(!chromiumPresent)("webhooks on the account pages", () => {
  const readers = signedInReaders("webhooks", "full", "192.0.2.63");
  const receiver = startReceiver();
  let webhookId = "";

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
  });

  /** A page without JavaScript, signed in as the reader: every control is a plain form. */
  async function scriptlessPage(): Promise<Page> {
    return (await readers.withoutScript()).newPage();
  }

  it("goes from a series page's notify-me to the form, filled in, and puts a refusal next to its field", async () => {
    const page = await scriptlessPage();
    await open(page, `/memory/${MEMORY_TYPE}`);
    const notify = page.locator("[data-notify-me] a");
    await notify.click();
    await page.waitForURL(/\/account\/new-webhook\?/);
    expect(await page.isChecked('input[name="types"][value="threshold.crossed"]')).toBe(true);
    expect(await page.isChecked('input[name="markets"][value="memory"]')).toBe(true);
    expect(await page.inputValue('input[name="series"]')).toBe(MEMORY_TYPE);

    // threshold.crossed without a rule: the api's words, next to the event types.
    await page.fill('input[name="url"]', receiver.url());
    await page.click('form[data-form="create-webhook"] button[type="submit"]');
    await page.waitForURL(`${site.webUrl}/account/new-webhook`);
    expect(await page.locator('[data-field-error="types"]').textContent()).toBe(
      EVENT_FILTER_MESSAGES.typeWithoutThresholds,
    );
    const types = page.locator("fieldset[aria-invalid]");
    expect(await types.getAttribute("aria-describedby")).toContain("webhook-types-error");
    // What was sent is kept.
    expect(await page.inputValue('input[name="url"]')).toBe(receiver.url());
    expect(await page.inputValue('input[name="series"]')).toBe(MEMORY_TYPE);

    // A threshold that is not a number is refused by the form itself, next to its field.
    await page.fill('input[name="levels"]', "a hundred");
    await page.click('form[data-form="create-webhook"] button[type="submit"]');
    await page.waitForURL(`${site.webUrl}/account/new-webhook`);
    expect(await page.locator('[data-field-error="levels"]').textContent()).toContain(
      "is not a number",
    );
    await page.context().close();
  });

  it("creates a webhook, shows its secret once, and test-sends a payload the receiver verifies", async () => {
    const page = await scriptlessPage();
    await open(
      page,
      `/account/new-webhook?market=memory&series=${MEMORY_TYPE}&type=threshold.crossed`,
    );
    await page.fill('input[name="url"]', receiver.url());
    await page.fill('input[name="levels"]', "5");
    await page.fill('input[name="changes"]', "10");
    await page.click('form[data-form="create-webhook"] button[type="submit"]');
    await page.waitForURL(`${site.webUrl}/account/webhook-secret`);
    const secret = await page.inputValue("[data-webhook-secret]");
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(await page.locator('label[for="webhook-secret"]').textContent()).toBe("Signing secret");
    await screenshot(page, "webhook-secret");
    // Shown once: a second visit has no secret.
    await open(page, "/account/webhook-secret");
    expect(await page.locator("[data-webhook-secret]").count()).toBe(0);
    expect(await page.locator("[data-webhook-secret-gone]").count()).toBe(1);

    // The account page lists it, its filter in words.
    await open(page, "/account");
    const row = page.locator('table[data-table="webhooks"] tbody tr');
    expect(await row.count()).toBe(1);
    webhookId = (await row.getAttribute("data-webhook-id")) ?? "";
    expect(await row.getAttribute("data-webhook-status")).toBe("active");
    expect(await row.textContent()).toContain(
      `threshold.crossed, of memory, series ${MEMORY_TYPE}; thresholds: level 5, change over 10 %.`,
    );
    expect(await row.textContent()).toContain("None yet");

    // Its page: a test send, verified by the receiver with the secret, its outcome shown.
    await row.locator("a.button-link").click();
    await page.waitForURL(`${site.webUrl}/account/webhook?id=${webhookId}`);
    const arrived = receiver.next();
    await page.click('form[data-form="test-webhook"] button');
    const received = await arrived;
    expect(verified(secret, received)).toBe(true);
    expect(JSON.parse(received.body)).toMatchObject({ type: "webhook.test" });
    await page.waitForURL(`${site.webUrl}/account/webhook?id=${webhookId}`);
    expect(await page.locator('[data-webhook-test="delivered"]').textContent()).toMatch(
      /^Test event delivered: your endpoint answered 204 in \d+ ms\.$/,
    );
    // The log page keeps the test send; no event was published for it yet.
    const test = page.locator('table[data-table="webhook-tests"] tbody tr');
    expect(await test.count()).toBe(1);
    expect(await test.getAttribute("data-test-outcome")).toBe("delivered");
    expect(await test.textContent()).toContain("204");
    expect(await page.locator("[data-webhook-log-empty]").count()).toBe(1);
    await page.context().close();
  });

  it("logs each delivery (status, attempts, response, latency, time), redelivers one and enables a disabled webhook", async () => {
    const page = await scriptlessPage();
    const arrived = receiver.next();
    const eventId = queueEvent(webhookId);
    // The api's dispatcher sends it within its interval; the log shows it once recorded.
    expect(JSON.parse((await arrived).body)).toMatchObject({ id: eventId, type: "value.settled" });
    const row = page.locator(`table[data-table="webhook-log"] tr[data-event-id="${eventId}"]`);
    await expect
      .poll(async () => {
        await open(page, `/account/webhook?id=${webhookId}`);
        return (await row.count()) === 0 ? "" : await row.getAttribute("data-delivery-status");
      })
      .toBe("delivered");
    const cells = await row.locator("td").allTextContents();
    expect(cells.slice(0, 3)).toEqual(["delivered", "1", "204"]);
    expect(cells[3]).toMatch(/^\d+ ms$/);
    expect(cells[4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}Z$/);
    // axe runs in the page: checked in the reader's page, which runs scripts.
    await expectReadableEverywhere(readers.page, `/account/webhook?id=${webhookId}`, "webhook-log");

    // Redeliver: the same event reaches the receiver again.
    const again = receiver.next();
    await page.click(`form[data-form="redeliver-webhook"]:has(input[value="${eventId}"]) button`);
    await page.waitForURL(`${site.webUrl}/account/webhook?id=${webhookId}`);
    expect(await page.locator('[data-flash="notice"]').textContent()).toContain("queued again");
    expect(JSON.parse((await again).body)).toMatchObject({ id: eventId });

    // A webhook the dispatcher disabled after a day of failures is enabled again from its page.
    sql(`update webhook_subscription set status = 'disabled',
      disabled_reason = 'deliveries failed for 24 hours' where id = '${webhookId}'`);
    await open(page, `/account/webhook?id=${webhookId}`);
    expect(await page.locator('[data-webhook="status"]').textContent()).toBe(
      "Disabled: deliveries failed for 24 hours",
    );
    expect(await page.locator('form[data-form="pause-webhook"]').count()).toBe(0);
    await page.click('form[data-form="enable-webhook"] button');
    await page.waitForURL(`${site.webUrl}/account/webhook?id=${webhookId}`);
    expect(await page.locator('[data-webhook="status"]').textContent()).toBe("Active");
    await page.context().close();
  });

  it("pauses, resumes, refuses an unconfirmed delete, rotates the secret and deletes", async () => {
    const page = await scriptlessPage();
    await open(page, `/account/webhook?id=${webhookId}`);
    await page.click('form[data-form="pause-webhook"] button');
    await page.waitForURL(`${site.webUrl}/account/webhook?id=${webhookId}`);
    expect(await page.locator('[data-webhook="status"]').textContent()).toBe("Paused");
    expect(await page.locator('[data-flash="notice"]').textContent()).toContain("paused");
    await page.click('form[data-form="resume-webhook"] button');
    await page.waitForURL(`${site.webUrl}/account/webhook?id=${webhookId}`);
    expect(await page.locator('[data-webhook="status"]').textContent()).toBe("Active");

    await page.click('form[data-form="rotate-webhook-secret"] button');
    await page.waitForURL(`${site.webUrl}/account/webhook-secret`);
    expect(await page.inputValue("[data-webhook-secret]")).toMatch(/^whsec_/);
    expect(await page.locator("[data-webhook-previous-until]").count()).toBe(1);

    // Without JavaScript the browser still checks the required box; a post without it is refused.
    await open(page, `/account/webhook?id=${webhookId}`);
    const csrf = await page.inputValue('form[data-form="delete-webhook"] input[name="csrfToken"]');
    const unconfirmed = await page.request.post(`${site.webUrl}/account/do/delete-webhook`, {
      form: { csrfToken: csrf, id: webhookId },
      maxRedirects: 0,
    });
    expect(unconfirmed.status()).toBe(303);
    expect(unconfirmed.headers().location).toBe(`/account/webhook?id=${webhookId}`);

    await page.check('form[data-form="delete-webhook"] input[type="checkbox"]');
    await page.click('form[data-form="delete-webhook"] button');
    await page.waitForURL(`${site.webUrl}/account`);
    expect(await page.locator('[data-flash="notice"]').textContent()).toContain("deleted");
    expect(await page.locator('table[data-table="webhooks"]').count()).toBe(0);
    // Its page is gone with it, in the api's words.
    await open(page, `/account/webhook?id=${webhookId}`);
    expect(await page.locator("[data-webhook-refused]").textContent()).toContain(
      "No webhook subscription of this account has that id.",
    );
    await page.context().close();
  });

  it("sends a signed-out visitor from notify-me to sign in, and back to the form", async () => {
    const page = await readers.desktopVisitor();
    await open(page, `/memory/${MEMORY_TYPE}`);
    await page.click("[data-notify-me] a");
    await page.waitForURL(/\/account\/sign-in\?next=/);
    await page.fill('form[data-form="sign-in"] input[name="email"]', readers.email);
    await page.fill('form[data-form="sign-in"] input[name="password"]', READER_PASSWORD);
    await page.click('form[data-form="sign-in"] button[type="submit"]');
    await page.waitForURL(
      `${site.webUrl}/account/new-webhook?market=memory&series=${MEMORY_TYPE}&type=threshold.crossed`,
    );
    expect(await page.inputValue('input[name="series"]')).toBe(MEMORY_TYPE);
    await page.close();
  });

  // A webhook's page is audited with both its tables filled (a test send and a delivery) by the
  // delivery log's test above.
  it("has no axe violations or contrast failures on the account's webhook list and the new-webhook form, at 390 and 1280 px, light and dark", async () => {
    const { page } = readers;
    await open(page, "/account/new-webhook");
    await page.fill('input[name="url"]', receiver.url());
    await page.click('form[data-form="create-webhook"] button[type="submit"]');
    await page.waitForURL(`${site.webUrl}/account/webhook-secret`);
    await open(page, "/account");
    const id =
      (await page
        .locator('table[data-table="webhooks"] tbody tr')
        .getAttribute("data-webhook-id")) ?? "";
    expect(id).not.toBe("");
    await expectReadableEverywhere(page, "/account", "webhooks");
    await expectReadableEverywhere(
      page,
      `/account/new-webhook?market=memory&series=${MEMORY_TYPE}&type=threshold.crossed`,
      "webhooks",
    );
  });
});

/**
 * Series pages of the markets that do not share the kit's series page, each with the series key
 * its market's events name it by: a free GPU (a name with a space), a free lab and a keyed lab.
 */
const SERIES_PAGES = [
  { path: "/gpus/H100%20SXM", market: "gpu", series: "H100 SXM" },
  { path: "/labs/openai", market: "token", series: "openai" },
  { path: "/labs/z-ai", market: "token", series: "z-ai" },
] as const;

describe.skipIf(!chromiumPresent)("notify-me on every series page", () => {
  const readers = signedInReaders("notify-me", "full", "192.0.2.64");
  const receiver = startReceiver();

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
  });

  it("fills the form in from a GPU's and a lab's page, and the api accepts each subscription", async () => {
    const page = await (await readers.withoutScript()).newPage();
    for (const { path, market, series } of SERIES_PAGES) {
      await open(page, path);
      await page.click("[data-notify-me] a");
      await page.waitForURL(/\/account\/new-webhook\?/);
      expect(await page.isChecked('input[name="types"][value="threshold.crossed"]'), path).toBe(
        true,
      );
      expect(await page.locator('input[name="markets"]:checked').count(), path).toBe(1);
      expect(await page.isChecked(`input[name="markets"][value="${market}"]`), path).toBe(true);
      expect(await page.inputValue('input[name="series"]'), path).toBe(series);
      await page.fill('input[name="url"]', receiver.url());
      await page.fill('input[name="levels"]', "5");
      await page.click('form[data-form="create-webhook"] button[type="submit"]');
      await page.waitForURL(`${site.webUrl}/account/webhook-secret`);
      expect(await page.inputValue("[data-webhook-secret]"), path).toMatch(/^whsec_/);
    }
    // The account lists each one with the series key the api checked against its market's series.
    await open(page, "/account");
    const rows = await page.locator('table[data-table="webhooks"] tbody tr').allTextContents();
    expect(rows).toHaveLength(SERIES_PAGES.length);
    for (const { market, series } of SERIES_PAGES)
      expect(
        rows.filter((row) =>
          row.includes(`threshold.crossed, of ${market}, series ${series}; thresholds: level 5`),
        ),
        `${market} ${series}`,
      ).toHaveLength(1);
    await page.context().close();
  });

  it("sends a signed-out visitor from a GPU page's notify-me to sign in, and back to the form with the GPU's name", async () => {
    // A context of its own: signing in here leaves the file's visitor a visitor.
    const context = await readers.browser.newContext();
    const page = await context.newPage();
    await open(page, "/gpus/H100%20SXM");
    await page.click("[data-notify-me] a");
    await page.waitForURL(/\/account\/sign-in\?next=/);
    await page.fill('form[data-form="sign-in"] input[name="email"]', readers.email);
    await page.fill('form[data-form="sign-in"] input[name="password"]', READER_PASSWORD);
    await page.click('form[data-form="sign-in"] button[type="submit"]');
    await page.waitForURL(
      `${site.webUrl}/account/new-webhook?market=gpu&series=H100+SXM&type=threshold.crossed`,
    );
    expect(await page.inputValue('input[name="series"]')).toBe("H100 SXM");
    await context.close();
  });

  it("has no axe violations or contrast failures on a keyed lab's page with notify-me as the Full plan reads it, at 390 px, dark", async () => {
    // A visitor's GPU and lab pages, notify-me included, are the site audit's; a keyed lab as the
    // Full plan reads it, at both widths in both schemes, is signed-in.e2e.test.ts's: this is the
    // same template with another lab, audited in one combination as the site audit does its
    // catalogue's instances.
    await expectReadableIn(readers.page, "/labs/z-ai", "notify-me-full", "dark", 390);
  });
});
