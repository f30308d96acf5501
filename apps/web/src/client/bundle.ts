/**
 * Builds public/chart.js from src/client/chart.ts (and the pure chart modules it imports), so the
 * browser runs the same tooltip and zoom code the unit tests check. The file is committed: `next
 * build` serves public/ as it is, and chart-script.test.ts fails when it is stale.
 *
 *   pnpm --filter @tpi/web run build:chart-script
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const WEB_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const CHART_SCRIPT_SOURCE = join(WEB_DIR, "src", "client", "chart.ts");
export const CHART_SCRIPT_PATH = join(WEB_DIR, "public", "chart.js");

/** The bundled script's text: one minified file, no imports left, for current browsers. */
export async function bundleChartScript(): Promise<string> {
  const result = await build({
    entryPoints: [CHART_SCRIPT_SOURCE],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    platform: "browser",
    write: false,
    legalComments: "none",
    banner: {
      js: "/* Built from apps/web/src/client/chart.ts by `pnpm run build:chart-script`: edit that file. */",
    },
  });
  return result.outputFiles[0]?.text ?? "";
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(CHART_SCRIPT_PATH, await bundleChartScript());
  console.log(`wrote ${CHART_SCRIPT_PATH}`);
}
