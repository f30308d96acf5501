import { GPU_NAMES, LAB_IDS, LLM_CODING_PRODUCT_IDS } from "@tpi/domain";
import { llmCodingPathOf } from "../markets/llm-coding/lib";
import { memoryPagePaths } from "../markets/memory/lib";
import { gpuPathOf } from "./paths";

/** The site's pages that exist once, whatever the catalogs hold. */
export const FIXED_PAGE_PATHS = [
  "/",
  "/labs",
  "/llm-coding",
  "/gpus",
  "/memory",
  "/volume",
  "/workload",
  "/neocloud",
  "/methodology",
  "/methodology/gpu",
  "/docs",
  "/status",
] as const;

/**
 * The app's page routes (as app/ spells them) that are not in the sitemap, each with the reason.
 * A unit test walks app/ and fails on a page route that is neither here nor matched by
 * `publicPagePaths()`, so that a new page cannot be left out of the sitemap by accident.
 */
export const UNLISTED_PAGE_ROUTES: Readonly<Record<string, string>> = {
  "/account": "a signed-in reader's own account, not indexed",
  "/account/admin": "the operator's administration, not indexed",
  "/account/new-key": "shows a key once, not indexed",
  "/account/reset-password": "a form reached from a mail, not indexed",
  "/account/revoke-key": "a signed-in reader's confirmation step, not indexed",
  "/account/sign-in": "a form, not indexed",
  "/account/sign-up": "a form, not content a search should land on",
  "/account/verify-email": "reached from a mail, not indexed",
  "/home-view": "the home page with a chart state (canonical: /)",
  "/labs/[lab]/view": "a lab page with a chart state (canonical: /labs/<lab>)",
  "/page-not-found": "the 404 page, reached only through proxy.ts",
  "/page-unavailable": "the 503 page, reached only through proxy.ts",
};

/**
 * Every public page of the site, from the same catalogs that decide which lab, GPU and LLM
 * Coding pages answer 200 (keyed ones have pages too: they explain how to get the data).
 */
export function publicPagePaths(): string[] {
  return [
    ...FIXED_PAGE_PATHS,
    ...LAB_IDS.map((lab) => `/labs/${lab}`),
    ...GPU_NAMES.map((gpu) => gpuPathOf(gpu)),
    ...LLM_CODING_PRODUCT_IDS.map((product) => llmCodingPathOf(product)),
    ...memoryPagePaths(),
  ];
}

/** `https://site.example` + `/labs/openai`: the absolute URL crawlers and citations need. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${path}`;
}
