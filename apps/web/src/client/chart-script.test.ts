import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bundleChartScript, CHART_SCRIPT_PATH } from "./bundle";

describe("public/chart.js", () => {
  it("is the current build of src/client/chart.ts (run `pnpm run build:chart-script` after editing it)", async () => {
    expect(readFileSync(CHART_SCRIPT_PATH, "utf8")).toBe(await bundleChartScript());
  });

  it("stays a small script with no imports left", async () => {
    const script = await bundleChartScript();
    expect(script).not.toMatch(/\bimport\s*[({"']/);
    expect(Buffer.byteLength(script)).toBeLessThan(16 * 1024);
  });
});
