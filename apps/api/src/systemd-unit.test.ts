import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { releaseCacheDirOf } from "./platform/release-api/releases";
import { REPO_ROOT } from "./platform/core/env";

/**
 * The shipped api unit (deploy/systemd/tpi-api@.service) makes the file system read-only; the api
 * still writes one thing, the release files it builds under TPI_DATA_DIR. The unit must point
 * TPI_DATA_DIR at the state directory systemd makes writable for it, or every release download of
 * a production instance fails (the default, `.data` in the checkout, is read-only there).
 */
const UNIT_PATH = join(REPO_ROOT, "deploy", "systemd", "tpi-api@.service");

/** The values of `key=` lines of the unit, in order (`Environment=` lines split at their `=`). */
function settings(unit: string, key: string): string[] {
  return unit
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith(`${key}=`))
    .map((line) => line.slice(key.length + 1));
}

describe("the api's systemd unit", () => {
  const unit = readFileSync(UNIT_PATH, "utf8");

  it("gives the release cache a writable directory under its read-only file system", () => {
    expect(settings(unit, "ProtectSystem")).toEqual(["strict"]);
    const stateDirectories = settings(unit, "StateDirectory");
    expect(stateDirectories).toHaveLength(1);
    const dataDir = settings(unit, "Environment")
      .filter((assignment) => assignment.startsWith("TPI_DATA_DIR="))
      .map((assignment) => assignment.slice("TPI_DATA_DIR=".length));
    expect(dataDir).toEqual([`/var/lib/${stateDirectories[0]}`]);
    // The cache the api writes is inside it, so systemd's write access covers it.
    expect(releaseCacheDirOf(dataDir[0] ?? "")).toBe(`/var/lib/${stateDirectories[0]}/releases`);
  });

  it("is what nginx's internal location for release files reads", () => {
    const site = readFileSync(join(REPO_ROOT, "deploy", "nginx", "tpi.conf"), "utf8");
    const dataDir = settings(unit, "Environment")
      .find((assignment) => assignment.startsWith("TPI_DATA_DIR="))
      ?.slice("TPI_DATA_DIR=".length);
    expect(site).toContain(`alias ${releaseCacheDirOf(dataDir ?? "")}/;`);
  });
});
