import type { Page } from "playwright-core";
import { expect } from "vitest";
import { directFetch } from "./api-helpers";
import { open } from "./browser";
import { site } from "./site";

const PASSWORD = "correct horse battery staple";

/**
 * Signs up `email` in `page`'s context, verifies it through the mailed link, puts the account
 * on `plan` with the operator's CLI (a new account is on its Trial) and signs in: the page is
 * then on /account, and its context reads each market's pages as that plan does. Each test file
 * gives its context its own visitor address: the api allows 5 sign-ups an hour per address.
 */
export async function signInOnPlan(
  page: Page,
  email: string,
  plan: "trial" | "premium" | "full",
): Promise<void> {
  await open(page, "/account/sign-up");
  await page.fill('form[data-form="sign-up"] input[name="email"]', email);
  await page.fill('form[data-form="sign-up"] input[name="password"]', PASSWORD);
  await page.click('form[data-form="sign-up"] button[type="submit"]');
  await page.waitForURL(`${site.webUrl}/account/sign-in`);
  await page.goto(await site.mailedLink(email, "/account/verify-email"));
  await page.click('form[data-form="verify-email"] button[type="submit"]');
  await page.waitForURL(`${site.webUrl}/account/sign-in`);
  if (plan !== "trial") {
    const accountId =
      site
        .cli(["accounts", "list"])
        .split("\n")
        .find((entry) => entry.includes(`<${email}>`))
        ?.split(" ")[0] ?? "";
    site.cli(["accounts", "set-plan", "--account", accountId, "--plan", plan]);
  }
  await page.fill('form[data-form="sign-in"] input[name="email"]', email);
  await page.fill('form[data-form="sign-in"] input[name="password"]', PASSWORD);
  await page.click('form[data-form="sign-in"] button[type="submit"]');
  await page.waitForURL(`${site.webUrl}/account`);
}

/** What the api answers a new key of `plan` for `path` (a 200, else the test fails). */
export async function keyedAnswer<T>(path: string, plan: "trial" | "premium" | "full"): Promise<T> {
  const response = await directFetch(`${site.apiUrl}${path}`, {
    headers: { authorization: `Bearer ${site.createKey(plan)}` },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}
