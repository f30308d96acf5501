import { curl } from "./curl-example";

/**
 * The /downloads page's rules for a release's files, pure so that a unit test reads each: sizes
 * in human units, which files a browser can fetch itself, the curl command of the others, and the
 * anchor a dataset is linked by.
 */

/** A file as the release's manifest lists it (GET /api/v1/releases/{release}). */
export type ManifestFile = {
  /** `full` or `free` (BULK_VARIANTS). */
  variant: string;
  /** `csv` or `parquet` (BULK_FORMATS). */
  format: string;
  fileName: string;
  rows: number;
  bytes: number;
  sha256: string;
  /** A path of the api. */
  url: string;
};

const UNITS = ["kB", "MB", "GB", "TB"] as const;

/**
 * A size in decimal units as a download dialog shows it (1 kB = 1,000 bytes): bytes below 1,000,
 * then three significant digits at most ("1.23 MB", "45.6 kB", "512 kB").
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  // 999.95 kB rounds to "1000 kB" at three digits: it reads as the next unit instead.
  if (Number(value.toPrecision(3)) >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${Number(value.toPrecision(3))} ${UNITS[unit]}`;
}

/**
 * How a reader gets a file: a free file of the latest release is a plain link (the api serves it
 * without a key); any other (a full file, or an older release's free file, which holds days past
 * today's free window) needs a key, which a browser link cannot send: a curl command with it.
 */
export type FileAccess = { kind: "link"; href: string } | { kind: "key"; command: string };

export function fileAccess(
  file: Pick<ManifestFile, "variant" | "url" | "fileName">,
  isLatest: boolean,
  publicApiUrl: string,
): FileAccess {
  if (file.variant === "free" && isLatest)
    return { kind: "link", href: `${publicApiUrl}${file.url}` };
  return {
    kind: "key",
    command: curl(
      publicApiUrl,
      { method: "GET", pathAndQuery: file.url, withKey: true, output: file.fileName },
      "",
    ),
  };
}

/** The id of a dataset's section on /downloads: `token-lab-index-daily`. */
export function datasetAnchor(dataset: { market: string; name: string }): string {
  return `${dataset.market}-${dataset.name}`;
}

/** The address of a dataset's section on /downloads (the latest release). */
export function datasetHref(dataset: { market: string; name: string }): string {
  return `/downloads#${datasetAnchor(dataset)}`;
}

/** A release's page on /downloads: the latest without a query. */
export function releaseHref(release: number, isLatest: boolean): string {
  return isLatest ? "/downloads" : `/downloads?release=${release}`;
}
