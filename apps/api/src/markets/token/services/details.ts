import {
  EXCLUSION_REASONS,
  SUPPRESSION_REASONS,
  authorizeOtpiQuery,
  err,
  noData,
  ok,
  type AccessLevel,
  type DomainError,
  type MethodologyRules,
  type Result,
} from "@tpi/domain";
import { listRevisions, readConstituents, readLabDay, readSourceDays, type Db } from "@tpi/db";
import type {
  ConstituentsQuery,
  RevisionsQuery,
  ConstituentsResponse,
  MethodologyResponse,
  RevisionsResponse,
} from "../schemas/details";
import type { DataSources } from "../../../platform/provenance/data-sources";
import { revisionLogBody } from "../../../platform/publication/revision-log";
import { constituentsProvenance, coverageOf, priceBasisDescription } from "./provenance";
import { methodologyDocument } from "./methodology";

/**
 * The "why" behind published values: constituents of a lab-day, the methodology, the revision log.
 * Queries arrive validated by the routes' schemas.
 */
const describeReason = (table: Record<string, string>, reason: string | null): string | null =>
  reason === null ? null : (table[reason] ?? reason);

export async function answerConstituents(
  db: Db,
  { date, lab }: ConstituentsQuery,
  access: AccessLevel,
  now: Date,
): Promise<Result<ConstituentsResponse, DomainError>> {
  const authorized = authorizeOtpiQuery({ kind: "day", date, lab }, access, now);
  if (!authorized.ok) return authorized;

  const [stored, constituents, sourceDays] = await Promise.all([
    readLabDay(db, date, lab),
    readConstituents(db, date, lab),
    readSourceDays(db, date),
  ]);
  if (!stored.settled)
    return err(noData(`${date} is not settled yet: no constituents for lab '${lab}'.`));
  const suppressionReason = stored.value ? null : (stored.suppression?.reason ?? "no_observations");
  const { provenance, sourceDay } = constituentsProvenance(constituents, sourceDays);
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
    totalTokens: stored.value ? Number(stored.value.totalTokens) : null,
    suppressionReason,
    suppressionDescription: describeReason(SUPPRESSION_REASONS, suppressionReason),
    coverage: sourceDay ? coverageOf(sourceDay) : null,
    provenance,
    count: constituents.length,
    data: constituents.map((c) => ({
      modelId: c.modelId,
      inputPricePerMtok: c.inputPricePerMtok,
      outputPricePerMtok: c.outputPricePerMtok,
      inputTokens: Number(c.inputTokens),
      outputTokens: Number(c.outputTokens),
      totalTokens: Number(c.totalTokens),
      split: c.split,
      inputShare: c.inputShare,
      priceBasis: c.priceBasis,
      priceBasisDescription: priceBasisDescription(c.priceBasis),
      priceSnapshotId: c.priceSnapshotId,
      source: c.source,
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
  query: RevisionsQuery,
): Promise<Result<RevisionsResponse, DomainError>> {
  const revisions = await listRevisions(db, query);
  return ok(
    revisionLogBody(revisions, (r) => ({
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
  );
}

export function answerMethodology(
  rules: MethodologyRules,
  dataSources: DataSources,
): Result<MethodologyResponse, DomainError> {
  const document = methodologyDocument(rules, dataSources);
  return ok({
    success: true,
    ...document,
    eligibility: {
      ...document.eligibility,
      excludedModelPatterns: [...document.eligibility.excludedModelPatterns],
    },
    pricing: { ...document.pricing, priceBases: { ...document.pricing.priceBases } },
    history: [...document.history],
  });
}
