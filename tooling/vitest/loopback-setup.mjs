/**
 * Vitest set-up file of every configuration (`baseTestConfig.setupFiles`): installs the loopback
 * guard (`loopback-only.mjs`) in the test's process and, through NODE_OPTIONS, in every Node
 * process a test starts with this environment; after each test, and after each file's hooks,
 * fails when anything was refused meanwhile, naming it.
 */
import { rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach } from "vitest";
import {
  guardedProcessEnv,
  installLoopbackGuard,
  refusedIn,
  takeRefused,
} from "./loopback-only.mjs";

installLoopbackGuard();
const log = join(tmpdir(), `tpi-loopback-${process.pid}-${randomBytes(4).toString("hex")}.log`);
writeFileSync(log, "");
Object.assign(process.env, guardedProcessEnv(log));

function failOnRefusals() {
  const children = refusedIn(log);
  if (children.length > 0) writeFileSync(log, "");
  const refused = [...takeRefused(), ...children];
  if (refused.length > 0)
    throw new Error(
      `a test reached beyond loopback (tests talk to loopback stubs only):\n  ${refused.join("\n  ")}`,
    );
}

afterEach(failOnRefusals);
afterAll(() => {
  try {
    failOnRefusals();
  } finally {
    rmSync(log, { force: true });
  }
});
