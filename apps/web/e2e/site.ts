import { inject } from "vitest";
import { connectSite, type Site } from "./harness";

/**
 * The api and website the global set-up started for this run, shared by every test file.
 * Tests run one file at a time (vitest.e2e.config.ts), so a file sees what earlier files did to
 * it (accounts, keys, cached pages): each test makes its own accounts and reads values from the
 * api rather than assuming a fresh site.
 */
const address = inject("e2eSite");

/** Without Chromium no site is started and every browser test skips; touching it is a bug. */
function noSite(): Site {
  return new Proxy({} as Site, {
    get(_target, property) {
      throw new Error(
        `no site was started (no Chromium), yet a test read site.${String(property)}`,
      );
    },
  });
}

export const site: Site = address === undefined ? noSite() : connectSite(address);
