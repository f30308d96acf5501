import { GPU_NAMES, LAB_IDS } from "@tpi/domain";
import { gpuPathOf } from "./paths";

/** The site's pages that exist once, whatever the catalogs hold. */
export const FIXED_PAGE_PATHS = [
  "/",
  "/gpus",
  "/volume",
  "/methodology",
  "/docs",
  "/status",
] as const;

/**
 * Every public page of the site, from the same catalogs that decide which lab and GPU pages
 * answer 200 (keyed labs and GPUs have pages too: they explain how to get the data).
 */
export function publicPagePaths(): string[] {
  return [
    ...FIXED_PAGE_PATHS,
    ...LAB_IDS.map((lab) => `/labs/${lab}`),
    ...GPU_NAMES.map((gpu) => gpuPathOf(gpu)),
  ];
}

/** `https://site.example` + `/labs/openai`: the absolute URL crawlers and citations need. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${path}`;
}
