import {
  EXCLUSION_REASONS,
  SUPPRESSION_REASONS,
  authorizeOtpiQuery,
  badRequest,
  err,
  noData,
  ok,
  readSingleParameters,
  type AccessLevel,
  type DomainError,
  type MethodologyRules,
  type RawQuery,
  type Result,
} from "@tpi/domain";
import { listRevisions, readConstituents, readLabDay, type Db } from "@tpi/db";
import type { z } from "zod";
import {
  constituentsQuerySchema,
  revisionsQuerySchema,
  type ConstituentsResponse,
  type MethodologyResponse,
  type RevisionsResponse,
} from "../schemas/otpi-details";
import { methodologyDocument } from "./methodology";

/**
 * The "why" behind published values: constituents of a lab-day, the methodology, the revision log.
 * Unknown and repeated parameters are refused by name like on `/api/otpi`; values are validated
 * by the zod schemas that also describe the responses.
 */
function parseQuery<Schema extends z.ZodType>(
  raw: RawQuery,
  schema: Schema,
  names: readonly string[],
): Result<z.infer<Schema>, DomainError> {
  const params = readSingleParameters(raw, names);
  if (!params.ok) return params;
  const parsed = schema.safeParse(params.value);
  if (!parsed.success)
    return err(badRequest(parsed.error.issues[0]?.message ?? "Invalid query parameters."));
  return ok(parsed.data);
}

const describeReason = (table: Record<string, string>, reason: string | null): string | null =>
  reason === null ? null : (table[reason] ?? reason);

export async function answerConstituents(
  db: Db,
  raw: RawQuery,
  access: AccessLevel,
  now: Date,
): Promise<Result<ConstituentsResponse, DomainError>> {
  const query = parseQuery(raw, constituentsQuerySchema, ["date", "lab"]);
  if (!query.ok) return query;
  const { date, lab } = query.value;
  const authorized = authorizeOtpiQuery({ kind: "day", date, lab }, access, now);
  if (!authorized.ok) return authorized;

  const [stored, constituents] = await Promise.all([
    readLabDay(db, date, lab),
    readConstituents(db, date, lab),
  ]);
  if (!stored.settled)
    return err(noData(`${date} is not settled yet: no constituents for lab '${lab}'.`));
  const suppressionReason = stored.value ? null : (stored.suppression?.reason ?? "no_observations");
  return ok({
    success: true,
    access,
    date,
    lab,
    published: stored.value !== null,
    indexPerMtok: stored.value?.indexPerMtok ?? null,
    computedAt: stored.value?.computedAt.toISOString() ?? null,
    methodologyVersion:
      stored.value?.methodologyVersion ?? stored.suppression?.methodologyVersion ?? "unknown",
    totalTokens: stored.value?.totalTokens ?? null,
    suppressionReason,
    suppressionDescription: describeReason(SUPPRESSION_REASONS, suppressionReason),
    count: constituents.length,
    data: constituents.map((c) => ({
      modelId: c.modelId,
      inputPricePerMtok: c.inputPricePerMtok,
      outputPricePerMtok: c.outputPricePerMtok,
      inputTokens: c.inputTokens,
      outputTokens: c.outputTokens,
      blendedPricePerMtok: c.blendedPricePerMtok,
      weight: c.weight,
      eligible: c.exclusionReason === null,
      exclusionReason: c.exclusionReason,
      exclusionDescription: describeReason(EXCLUSION_REASONS, c.exclusionReason),
    })),
  });
}

export async function answerRevisions(
  db: Db,
  raw: RawQuery,
): Promise<Result<RevisionsResponse, DomainError>> {
  const query = parseQuery(raw, revisionsQuerySchema, ["startDate", "endDate", "lab"]);
  if (!query.ok) return query;
  const revisions = await listRevisions(db, query.value);
  // An empty log is an answer (nothing was ever restated in the range), not missing data: 200.
  return ok({
    success: true,
    count: revisions.length,
    data: revisions.map((r) => ({
      id: r.id,
      date: r.date,
      lab: r.lab,
      oldIndexPerMtok: r.oldIndexPerMtok,
      newIndexPerMtok: r.newIndexPerMtok,
      oldSuppressionReason: r.oldSuppressionReason,
      newSuppressionReason: r.newSuppressionReason,
      changePercent:
        r.changePercent !== null && Number.isFinite(r.changePercent) ? r.changePercent : null,
      reason: r.reason,
      forced: r.forced,
      methodologyVersion: r.methodologyVersion,
      oldComputedAt: r.oldComputedAt?.toISOString() ?? null,
      restatedAt: r.restatedAt.toISOString(),
    })),
  });
}

export function answerMethodology(
  raw: RawQuery,
  rules: MethodologyRules,
): Result<MethodologyResponse, DomainError> {
  const params = readSingleParameters(raw, []);
  if (!params.ok) return params;
  const document = methodologyDocument(rules);
  return ok({
    success: true,
    ...document,
    eligibility: {
      ...document.eligibility,
      excludedModelPatterns: [...document.eligibility.excludedModelPatterns],
    },
    history: [...document.history],
  });
}
