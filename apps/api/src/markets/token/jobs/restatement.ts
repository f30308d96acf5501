import {
  assessRestatement,
  badRequest,
  computeLabDay,
  err,
  ok,
  type DomainError,
  type LabDayValue,
  type LabId,
  type MethodologyRules,
  type Result,
  type UtcDay,
} from "@tpi/domain";
import {
  insertRevision,
  lockSettlement,
  observationsOfLabDay,
  readLabDay,
  readSourceDaysBetween,
  replaceLabDay,
  revisionCountOf,
  type Db,
  type RevisionRecord,
  type StoredLabDay,
} from "@tpi/db";
import { publishEvents } from "../../../platform/publication/events";
import { revisedValueFact } from "./events";

export type RestatementRequest = { date: UtcDay; lab: LabId; reason: string; force: boolean };

export const MAX_RESTATEMENT_REASON_LENGTH = 500;

/**
 * Recomputes one settled lab-day from the observations stored now (corrections imported after
 * settlement included) and, when the change is material or forced, replaces its value,
 * suppression and constituent snapshot and logs the revision, all in one transaction under the
 * settlement lock, with its value.revised event (numbered by the lab-day's revisions so far). A
 * refused or failed restatement writes nothing.
 */
export async function restateLabDay(
  db: Db,
  rules: MethodologyRules,
  request: RestatementRequest,
  now: Date,
): Promise<Result<RevisionRecord, DomainError>> {
  const reason = request.reason.trim();
  if (reason.length === 0 || reason.length > MAX_RESTATEMENT_REASON_LENGTH) {
    return err(
      badRequest(
        `A restatement needs a reason of 1 to ${MAX_RESTATEMENT_REASON_LENGTH} characters.`,
      ),
    );
  }
  return db.$transaction(
    async (tx): Promise<Result<RevisionRecord, DomainError>> => {
      await lockSettlement(tx);
      const stored = await readLabDay(tx, request.date, request.lab);
      if (!stored.settled) {
        return err(
          badRequest(
            `${request.date} is not settled yet: settlement will compute it from the stored observations; there is nothing to restate.`,
          ),
        );
      }
      const computation = computeLabDay(
        request.lab,
        await observationsOfLabDay(tx, request.date, request.lab),
        rules,
      );
      const before = valueOf(stored);
      const after: LabDayValue = computation.outcome.published
        ? { published: true, indexPerMtok: computation.outcome.indexPerMtok }
        : { published: false, reason: computation.outcome.reason };
      const assessment = assessRestatement(before, after, rules.materialityThresholdPercent);
      if (!assessment.material && !request.force) {
        return err(
          badRequest(
            `The recomputed value differs by ${assessment.changePercent.toFixed(4)}%, below the materiality threshold of ${rules.materialityThresholdPercent}%: nothing was restated. Use --force to restate anyway.`,
          ),
        );
      }
      // A new computedAt moves every instance's publication fingerprint; never reuse the old instant.
      const oldComputedAt = stored.value?.computedAt ?? stored.suppression?.recordedAt ?? null;
      const computedAt = new Date(Math.max(now.getTime(), (oldComputedAt?.getTime() ?? 0) + 1));
      await replaceLabDay(tx, request.date, computation, computedAt, rules.version);
      const revision = await insertRevision(tx, {
        date: request.date,
        lab: request.lab,
        oldIndexPerMtok: before.published ? before.indexPerMtok : null,
        newIndexPerMtok: after.published ? after.indexPerMtok : null,
        oldSuppressionReason: before.published ? null : before.reason,
        newSuppressionReason: after.published ? null : after.reason,
        oldComputedAt,
        changePercent: assessment.changePercent,
        reason,
        forced: !assessment.material,
        methodologyVersion: rules.version,
        restatedAt: computedAt,
      });
      const [revisionNumber, sourceDays] = await Promise.all([
        revisionCountOf(tx, request.date, request.lab),
        readSourceDaysBetween(tx, request.date, request.date),
      ]);
      const fact = revisedValueFact(revision, revisionNumber, computation, sourceDays);
      await publishEvents(tx, [fact], computedAt);
      return ok(revision);
    },
    { timeout: 60_000, maxWait: 60_000 },
  );
}

function valueOf(stored: StoredLabDay): LabDayValue {
  if (stored.value) return { published: true, indexPerMtok: stored.value.indexPerMtok };
  // A settled lab-day has a value or a suppression; a missing row means it had no observations.
  return { published: false, reason: stored.suppression?.reason ?? "no_observations" };
}
