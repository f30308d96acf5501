import type { UtcDay } from "../shared/calendar";
import { badRequest, type DomainError } from "../shared/errors";
import { parseOptionalDayRange } from "../shared/dated-query";
import { readSingleParameters, type RawQuery } from "../shared/query-parameters";
import { err, ok, type Result } from "../shared/result";
import type { LabId } from "../token/catalog";
import { parseLab } from "../token/query";

/** Rules of `GET /api/workload` that do not depend on storage. */
export const WORKLOAD_QUERY_PARAMETERS = ["startDate", "endDate", "lab", "family"] as const;

/** A family as `modelFamilyOf` names them (`claude-sonnet`, `gpt-5`), or `all`. */
export const WORKLOAD_FAMILY_PATTERN = /^[a-z0-9][a-z0-9.-]{0,63}$/;

export function invalidFamilyMessage(value: string): string {
  return `Invalid family '${value}'. A family is lower-case letters, digits and hyphens, such as claude-sonnet, gpt-5 or all.`;
}

/**
 * A well-formed family the index has never published (for the lab asked, when one is): no data
 * (404), not an empty list, so that a caller using another naming (`sonnet` for
 * `claude-sonnet`) learns the names there are.
 */
export function unknownFamilyMessage(
  value: string,
  lab: LabId | undefined,
  known: readonly string[],
): string {
  const where = lab === undefined ? "" : ` for ${lab}`;
  return `No workload series has the family '${value}'${where}. Families published${where}: ${known.join(", ")}.`;
}

export type WorkloadQuery = { startDate?: UtcDay; endDate?: UtcDay; lab?: LabId; family?: string };

/**
 * Parses the query: optional inclusive days (by a week's window end date) in order, an optional
 * lab of the catalogue and an optional family name. An unknown but well-formed family is not an
 * error: it matches no rows (families come and go with the models).
 */
export function parseWorkloadQuery(raw: RawQuery): Result<WorkloadQuery, DomainError> {
  const params = readSingleParameters(raw, WORKLOAD_QUERY_PARAMETERS);
  if (!params.ok) return params;
  const { lab, family } = params.value;
  const range = parseOptionalDayRange(params.value);
  if (!range.ok) return range;
  const query: WorkloadQuery = { ...range.value };
  if (lab !== undefined) {
    const parsed = parseLab(lab);
    if (!parsed.ok) return parsed;
    query.lab = parsed.value;
  }
  if (family !== undefined) {
    if (!WORKLOAD_FAMILY_PATTERN.test(family)) return err(badRequest(invalidFamilyMessage(family)));
    query.family = family;
  }
  return ok(query);
}
