import { describe, expect, it } from "vitest";
import {
  AUTO_HOURLY_MAX_DAYS,
  HOURLY_REQUIRES_FULL_MESSAGE,
  gpuPlanAccessOf,
  parseGranularity,
  requireHourlyPlan,
  servedGrain,
} from "./grain";

describe("GPU grain by plan", () => {
  it("serves hourly only to Full keys; Premium and Trial get daily, not a refusal", () => {
    expect(servedGrain("hourly", 1, "full")).toBe("hourly");
    expect(servedGrain("hourly", 1, "premium")).toBe("daily");
    expect(servedGrain("hourly", 1, "trial")).toBe("daily");
    expect(servedGrain("hourly", 1, undefined)).toBe("daily");
    expect(servedGrain("auto", 1, "premium")).toBe("daily");
  });

  it("auto is hourly up to the threshold and daily beyond it", () => {
    expect(servedGrain("auto", AUTO_HOURLY_MAX_DAYS, "full")).toBe("hourly");
    expect(servedGrain("auto", AUTO_HOURLY_MAX_DAYS + 1, "full")).toBe("daily");
    expect(servedGrain("daily", 1, "full")).toBe("daily");
  });

  it("hourly-only routes: 401 without a key, 403 for Premium and Trial", () => {
    expect(requireHourlyPlan(undefined)).toMatchObject({
      ok: false,
      error: { code: "api_key_required" },
    });
    for (const plan of ["premium", "trial"] as const)
      expect(requireHourlyPlan(plan)).toMatchObject({
        ok: false,
        error: { code: "forbidden", message: HOURLY_REQUIRES_FULL_MESSAGE },
      });
    expect(requireHourlyPlan("full").ok).toBe(true);
  });

  it("names the access of each plan and parses granularity", () => {
    expect([undefined, "trial", "premium", "full"].map((p) => gpuPlanAccessOf(p as never))).toEqual(
      ["public-3mo", "premium", "premium", "full"],
    );
    expect(parseGranularity(undefined)).toEqual({ ok: true, value: "auto" });
    expect(parseGranularity("hourly")).toEqual({ ok: true, value: "hourly" });
    expect(parseGranularity("weekly").ok).toBe(false);
  });
});
