import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MS_PER_HOUR } from "./index-math";
import {
  GPU_TYPE_CONFLICT_MESSAGE,
  GPU_TYPE_REQUIRED_MESSAGE,
  dailyLookbackStart,
  resolveDailyIndexGpu,
} from "./query";
import { INVALID_GPU_MESSAGE } from "./catalog";
import {
  HISTORY_LIMIT_DEFAULT,
  HISTORY_LIMIT_MAX,
  HISTORY_LIMIT_MESSAGE,
  HOURLY_RANGE_MAX_DAYS,
  HOURLY_RANGE_TOO_LONG_MESSAGE,
  ROLLING_WINDOW_HOURS,
  checkHourlySpan,
  parseHistoryLimit,
  parseRangeBound,
  parseRangeBounds,
  parseRollingHistoryQuery,
  parseSeriesQuery,
  ROLLING_HISTORY_RANGE_REQUIRED_MESSAGE,
  resolveInstantRange,
  rollingAverage,
  sliceByTime,
  type TimedValue,
} from "./series";

const BASE = Date.parse("2026-03-01T00:00:00.000Z");

/** Prints on distinct whole hours (some hours missing), sorted by hour. */
const printsArbitrary = fc
  .uniqueArray(fc.integer({ min: 0, max: 200 }), { maxLength: 120 })
  .chain((hours) =>
    fc
      .array(fc.double({ min: 0.01, max: 50, noNaN: true }), {
        minLength: hours.length,
        maxLength: hours.length,
      })
      .map((values) =>
        [...hours]
          .sort((a, b) => a - b)
          .map(
            (h, i): TimedValue => ({
              hour: new Date(BASE + h * MS_PER_HOUR),
              indexValue: values[i] as number,
            }),
          ),
      ),
  );

describe("rollingAverage", () => {
  it("equals the mean of exactly the prints in the 24 hours ending at its instant (property)", () => {
    fc.assert(
      fc.property(printsArbitrary, fc.integer({ min: -5, max: 230 }), (prints, asOfHour) => {
        const asOf = new Date(BASE + asOfHour * MS_PER_HOUR);
        const covered = prints.filter(
          (p) =>
            p.hour.getTime() > asOf.getTime() - ROLLING_WINDOW_HOURS * MS_PER_HOUR &&
            p.hour.getTime() <= asOf.getTime(),
        );
        const result = rollingAverage(prints, asOf);
        if (covered.length === 0) {
          expect(result).toBeUndefined();
          return;
        }
        const mean = covered.reduce((sum, p) => sum + p.indexValue, 0) / covered.length;
        expect(result?.printCount).toBe(covered.length);
        expect(result?.averageUsdPerHour).toBeCloseTo(mean, 9);
        expect(result?.windowStart.getTime()).toBe(
          asOf.getTime() - (ROLLING_WINDOW_HOURS - 1) * MS_PER_HOUR,
        );
      }),
    );
  });

  it("leaves out the print exactly 24 hours before and includes the one at the instant", () => {
    const prints = [0, 1, 24].map((h) => ({
      hour: new Date(BASE + h * MS_PER_HOUR),
      indexValue: h === 0 ? 100 : 1,
    }));
    expect(rollingAverage(prints, new Date(BASE + 24 * MS_PER_HOUR))).toMatchObject({
      averageUsdPerHour: 1,
      printCount: 2,
    });
  });
});

describe("parseHistoryLimit", () => {
  it("defaults to 100 and accepts 1..max", () => {
    expect(parseHistoryLimit(undefined)).toEqual({ ok: true, value: HISTORY_LIMIT_DEFAULT });
    expect(parseHistoryLimit("1")).toEqual({ ok: true, value: 1 });
    expect(parseHistoryLimit(String(HISTORY_LIMIT_MAX))).toEqual({
      ok: true,
      value: HISTORY_LIMIT_MAX,
    });
  });

  it("refuses 0, too large, negative, fractional and non-numbers with one message", () => {
    for (const value of ["0", String(HISTORY_LIMIT_MAX + 1), "-1", "2.5", "ten", "", "1e3"]) {
      const parsed = parseHistoryLimit(value);
      expect(parsed.ok, value).toBe(false);
      if (!parsed.ok) expect(parsed.error.message).toBe(HISTORY_LIMIT_MESSAGE);
    }
  });
});

describe("range bounds", () => {
  it("reads a bare end date as the whole day, a datetime as given", () => {
    const end = parseRangeBound("endDate", "2026-03-09");
    expect(end.ok && end.value.toISOString()).toBe("2026-03-09T23:59:59.999Z");
    const start = parseRangeBound("startDate", "2026-03-09");
    expect(start.ok && start.value.toISOString()).toBe("2026-03-09T00:00:00.000Z");
    const at = parseRangeBound("endDate", "2026-03-09T10:00:00+02:00");
    expect(at.ok && at.value.toISOString()).toBe("2026-03-09T08:00:00.000Z");
    expect(parseRangeBound("startDate", "2026-02-30").ok).toBe(false);
  });

  it("defaults the end to the anchor and the start to the span before it; refuses start after end", () => {
    const anchor = new Date("2026-03-10T12:00:00.000Z");
    const range = resolveInstantRange({}, anchor, 24 * MS_PER_HOUR);
    expect(range.ok && range.value.start.toISOString()).toBe("2026-03-09T12:00:00.000Z");
    expect(range.ok && range.value.end).toBe(anchor);
    const reversed = parseRangeBounds({ startDate: "2026-03-09", endDate: "2026-03-08" });
    expect(!reversed.ok && reversed.error.message).toBe(
      "'startDate' (2026-03-09T00:00:00.000Z) is after 'endDate' (2026-03-08T23:59:59.999Z).",
    );
    // A start given alone after the default end (the anchor) is refused too.
    const late = resolveInstantRange({ start: new Date("2026-03-11T00:00:00Z") }, anchor, 1);
    expect(late.ok).toBe(false);
  });

  it("caps hourly rows at the maximum span", () => {
    const start = new Date(BASE);
    const ok = checkHourlySpan({
      start,
      end: new Date(BASE + HOURLY_RANGE_MAX_DAYS * 24 * MS_PER_HOUR),
    });
    expect(ok.ok).toBe(true);
    const tooLong = checkHourlySpan({
      start,
      end: new Date(BASE + HOURLY_RANGE_MAX_DAYS * 24 * MS_PER_HOUR + 1),
    });
    expect(!tooLong.ok && tooLong.error.message).toBe(HOURLY_RANGE_TOO_LONG_MESSAGE);
  });

  it("slices a sorted list inclusively at both ends", () => {
    const hours = [0, 1, 2, 3].map((h) => ({ at: new Date(BASE + h * MS_PER_HOUR) }));
    const slice = sliceByTime(hours, (x) => x.at, {
      start: new Date(BASE + MS_PER_HOUR),
      end: new Date(BASE + 2 * MS_PER_HOUR),
    });
    expect(slice).toEqual([hours[1], hours[2]]);
  });
});

describe("series queries", () => {
  it("parse defaults: auto grain, limit 100, no bounds", () => {
    expect(parseSeriesQuery({})).toEqual({
      ok: true,
      value: { bounds: {}, granularity: "auto", limit: HISTORY_LIMIT_DEFAULT },
    });
  });

  it("the rolling history needs both bounds and defaults to the daily grain", () => {
    for (const raw of [{}, { startDate: "2026-03-01" }, { endDate: "2026-03-01" }]) {
      const parsed = parseRollingHistoryQuery(raw);
      expect(!parsed.ok && parsed.error.message).toBe(ROLLING_HISTORY_RANGE_REQUIRED_MESSAGE);
    }
    const parsed = parseRollingHistoryQuery({ startDate: "2026-03-01", endDate: "2026-03-02" });
    expect(parsed.ok && parsed.value.granularity).toBe("daily");
  });
});

describe("the GPU of /api/daily-index", () => {
  it("accepts gpuType or its alias gpu, or both when they agree", () => {
    expect(resolveDailyIndexGpu({ gpuType: "H200" })).toEqual({ ok: true, value: "H200" });
    expect(resolveDailyIndexGpu({ gpu: "H200" })).toEqual({ ok: true, value: "H200" });
    expect(resolveDailyIndexGpu({ gpu: "H200", gpuType: "H200" })).toEqual({
      ok: true,
      value: "H200",
    });
  });

  it("refuses neither, two different names, and an unknown name", () => {
    const neither = resolveDailyIndexGpu({});
    expect(!neither.ok && neither.error.message).toBe(GPU_TYPE_REQUIRED_MESSAGE);
    expect(GPU_TYPE_REQUIRED_MESSAGE).toContain("gpuType");
    const both = resolveDailyIndexGpu({ gpu: "H200", gpuType: "B200" });
    expect(!both.ok && both.error.message).toBe(GPU_TYPE_CONFLICT_MESSAGE);
    const unknown = resolveDailyIndexGpu({ gpuType: "H300" });
    expect(!unknown.ok && unknown.error.message).toBe(INVALID_GPU_MESSAGE);
  });

  it("looks back 7 settled New York days", () => {
    // 2026-03-10 12:30 UTC: 03-09 is the latest settled day.
    expect(dailyLookbackStart(new Date("2026-03-10T12:30:00Z"))).toBe("2026-03-03");
  });
});
