import type { UtcDay } from "../shared/calendar";
import { badRequest, type DomainError } from "../shared/errors";
import { parseOptionalDayRange } from "../shared/dated-query";
import { singleParameterQuery } from "../shared/query-parameters";
import { err, ok, type Result } from "../shared/result";
import type { LabId } from "../token/catalog";
import { parseLab } from "../token/query";
import { ALL_FAMILIES } from "./index-math";
import { REFERENCE_FAMILY_CLASSES, referenceClassOf, type ModelClass } from "./models";

/** Rules of `GET /api/workload` that do not depend on storage. */
export const WORKLOAD_QUERY_PARAMETERS = [
  "startDate",
  "endDate",
  "lab",
  "family",
  "cells",
] as const;

/**
 * Which session-cost cells an answer carries: those of the latest week of the answer (the
 * default, so an unfiltered request is not every cell of every week), every week's, or none.
 */
export const WORKLOAD_CELL_SELECTIONS = ["latest", "all", "none"] as const;
export type WorkloadCellSelection = (typeof WORKLOAD_CELL_SELECTIONS)[number];
export const DEFAULT_WORKLOAD_CELLS: WorkloadCellSelection = "latest";

export function invalidCellSelectionMessage(value: string): string {
  return `Invalid cells '${value}'. Allowed values: ${WORKLOAD_CELL_SELECTIONS.join(", ")} (default ${DEFAULT_WORKLOAD_CELLS}).`;
}

function isCellSelection(value: string): value is WorkloadCellSelection {
  return (WORKLOAD_CELL_SELECTIONS as readonly string[]).includes(value);
}

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

export type WorkloadQuery = {
  startDate?: UtcDay;
  endDate?: UtcDay;
  lab?: LabId;
  family?: string;
  cells: WorkloadCellSelection;
};

/**
 * Parses the query: optional inclusive days (by a week's window end date) in order, an optional
 * lab of the catalogue and an optional family name. An unknown but well-formed family is not an
 * error: it matches no rows (families come and go with the models).
 */
export const parseWorkloadQuery = singleParameterQuery(
  WORKLOAD_QUERY_PARAMETERS,
  (params): Result<WorkloadQuery, DomainError> => {
    const { lab, family, cells } = params;
    const range = parseOptionalDayRange(params);
    if (!range.ok) return range;
    if (cells !== undefined && !isCellSelection(cells))
      return err(badRequest(invalidCellSelectionMessage(cells)));
    const query: WorkloadQuery = { ...range.value, cells: cells ?? DEFAULT_WORKLOAD_CELLS };
    if (lab !== undefined) {
      const parsed = parseLab(lab);
      if (!parsed.ok) return parsed;
      query.lab = parsed.value;
    }
    if (family !== undefined) {
      if (!WORKLOAD_FAMILY_PATTERN.test(family))
        return err(badRequest(invalidFamilyMessage(family)));
      query.family = family;
    }
    return ok(query);
  },
);

/**
 * What a `family` value asks for, given the families published (`published`, every lab's):
 * `all` is the labs' aggregate; one of our families is itself; a reference class name
 * (`sonnet`, `flagship`, `lite`) is every published family in that class, of the lab asked or of
 * every lab that has the class; anything else is unknown (a 404 naming the families there are).
 */
export type WorkloadFamilySelection =
  | { kind: "aggregate" }
  | { kind: "families"; families: readonly ModelClass[] }
  | { kind: "unknown"; known: readonly string[] };

export function resolveWorkloadFamily(
  value: string,
  lab: LabId | undefined,
  published: readonly ModelClass[],
): WorkloadFamilySelection {
  if (value === ALL_FAMILIES) return { kind: "aggregate" };
  const ofLab = published.filter((entry) => lab === undefined || entry.lab === lab);
  const own = ofLab.filter((entry) => entry.family === value);
  if (own.length > 0) return { kind: "families", families: own };
  const inClass = ofLab.filter((entry) => referenceClassOf(entry.lab, entry.family) === value);
  if (inClass.length > 0) return { kind: "families", families: inClass };
  return { kind: "unknown", known: [...new Set(ofLab.map((entry) => entry.family))].sort() };
}

/** The reference class names a lab's `family` accepts beside its own families (none: no classes). */
export function referenceClassesOf(lab: LabId): readonly string[] {
  return REFERENCE_FAMILY_CLASSES[lab] ?? [];
}
