import { isGpuName, isLabId, isLlmCodingProductId } from "@tpi/domain";
import { isAccountPath } from "./account-paths";
import { isMemoryTypeId } from "../markets/memory/ids";

/**
 * The first path segments the app answers (app/<segment>, plus Next's metadata files, its
 * assets and the files of public/). A unit test compares this list with the app and public
 * directories, so a new route or file cannot be forgotten here.
 */
export const TOP_LEVEL_SEGMENTS = [
  "account",
  "docs",
  "gpus",
  "home-view",
  "labs",
  "llm-coding",
  "memory",
  "methodology",
  "neocloud",
  "og",
  "page-not-found",
  "page-unavailable",
  "revalidate",
  "status",
  "volume",
  "workload",
  "robots.txt",
  "sitemap.xml",
  "icon.svg",
  "_next",
  "favicon.ico",
  // public/: the charts' script.
  "chart.js",
] as const;

const TOP_LEVEL = new Set<string>(TOP_LEVEL_SEGMENTS);

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * False for an address that is certainly no page: an unknown first segment, a lab, a GPU or an
 * LLM Coding product the catalogs do not have. Deeper paths under a known section are left to the routes themselves.
 */
export function isKnownPath(pathname: string): boolean {
  const segments = pathname.split("/").filter((segment) => segment !== "");
  const [first, second] = segments;
  if (first === undefined) return true;
  if (!TOP_LEVEL.has(first)) return false;
  // The 404 and 503 pages are reached through proxy.ts's marks only, never by their address.
  if (first === "page-not-found" || first === "page-unavailable") return false;
  if (first === "account") return isAccountPath(pathname);
  if (second === undefined) return true;
  if (first === "labs") return isLabId(decoded(second) ?? "");
  if (first === "gpus") return isGpuName(decoded(second) ?? "");
  if (first === "llm-coding") return isLlmCodingProductId(decoded(second) ?? "");
  // A memory type the catalogue does not have.
  if (first === "memory") return isMemoryTypeId(decoded(second) ?? "");
  return true;
}

/** The route that renders the 404 page on the server (app/page-not-found). */
export const NOT_FOUND_PATH = "/page-not-found";

/** The request header proxy.ts sets on an unknown address; next.config rewrites on it. */
export const NOT_FOUND_HEADER = "x-tpi-not-found";

/** The route that renders the 503 page on the server (app/page-unavailable). */
export const UNAVAILABLE_PATH = "/page-unavailable";

/** The request header proxy.ts sets while the api cannot serve pages; next.config rewrites on it. */
export const UNAVAILABLE_HEADER = "x-tpi-api-unavailable";
