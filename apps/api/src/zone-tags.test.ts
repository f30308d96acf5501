import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  filesThatMustCarryTheZoneTag,
  valueImports,
  zoneExports,
  zoneTaggedFiles,
} from "../../../tooling/vitest/zone-files.mjs";

/**
 * CI runs the db and api test files tagged `@module-tag zone` again under two other time zones
 * (tooling/vitest/zone-files.mjs says which files must carry it). A test that imports the code
 * computing settlement or trading days without the tag would never meet another zone.
 */
const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const PACKAGES = ["packages/db", "apps/api"];

describe("the zone tag", () => {
  it.each(PACKAGES)("is on every test file of %s that the rule names", (packageDir) => {
    const dir = join(REPO_ROOT, packageDir);
    const tagged = new Set(zoneTaggedFiles(dir));
    const missing = filesThatMustCarryTheZoneTag(dir)
      .filter(({ file }) => !tagged.has(file))
      .map(({ file, reason }) => `${relative(REPO_ROOT, file)} (${reason})`);
    expect(missing, "add `// @module-tag zone` as the first line of each").toEqual([]);
  });

  it("the rule finds the settlement tests, directly or through the module they test", () => {
    const required = filesThatMustCarryTheZoneTag(join(REPO_ROOT, "apps/api")).map(({ file }) =>
      relative(REPO_ROOT, file),
    );
    expect(required).toEqual(
      expect.arrayContaining([
        "apps/api/src/markets/token/jobs/settlement.int.test.ts",
        "apps/api/src/markets/gpu/jobs/first-start.int.test.ts",
        "apps/api/src/markets/gpu/routes/analytics.int.test.ts",
        "apps/api/src/markets/memory/routes/memory.int.test.ts",
      ]),
    );
  });

  it("reads the domain's settlement, trading-day and maturity names, not its UTC arithmetic", () => {
    const names = zoneExports();
    for (const name of ["latestSettledDayAt", "newYorkDayOf", "isTradingDay", "settlesOn"])
      expect(names).toContain(name);
    for (const name of ["addDays", "utcDayOf", "parseUtcDay"]) expect(names).not.toContain(name);
  });

  it("reads value imports, leaving type-only ones out", () => {
    expect(
      valueImports(
        [
          'import { a, type B, c as d } from "./x";',
          'import type { E } from "./y";',
          'import f from "./z";',
        ].join("\n"),
      ),
    ).toEqual([
      { names: ["a", "c"], from: "./x" },
      { names: [], from: "./z" },
    ]);
  });
});
