import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";

/**
 * axe-core inside the page (the script comes from the installed package: no network).
 *
 * Which rules: `wcag` runs the WCAG 2.x A and AA rules and leaves colour contrast to contrast.ts,
 * which measures SVG text too; `default` runs every rule axe enables by default (its best
 * practices and its own colour contrast too), as the site audit does.
 *
 * Which part of them: `everything`, or `colours` for a page this test already audited in the other
 * colour scheme. The stylesheet's dark mode changes colour properties only (the site audit checks
 * it: darkModeChangesOnlyColours), so the document, its layout and what is visible, which every
 * other rule reads, are the same in both schemes; only the colour rules can answer differently.
 */
export type AxeRules = "wcag" | "default";
export type AxeScope = "everything" | "colours";

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/** axe's rules that read colours: contrast of text, and links told apart from text by colour. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"] as const;

const require = createRequire(import.meta.url);
const AXE_SOURCE_PATH = require.resolve("axe-core/axe.min.js");

/**
 * The browser contexts whose pages get axe as they load (an init script, sent once per context),
 * instead of sending its 0.5 MB into every page audited.
 */
const contextsWithAxe = new WeakSet<BrowserContext>();

async function ensureAxe(page: Page): Promise<void> {
  const context = page.context();
  if (!contextsWithAxe.has(context)) {
    contextsWithAxe.add(context);
    await context.addInitScript({ path: AXE_SOURCE_PATH });
  }
  // A page loaded before its context got the init script has no axe yet.
  if (!(await page.evaluate(() => "axe" in window)))
    await page.addScriptTag({ path: AXE_SOURCE_PATH });
}

/** axe.run's options for one run (axe's own option shapes). */
function runOptions(rules: AxeRules, scope: AxeScope): object {
  // Only violations are read: axe then keeps one node of the other result types instead of every
  // one with its selector, which is most of its time on a long page.
  const resultTypes = ["violations"];
  const colourRules = COLOUR_RULES.filter(
    (rule) => rules === "default" || rule !== "color-contrast",
  );
  if (scope === "colours") return { runOnly: { type: "rule", values: colourRules }, resultTypes };
  if (rules === "default") return { resultTypes };
  return {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    rules: { "color-contrast": { enabled: false } },
    resultTypes,
  };
}

export async function axeViolations(
  page: Page,
  { rules = "wcag", scope = "everything" }: { rules?: AxeRules; scope?: AxeScope } = {},
): Promise<AxeViolation[]> {
  await ensureAxe(page);
  return page.evaluate(
    async (options) => {
      type AxeResults = {
        violations: {
          id: string;
          impact: string | null;
          help: string;
          nodes: { target: unknown[] }[];
        }[];
      };
      const axe = (
        window as unknown as {
          axe: { run(context: Document, options: object): Promise<AxeResults> };
        }
      ).axe;
      const results = await axe.run(document, options);
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.map(String).join(" ")),
      }));
    },
    runOptions(rules, scope),
  );
}
