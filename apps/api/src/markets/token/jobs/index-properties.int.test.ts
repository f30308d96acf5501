// @module-tag zone
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_METHODOLOGY_RULES,
  computeLabDay,
  type LabId,
  type MethodologyRules,
  type ModelDayObservation,
} from "@tpi/domain";
import {
  insertObservationsIfAbsent,
  readConstituents,
  readLabDay,
  type ObservationInput,
  type StoredConstituent,
} from "@tpi/db";
import { closedAfterFile } from "../../../testing/file-fixtures";
import { startTestApi } from "../../../testing/test-api";
import { restateLabDay } from "./restatement";
import { settleDueDays } from "./settlement";

// Properties over real settlements in PostgreSQL: what is stored and served is what the math says.
const NOW = new Date("2026-03-31T12:00:00.000Z");
const DAY = "2026-03-29";
const LABS: readonly LabId[] = ["openai", "anthropic"];
const rules = DEFAULT_METHODOLOGY_RULES;
const RELATIVE_TOLERANCE = 1e-12;

const api = closedAfterFile(await startTestApi({ now: NOW }));

const reset = () =>
  api.db.$executeRawUnsafe(
    "truncate observation, settled_day, index_value, lab_day_suppression, index_constituent, index_revision",
  );

const modelDay = (lab: LabId) =>
  fc.record({
    modelId: fc.stringMatching(/^[a-z0-9]{1,6}(:free)?$/).map((name) => `${lab}/${name}`),
    inputPricePerMtok: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), {
      nil: null,
      freq: 8,
    }),
    outputPricePerMtok: fc.option(fc.double({ min: 0, max: 400, noNaN: true }), {
      nil: null,
      freq: 8,
    }),
    // Up to 2^60 per model-day: lab totals well above 2^53 must stay exact.
    inputTokens: fc.oneof(
      fc.bigInt({ min: 0n, max: 1_000_000_000_000n }),
      fc.bigInt({ min: 0n, max: 2n ** 60n }),
    ),
    outputTokens: fc.bigInt({ min: 0n, max: 100_000_000_000n }),
    // A source that gives only the total (OpenRouter's rankings) leaves the split to the methodology.
    reported: fc.boolean(),
  });
const dayObservations = fc
  .tuple(
    ...LABS.map((lab) =>
      fc.uniqueArray(modelDay(lab), { selector: (o) => o.modelId, maxLength: 6 }),
    ),
  )
  .map((perLab) =>
    perLab.flatMap((list, i) =>
      list.map(
        ({ reported, inputTokens, outputTokens, ...o }): ObservationInput => ({
          ...o,
          inputTokens: reported ? inputTokens : null,
          outputTokens: reported ? outputTokens : null,
          totalTokens: inputTokens + outputTokens,
          date: DAY,
          lab: LABS[i] ?? "openai",
          source: "property",
          priceBasis: "reported",
          priceSnapshotId: null,
        }),
      ),
    ),
  );

/**
 * The inputs a stored snapshot holds, as the index math reads them: a reported split as stored,
 * an estimated one as the total alone (the recorded share re-estimates it).
 */
const observationsFrom = (constituents: readonly StoredConstituent[]): ModelDayObservation[] =>
  constituents.map((c) => ({
    ...c,
    inputTokens: c.split === "reported" ? c.inputTokens : null,
    outputTokens: c.split === "reported" ? c.outputTokens : null,
  }));

/** The rules a lab-day was settled under: its recorded version and the input share its constituents record. */
function recordedRules(
  version: string,
  constituents: readonly StoredConstituent[],
): MethodologyRules {
  const shares = new Set(
    constituents.flatMap((c) => (c.inputShare === null ? [] : [c.inputShare])),
  );
  expect(shares.size).toBeLessThanOrEqual(1);
  const [share] = shares;
  return { ...rules, version, estimatedInputShare: share ?? rules.estimatedInputShare };
}

describe("published values (property tests on PostgreSQL)", () => {
  it("equal the recomputation from their stored constituents under the recorded version and input share", async () => {
    await fc.assert(
      fc.asyncProperty(
        dayObservations,
        fc.constantFrom(0.75, 0.6, 0.8333),
        async (observations, share) => {
          await reset();
          await insertObservationsIfAbsent(api.db, observations);
          const settledUnder = { ...rules, estimatedInputShare: share };
          await settleDueDays(api.db, { now: NOW, rules: settledUnder });
          for (const lab of LABS) {
            const stored = await readLabDay(api.db, DAY, lab);
            if (!stored.value) continue;
            const constituents = await readConstituents(api.db, DAY, lab);
            const labObservations = observations.filter((o) => o.lab === lab);
            for (const c of constituents) {
              const input = labObservations.find((o) => o.modelId === c.modelId);
              expect(c.totalTokens).toBe(input?.totalTokens);
              expect(c.split).toBe(input?.inputTokens === null ? "estimated" : "reported");
              expect(c.inputShare).toBe(c.split === "estimated" ? share : null);
              expect(c.inputTokens + c.outputTokens).toBe(c.totalTokens);
            }
            const recomputed = computeLabDay(
              lab,
              observationsFrom(constituents),
              recordedRules(stored.value.methodologyVersion, constituents),
            );
            expect(recomputed.outcome).toMatchObject({
              published: true,
              indexPerMtok: stored.value.indexPerMtok,
              totalTokens: stored.value.totalTokens,
            });
            expect(recomputed.constituents.map((c) => [c.inputTokens, c.outputTokens])).toEqual(
              constituents.map((c) => [c.inputTokens, c.outputTokens]),
            );
          }
        },
      ),
      { numRuns: 15, endOnFailure: true },
    );
  });

  it("keep the methodology version they were settled under when later days settle under another", async () => {
    await reset();
    const day = (date: string, modelId: string): ObservationInput => ({
      date,
      modelId,
      lab: "openai",
      inputPricePerMtok: 2,
      outputPricePerMtok: 8,
      inputTokens: null,
      outputTokens: null,
      totalTokens: 1_000_000n,
      source: "property",
      priceBasis: "reported",
      priceSnapshotId: null,
    });
    await insertObservationsIfAbsent(api.db, [day("2026-03-27", "openai/a")]);
    await settleDueDays(api.db, {
      now: NOW,
      rules: { ...rules, version: "1.0" },
      through: "2026-03-27",
    });
    await insertObservationsIfAbsent(api.db, [day(DAY, "openai/a")]);
    await settleDueDays(api.db, { now: NOW, rules });
    expect((await readLabDay(api.db, "2026-03-27", "openai")).value?.methodologyVersion).toBe(
      "1.0",
    );
    expect((await readLabDay(api.db, DAY, "openai")).value?.methodologyVersion).toBe("1.1");
    expect(rules.version).toBe("1.1");
  });

  it("equal the recomputation from their stored constituents and lie between the cheapest and dearest eligible model", async () => {
    await fc.assert(
      fc.asyncProperty(dayObservations, async (observations) => {
        await reset();
        await insertObservationsIfAbsent(api.db, observations);
        await settleDueDays(api.db, { now: NOW, rules });
        for (const lab of LABS) {
          const stored = await readLabDay(api.db, DAY, lab);
          // A day without any observation is not settled at all.
          expect(stored.settled).toBe(observations.length > 0);
          if (!stored.settled) continue;
          const constituents = await readConstituents(api.db, DAY, lab);
          expect(constituents).toHaveLength(observations.filter((o) => o.lab === lab).length);
          const recomputed = computeLabDay(
            lab,
            observationsFrom(constituents),
            recordedRules(stored.value?.methodologyVersion ?? rules.version, constituents),
          ).outcome;
          if (!recomputed.published) {
            expect(stored.value).toBeNull();
            expect(stored.suppression?.reason).toBe(recomputed.reason);
            continue;
          }
          expect(stored.value?.indexPerMtok).toBe(recomputed.indexPerMtok);
          const blended = constituents
            .filter((c) => c.exclusionReason === null)
            .map((c) => c.blendedPricePerMtok ?? Number.NaN);
          const [low, high] = [Math.min(...blended), Math.max(...blended)];
          expect(recomputed.indexPerMtok).toBeGreaterThanOrEqual(low - low * RELATIVE_TOLERANCE);
          expect(recomputed.indexPerMtok).toBeLessThanOrEqual(high + high * RELATIVE_TOLERANCE);
        }
      }),
      { numRuns: 15, endOnFailure: true },
    );
  });

  it("never change without a revision entry, whatever is imported, settled or restated", async () => {
    const action = fc.oneof(
      fc.record({
        kind: fc.constant("correct" as const),
        lab: fc.constantFrom(...LABS),
        factor: fc.double({ min: 0.5, max: 2, noNaN: true }),
      }),
      fc.record({ kind: fc.constant("settle" as const) }),
      fc.record({
        kind: fc.constant("restate" as const),
        lab: fc.constantFrom(...LABS),
        force: fc.boolean(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        dayObservations,
        fc.array(action, { maxLength: 6 }),
        async (observations, actions) => {
          await reset();
          await insertObservationsIfAbsent(api.db, observations);
          await settleDueDays(api.db, { now: NOW, rules });
          const firstSettled = new Map<LabId, number | null>();
          for (const lab of LABS)
            firstSettled.set(lab, (await readLabDay(api.db, DAY, lab)).value?.indexPerMtok ?? null);

          for (const step of actions) {
            if (step.kind === "correct") {
              await api.db
                .$executeRaw`update observation set input_price_per_mtok = input_price_per_mtok * ${step.factor} where lab = ${step.lab}`;
            } else if (step.kind === "settle") {
              await settleDueDays(api.db, { now: NOW, rules });
            } else {
              await restateLabDay(
                api.db,
                rules,
                { date: DAY, lab: step.lab, reason: "property test", force: step.force },
                new Date(),
              );
            }
            for (const lab of LABS) {
              const current = (await readLabDay(api.db, DAY, lab)).value?.indexPerMtok ?? null;
              const revisions = await api.db.indexRevision.findMany({
                where: { lab },
                orderBy: { id: "asc" },
              });
              const expected =
                revisions.length === 0
                  ? firstSettled.get(lab)
                  : (revisions.at(-1)?.newIndexPerMtok ?? null);
              expect(current).toBe(expected);
            }
          }
        },
      ),
      { numRuns: 15, endOnFailure: true },
    );
  });
});
