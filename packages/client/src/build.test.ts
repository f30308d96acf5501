import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { expect, it } from "vitest";

/**
 * The package is usable outside this monorepo: `build` (tsc, tsconfig.build.json: no Node types,
 * the DOM's fetch types) emits plain ES modules and declarations that Node imports as they are.
 */
it("builds to plain JavaScript and .d.ts that Node imports without TypeScript", () => {
  // Inside the package, so that the emitted files resolve openapi-fetch as an installed user's would.
  const cache = fileURLToPath(new URL("../node_modules/.cache", import.meta.url));
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(join(cache, "build-test-"));
  try {
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json", "--outDir", outDir], {
      stdio: "pipe",
    });
    for (const file of ["index.js", "index.d.ts", "client.js", "generated/openapi.d.ts"])
      expect(existsSync(join(outDir, file)), file).toBe(true);
    expect(existsSync(join(outDir, "client.test.js"))).toBe(false);
    const entry = pathToFileURL(join(outDir, "index.js")).href;
    const exported = execFileSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `console.log(Object.keys(await import(${JSON.stringify(entry)})).join(","))`,
      ],
      { encoding: "utf8" },
    ).trim();
    expect(exported.split(",")).toEqual(expect.arrayContaining(["createTpiClient", "unwrap"]));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});
