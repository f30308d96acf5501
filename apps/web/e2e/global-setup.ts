import { existsSync, mkdirSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { ARTIFACTS_DIR, CHROMIUM_PATH, startSite } from "./harness";

/**
 * Starts the api and the built website once for the whole browser-test run; every test file
 * connects to them (site.ts). One start instead of one per file: a start (embedded PostgreSQL,
 * sample data, the website) takes tens of seconds on these machines, and the files run one
 * after another. Once the api's start-up release is cut, the tests begin. Returns the teardown,
 * which stops both.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    console.warn(
      `[web e2e] SKIPPED: no Chromium at ${CHROMIUM_PATH} (install it with: apt-get install -y chromium)`,
    );
    return () => Promise.resolve();
  }
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const site = await startSite();
  await startUpRelease(site.apiUrl);
  const { apiUrl, webUrl, internalToken, databaseUrl, mailLog } = site;
  project.provide("e2eSite", { apiUrl, webUrl, internalToken, databaseUrl, mailLog });
  return () => site.stop();
}

/**
 * Waits for the release the api cuts at start (the day before, from the sample): pages and /docs
 * examples read it as a user finds them once the service has started (up to 2 minutes).
 */
async function startUpRelease(apiUrl: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await fetch(`${apiUrl}/api/v1/releases/latest`);
    if (response.status === 200) return;
    if (Date.now() > deadline)
      throw new Error(`no release within 2 minutes: ${response.status} ${await response.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
