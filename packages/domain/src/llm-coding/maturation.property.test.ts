import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../shared/calendar";
import { ok } from "../shared/result";
import { MATURATION_DAYS, decideCountUpdate, type CountStatus } from "./maturation";

const DAY = "2026-11-01";

describe("maturation properties", () => {
  it("a settled count never changes without a revision carrying its old and new value", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1_000_000 }),
        fc.nat({ max: 1_000_000 }),
        fc.integer({ min: MATURATION_DAYS + 1, max: 400 }),
        (stored, observed, age) => {
          const decision = decideCountUpdate({
            day: DAY,
            stored: { count: stored, status: "settled" },
            observation: ok(observed),
            observedOn: addDays(DAY, age),
          });
          if (stored === observed)
            expect(decision).toEqual({ action: "unchanged", status: "settled" });
          else
            expect(decision).toMatchObject({
              action: "revise",
              count: observed,
              revision: { oldCount: stored, newCount: observed },
            });
        },
      ),
    );
  });

  it("a provisional count is overwritten in place, settled exactly from day + MATURATION_DAYS + 1", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1_000_000 }),
        fc.nat({ max: 1_000_000 }),
        fc.integer({ min: 1, max: 60 }),
        (stored, observed, age) => {
          const decision = decideCountUpdate({
            day: DAY,
            stored: { count: stored, status: "provisional" },
            observation: ok(observed),
            observedOn: addDays(DAY, age),
          });
          const status: CountStatus = age > MATURATION_DAYS ? "settled" : "provisional";
          expect(decision.action === "revise").toBe(false);
          if (decision.action === "update" || decision.action === "unchanged")
            expect(decision.status).toBe(status);
          if (stored !== observed)
            expect(decision).toMatchObject({ action: "update", count: observed });
        },
      ),
    );
  });
});
