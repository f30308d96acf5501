import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_METHODOLOGY_RULES, computeLabDay, type LabId } from "@tpi/domain";
import {
  insertObservationsIfAbsent,
  readConstituents,
  readLabDay,
  type ObservationInput,
} from "@tpi/db";
import { startTestApi, type TestApi } from "../testing/test-api";
import { restateLabDay } from "./restatement";
import { settleDueDays } from "./settlement";

// Properties over real settlements in PostgreSQL: what is stored and served is what the math says.
const NOW = new Date("2026-03-31T12:00:00.000Z");
const DAY = "2026-03-29";
const LABS: readonly LabId[] = ["openai", "anthropic"];
const rules = DEFAULT_METHODOLOGY_RULES;
const RELATIVE_TOLERANCE = 1e-12;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ now: NOW });
});
afterAll(async () => api.close());

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
    inputTokens: fc.integer({ min: 0, max: 1e12 }),
    outputTokens: fc.integer({ min: 0, max: 1e11 }),
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
        (o): ObservationInput => ({
          ...o,
          date: DAY,
          lab: LABS[i] ?? "openai",
          source: "property",
        }),
      ),
    ),
  );

describe("published values (property tests on PostgreSQL)", () => {
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
          const recomputed = computeLabDay(lab, constituents, rules).outcome;
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
