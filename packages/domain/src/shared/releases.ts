import type { BulkColumn, BulkRow } from "./bulk";
import { decimalUnscaled } from "./bulk-encoding";
import { addDays, startOfUtcDay, utcDayOf, type UtcDay } from "./calendar";
import { badRequest, DomainError } from "./errors";
import { err, ok, type Result } from "./result";

/**
 * Releases: one immutable, numbered release of every market's datasets per UTC day ("as first
 * published that day"), cut once the day is over and its settlements ran. Pure rules only: which
 * day is due, which releases retention keeps, how a release is named, cited and asked for.
 */

/** Minutes after midnight UTC before the day just ended is cut (RELEASE_CUT_DELAY_MINUTES). */
export const DEFAULT_RELEASE_CUT_DELAY_MINUTES = 60;
/** Days of releases kept, counted back from today (RELEASE_RETENTION_DAYS). */
export const DEFAULT_RELEASE_RETENTION_DAYS = 365;

/** The newest day that may be cut at `now`: yesterday once the delay has passed, else the day before. */
export function dueReleaseDay(now: Date, delayMinutes: number): UtcDay {
  const today = utcDayOf(now);
  const cutFrom = startOfUtcDay(today).getTime() + delayMinutes * 60_000;
  return addDays(today, now.getTime() >= cutFrom ? -1 : -2);
}

/** The oldest day whose release retention keeps at `now`: releases of earlier days are removed. */
export function oldestKeptReleaseDay(now: Date, retentionDays: number): UtcDay {
  return addDays(utcDayOf(now), -retentionDays);
}

/**
 * Whether a row of period `period` (a day `YYYY-MM-DD` or an ISO 8601 UTC instant) belongs in the
 * release of `day`: a day up to `day` itself, an instant before the next midnight UTC. Prints of
 * the next day already published when the day is cut wait for the next day's release. Both forms
 * compare as text against the next day's date: "2026-03-10T23:00Z" and "2026-03-10" sort before
 * "2026-03-11", and "2026-03-11T00:00Z" after it.
 */
export function periodInRelease(period: string, day: UtcDay): boolean {
  return period < addDays(day, 1);
}

/**
 * Why a dataset's row cannot be written into a release's files, or undefined when it can: a null
 * in a column that is not nullable, or a decimal that is no decimal or has more digits after the
 * point than the column's scale keeps (a file never rounds a value the api serves).
 */
export function bulkRowProblem(
  columns: readonly BulkColumn[],
  row: BulkRow,
): { column: string; problem: string } | undefined {
  for (const column of columns) {
    const value = row[column.name] ?? null;
    if (value === null) {
      if (!column.nullable) return { column: column.name, problem: "null in a non-null column" };
      continue;
    }
    if (column.type !== "decimal") continue;
    if (typeof value !== "string")
      return { column: column.name, problem: `a decimal given as ${typeof value}, not text` };
    try {
      decimalUnscaled(value, column.scale ?? 0, column.name);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      return { column: column.name, problem: error.message };
    }
  }
  return undefined;
}

/**
 * The release a bulk file's name (`bulkFileName`: `<market>-<dataset>-r<release>-<variant>.<format>`)
 * belongs to; undefined for a name of another form.
 */
export function releaseOfFileName(fileName: string): number | undefined {
  const match = /-r([1-9][0-9]*)-[a-z]+\.[a-z]+$/.exec(fileName);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** The 404 for a file a kept release does not have. */
export function releaseFileNotFound(release: number, fileName: string): DomainError {
  return new DomainError(
    "not_found",
    `Release ${release} has no file named '${fileName}': its manifest lists its files.`,
  );
}

/**
 * The 503 for a kept release's file this instance cannot rebuild byte for byte (the file writer
 * changed since the cut): the same values stay readable through the dataset's history route with
 * `release`.
 */
export function releaseFileUnavailable(
  release: number,
  fileName: string,
  historyRoute: string,
): DomainError {
  return new DomainError(
    "unavailable",
    `File '${fileName}' of release ${release} cannot be rebuilt as it was recorded (its file writer has changed since the cut). The same values are served by ${historyRoute}?release=${release}.`,
  );
}

/** The releases kept, oldest and newest, as a 404 names them; null while there is none. */
export type KeptReleases = { oldest: number; latest: number } | null;

/** The 404 for a release that does not exist or is past retention, naming the releases kept. */
export function releaseNotFound(release: number | "latest", kept: KeptReleases): DomainError {
  const which =
    release === "latest"
      ? "No release has been cut yet."
      : `Release ${release} does not exist or is past retention.`;
  const range =
    kept === null
      ? release === "latest"
        ? ""
        : " No release has been cut yet."
      : ` Releases kept: ${kept.oldest} to ${kept.latest}.`;
  return new DomainError("release_not_found", `${which}${range}`);
}

/** The 400 text for a `release` that is not a positive whole number (or `latest`, where allowed). */
export function invalidReleaseMessage(name: string, value: string, latestAllowed: boolean): string {
  return `${name} must be a positive whole number${latestAllowed ? " or 'latest'" : ""}; got '${value}'.`;
}

/** Largest release number accepted (nine digits): one a day for longer than anyone will run the service. */
export const MAX_RELEASE_NUMBER = 999_999_999;

/** A release number as a query or path parameter gives it: digits, no sign, no leading zero. */
export function parseReleaseNumber(
  name: string,
  value: string,
  latestAllowed = false,
): Result<number | "latest", DomainError> {
  if (latestAllowed && value === "latest") return ok("latest");
  // Nine digits at most: MAX_RELEASE_NUMBER.
  if (/^[1-9][0-9]{0,8}$/.test(value)) return ok(Number(value));
  return err(badRequest(invalidReleaseMessage(name, value, latestAllowed)));
}

/** The 401 text for a keyless download of a free file of a release that is not the latest. */
export const OLD_FREE_FILE_MESSAGE =
  "Without a key only the latest release's free files can be downloaded: an older release's free file holds days beyond today's free window.";

/** A source of a release's data, as its manifest lists it. */
export type ReleaseSource = { market: string; source: string; citation: string | null };

/**
 * The suggested citation line of a release: the service, the release's number and day, where it
 * is found, then the sources whose licences ask to be cited.
 */
export function releaseCitation(
  release: number,
  day: UtcDay,
  url: string,
  sources: readonly ReleaseSource[],
): string {
  // A citation's own closing full stop is dropped: the line closes the list with one.
  const cited = [...new Set(sources.map((s) => (s.citation ?? s.source).replace(/\.+$/, "")))];
  const tail = cited.length === 0 ? "" : ` Sources: ${cited.join("; ")}.`;
  return `Token Price Index, release ${release} (${day}), ${url}.${tail}`;
}
