import {
  badRequest,
  err,
  noData,
  ok,
  type BulkRow,
  type DomainError,
  type RawQuery,
  type Result,
} from "@tpi/domain";
import { z } from "zod";
import type { ReleaseReader, VintageQuery } from "./release-reader";

/**
 * A history route's `release` parameter: the same answer, with the values as release R holds
 * them (`ReleaseReader.rowsAsOf`). The market's own parser reads every other parameter.
 *
 * To reconcile with the releases' own parameter (`release-parameter.ts`) when both are merged:
 * one parameter, one message, one not-found.
 */

export const RELEASE_PARAMETER = "release";

/** Digits without sign or leading zero, at most a 32-bit release number. */
const RELEASE_NUMBER = /^[1-9][0-9]{0,9}$/;
const MAX_RELEASE = 2_147_483_647;

export function invalidReleaseParameterMessage(value: string): string {
  return `Query parameter 'release' must be a positive whole number; got '${value}'.`;
}

/** The documented parameter (the parser below checks it). */
export const releaseParameter = z
  .string()
  .meta({
    description:
      "A release number (`GET /api/v1/releases`): the same answer with the values as that release holds them (as first published on its day), so a study reproduces exactly. The latest values when absent.",
    type: "integer",
    minimum: 1,
    maximum: MAX_RELEASE,
    example: 1,
  })
  .optional();

/**
 * A market's query parser that also reads `release` (after the market's own parameters, so
 * their refusals come first): the parsed query with `release` when it was given.
 */
export function withRelease<Query extends object>(
  parse: (raw: RawQuery) => Result<Query, DomainError>,
): (raw: RawQuery) => Result<Query & { release?: number }, DomainError> {
  return (raw) => {
    const { [RELEASE_PARAMETER]: release, ...rest } = raw;
    const parsed = parse(rest);
    if (!parsed.ok || release === undefined) return parsed;
    // The api's reading of the query hands over single strings only.
    const text = typeof release === "string" ? release : JSON.stringify(release);
    if (!RELEASE_NUMBER.test(text) || Number(text) > MAX_RELEASE)
      return err(badRequest(invalidReleaseParameterMessage(text)));
    return ok({ ...parsed.value, release: Number(text) });
  };
}

/** The 404 a history route documents for `release`. */
export const RELEASE_NOT_FOUND_TEXT =
  "The `release` asked does not exist or is past retention (the message names the releases kept).";

/** Without a release reader no release can be read: every release is unknown. */
export function releaseUnavailable(release: number): DomainError {
  return noData(`Release ${release} does not exist or is past retention.`);
}

/** A dataset's rows as a release holds them, through the app's release reader. */
export async function rowsOfRelease(
  releases: ReleaseReader | undefined,
  query: VintageQuery,
): Promise<Result<readonly BulkRow[], DomainError>> {
  if (releases === undefined) return err(releaseUnavailable(query.release));
  return releases.rowsAsOf(query);
}
