import { inject } from "vitest";
import { connectSite, type Site } from "./harness";

/**
 * The api and website the global set-up started for this run, shared by every test file.
 * Two files run at a time (vitest.e2e.config.ts), so a file sees what other files do to it
 * (accounts, keys, cached pages): each test makes its own accounts and reads values from the
 * api rather than assuming a fresh site, and none changes what another file reads (a test that
 * cuts the api off or points it at a stub starts its own website or site for that).
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
