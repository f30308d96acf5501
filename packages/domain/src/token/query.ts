import type { AccessLevel } from "../shared/access";
import type { UtcDay } from "../shared/calendar";
import { apiKeyRequired, badRequest, type DomainError } from "../shared/errors";
import {
  freeTierKeyRequired,
  parseDayParameter,
  singleParameterQuery,
} from "../shared/query-parameters";
import { parseDayRange } from "../shared/dated-query";
import { freeWindow } from "./free-window";
import {
  FREE_TIER_LAB_IDS,
  LAB_IDS,
  LAB_LIST_TEXT,
  isFreeTierLab,
  isLabId,
  labOrder,
  type LabId,
} from "./catalog";
import { err, ok, type Result } from "../shared/result";

/**
 * Rules of `GET /api/otpi` that do not depend on storage: which parameters are valid, which
 * combinations are allowed, and what a caller without a key may ask for.
 */
export const OTPI_QUERY_PARAMETERS = ["date", "startDate", "endDate", "lab"] as const;

export type OtpiDateSelection =
  | { kind: "latest" }
  | { kind: "day"; date: UtcDay }
  | { kind: "range"; startDate: UtcDay; endDate: UtcDay };

export type OtpiQuery = OtpiDateSelection & { lab?: LabId };

/** The 400 text for a lab identifier outside the catalog. */
export function invalidLabMessage(value: string): string {
  return `Invalid lab '${value}'. Allowed values (case-sensitive): ${LAB_LIST_TEXT}.`;
}

export function parseLab(value: string): Result<LabId, DomainError> {
  return isLabId(value) ? ok(value) : err(badRequest(invalidLabMessage(value)));
}

export const parseOtpiQuery = singleParameterQuery(
  OTPI_QUERY_PARAMETERS,
  (params): Result<OtpiQuery, DomainError> => {
    const { date, startDate, endDate, lab } = params;

    let labFilter: LabId | undefined;
    if (lab !== undefined) {
      const parsedLab = parseLab(lab);
      if (!parsedLab.ok) return parsedLab;
      labFilter = parsedLab.value;
    }
    const withLab = (selection: OtpiDateSelection): OtpiQuery =>
      labFilter === undefined ? selection : { ...selection, lab: labFilter };

    if (date !== undefined && (startDate !== undefined || endDate !== undefined)) {
      return err(
        badRequest(
          "Use either 'date' for one day or 'startDate' and 'endDate' for a range, not both.",
        ),
      );
    }
    if (date !== undefined) {
      const day = parseDayParameter("date", date);
      return day.ok ? ok(withLab({ kind: "day", date: day.value })) : day;
    }
    if (startDate === undefined && endDate === undefined) return ok(withLab({ kind: "latest" }));
    if (startDate === undefined || endDate === undefined) {
      const missing = startDate === undefined ? "startDate" : "endDate";
      return err(
        badRequest(`A range needs both 'startDate' and 'endDate'; '${missing}' is missing.`),
      );
    }
    const range = parseDayRange(startDate, endDate);
    return range.ok ? ok(withLab({ kind: "range", ...range.value })) : range;
  },
);

/** The labs a caller may see, narrowed by an optional filter, in catalog order. */
export function visibleLabs(access: AccessLevel, lab?: LabId): readonly LabId[] {
  const all = access === "full" ? LAB_IDS : FREE_TIER_LAB_IDS;
  return lab === undefined ? all : all.filter((l) => l === lab);
}

/** The first day a caller may see; `undefined` means no lower bound. */
export function earliestVisibleDay(access: AccessLevel, now: Date): UtcDay | undefined {
  return access === "full" ? undefined : freeWindow(now).startDate;
}

/**
 * Keyless callers may ask only for free-tier labs and for days inside the free window; anything
 * else is a 401 naming what needs a key. Days after today are allowed (they simply have no data).
 */
export function authorizeOtpiQuery(
  query: OtpiQuery,
  access: AccessLevel,
  now: Date,
): Result<void, DomainError> {
  if (access === "full") return ok(undefined);
  if (query.lab !== undefined && !isFreeTierLab(query.lab)) {
    return err(freeTierKeyRequired("lab", query.lab, FREE_TIER_LAB_IDS));
  }
  const window = freeWindow(now);
  const firstDay =
    query.kind === "day" ? query.date : query.kind === "range" ? query.startDate : undefined;
  if (firstDay !== undefined && firstDay < window.startDate) {
    return err(
      apiKeyRequired(
        `An API key is required for dates before ${window.startDate}: without a key only the trailing month (${window.startDate} to ${window.endDate}) is available.`,
      ),
    );
  }
  return ok(undefined);
}

/** Date ascending, then lab in catalog order. */
export function compareIndexRows(
  a: { date: UtcDay; lab: LabId },
  b: { date: UtcDay; lab: LabId },
): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return labOrder(a.lab) - labOrder(b.lab);
}
