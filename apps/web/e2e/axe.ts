import { createRequire } from "node:module";
import type { Page } from "playwright-core";

/**
 * axe-core's WCAG 2.x A and AA rules run inside the page (the script is injected from the
 * installed package: no network). Colour contrast is left to contrast.ts, which measures SVG text
 * too.
 */
const require = createRequire(import.meta.url);
const AXE_SOURCE_PATH = require.resolve("axe-core/axe.min.js");

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE_SOURCE_PATH });
  return page.evaluate(async () => {
    type AxeResults = {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[] }[];
      }[];
    };
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }
    ).axe;
    const results = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      rules: { "color-contrast": { enabled: false } },
      // Only violations are read: axe then keeps one node of the other result types instead of
      // every one (with their selectors), which is most of its time on a long page.
      resultTypes: ["violations"],
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(" ")),
    }));
  });
}
