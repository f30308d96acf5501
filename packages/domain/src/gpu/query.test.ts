import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  GPU_DATETIME_PATTERN,
  nearestRecord,
  parseGpuDatetime,
  parseGpuHistoryQuery,
  resolveGpuHistoryRange,
} from "./query";

describe("parseGpuDatetime", () => {
  it("accepts 'YYYY-MM-DD HH:MM:SS' as UTC and ISO 8601 with or without an offset", () => {
    expect(parseGpuDatetime("2026-08-21 20:00:00")?.toISOString()).toBe("2026-08-21T20:00:00.000Z");
    expect(parseGpuDatetime("2026-08-21T20:00:00Z")?.toISOString()).toBe(
      "2026-08-21T20:00:00.000Z",
    );
    expect(parseGpuDatetime("2026-08-21T16:00:00-04:00")?.toISOString()).toBe(
      "2026-08-21T20:00:00.000Z",
    );
    expect(parseGpuDatetime("2026-08-21T20:00:00.250+0000")?.toISOString()).toBe(
      "2026-08-21T20:00:00.250Z",
    );
    expect(parseGpuDatetime("2026-08-21T20:30")?.toISOString()).toBe("2026-08-21T20:30:00.000Z");
    expect(parseGpuDatetime("2026-08-21")?.toISOString()).toBe("2026-08-21T00:00:00.000Z");
  });

  it("rejects unparseable and impossible values", () => {
    for (const bad of [
      "",
      "yesterday",
      "2026-02-30 10:00:00",
      "2026-08-21 24:00:00",
      "2026-08-21T10:61",
      "21/08/2026",
      "2026-08-21Z",
      "2026-08-21T10:00:00+25:00",
    ]) {
      expect(parseGpuDatetime(bad), bad).toBeUndefined();
    }
  });
});

describe("GPU_DATETIME_PATTERN", () => {
  const accepted = (value: string) => parseGpuDatetime(value) !== undefined;
  const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, "0"));
  /** Datetimes built from parts, each sometimes out of range or missing, with white space around. */
  const built = fc
    .record({
      lead: fc.constantFrom("", " ", "\t", "\u00a0", "\n", "\u3000", "\u200b", "x"),
      year: fc.constantFrom("2026", "2024", "1900", "2000", "0000", "0001", "9999", "202", "20266"),
      month: two(13),
      day: two(32),
      separator: fc.constantFrom("T", " ", "t", "_", ""),
      hour: two(25),
      minute: two(61),
      second: fc.option(two(61), { nil: undefined }),
      fraction: fc.constantFrom("", ".5", ".123456789", ".1234567890", "."),
      zone: fc.constantFrom("", "Z", "z", "+05:30", "-0400", "+24:00", "+05:60", "+5:30", "+0530Z"),
      time: fc.boolean(),
      trail: fc.constantFrom("", " ", "\r\n", "\ufeff", "Z", "\u0085"),
    })
    .map(
      (p) =>
        `${p.lead}${p.year}-${p.month}-${p.day}` +
        (p.time
          ? `${p.separator}${p.hour}:${p.minute}${p.second === undefined ? "" : `:${p.second}${p.fraction}`}${p.zone}`
          : "") +
        p.trail,
    );

  it("matches exactly what parseGpuDatetime accepts", () => {
    fc.assert(
      fc.property(fc.oneof(built, fc.string({ maxLength: 40 })), (value) => {
        expect(GPU_DATETIME_PATTERN.test(value), JSON.stringify(value)).toBe(accepted(value));
      }),
      { numRuns: 20_000 },
    );
  });

  it("agrees on the documented forms and the usual mistakes", () => {
    for (const value of [
      "2026-08-21",
      "2026-08-21 20:00:00",
      "2026-08-21T20:00",
      "2026-08-21T20:00:00.123456789+05:30",
      " 2026-08-21T20:00:00Z ",
      "2024-02-29T00:00:00-0000",
      "",
      " ",
      "2026-02-29",
      "2026-08-21T",
      "2026-08-21 20",
      "2026-08-21T20:00Z",
      "2026-08-21T20:00:00.Z",
    ])
      expect(GPU_DATETIME_PATTERN.test(value), JSON.stringify(value)).toBe(accepted(value));
  });
});

describe("nearestRecord", () => {
  const at = (iso: string) => ({ hour: new Date(iso) });
  const records = [
    at("2026-01-01T00:00:00Z"),
    at("2026-01-01T01:00:00Z"),
    at("2026-01-01T02:00:00Z"),
  ];

  it("returns the exact record with a zero difference", () => {
    expect(nearestRecord(records, new Date("2026-01-01T01:00:00Z"))).toEqual({
      record: records[1],
      timeDifferenceSeconds: 0,
      isExact: true,
    });
  });

  it("returns the closer neighbour, the earlier one on a tie", () => {
    expect(nearestRecord(records, new Date("2026-01-01T01:40:00Z"))?.record).toBe(records[2]);
    expect(nearestRecord(records, new Date("2026-01-01T01:30:00Z"))?.record).toBe(records[1]);
  });

  it("returns the first record before the history and the last after it, with the gap in seconds", () => {
    expect(nearestRecord(records, new Date("2025-12-31T00:00:00Z"))).toEqual({
      record: records[0],
      timeDifferenceSeconds: 86_400,
      isExact: false,
    });
    expect(nearestRecord(records, new Date("2026-01-01T02:00:05Z"))).toEqual({
      record: records[2],
      timeDifferenceSeconds: 5,
      isExact: false,
    });
    expect(nearestRecord([], new Date())).toBeUndefined();
  });
});

describe("resolveGpuHistoryRange", () => {
  const now = new Date("2026-05-31T12:00:00Z");
  it("defaults keyless callers to the trailing 3 months and keyed callers to all history", () => {
    expect(resolveGpuHistoryRange({}, "public-1mo", now)).toEqual({
      ok: true,
      value: { startDate: "2026-02-28", endDate: "2026-05-31" },
    });
    expect(resolveGpuHistoryRange({}, "full", now)).toEqual({
      ok: true,
      value: { startDate: undefined, endDate: "2026-05-31" },
    });
  });

  it("refuses a keyless start before the window with 401 and bad dates with 400", () => {
    const early = resolveGpuHistoryRange({ startDate: "2026-02-27" }, "public-1mo", now);
    expect(early.ok ? undefined : early.error.code).toBe("api_key_required");
    expect(resolveGpuHistoryRange({ startDate: "2026-02-27" }, "full", now).ok).toBe(true);
    const reversed = resolveGpuHistoryRange(
      { startDate: "2026-05-02", endDate: "2026-05-01" },
      "full",
      now,
    );
    expect(reversed.ok ? undefined : reversed.error.code).toBe("bad_request");
  });
});

describe("parseGpuHistoryQuery", () => {
  it("parses days as parseOtpiQuery does: single known parameters, real calendar days", () => {
    expect(parseGpuHistoryQuery({ startDate: "2026-05-01" })).toEqual({
      ok: true,
      value: { startDate: "2026-05-01" },
    });
    const bad = parseGpuHistoryQuery({ endDate: "2026-13-01" });
    expect(bad.ok ? undefined : bad.error.message).toBe(
      "Query parameter 'endDate' must be a real calendar date in YYYY-MM-DD format; got '2026-13-01'.",
    );
    const word = parseGpuHistoryQuery({ endDate: "March" });
    expect(word.ok ? undefined : word.error.code).toBe("bad_request");
    const unknown = parseGpuHistoryQuery({ since: "2026-05-01" });
    expect(unknown.ok ? undefined : unknown.error.message).toBe(
      "Unknown query parameter 'since'. Allowed parameters: startDate, endDate.",
    );
    const repeated = parseGpuHistoryQuery({ startDate: ["2026-05-01", "2026-05-02"] });
    expect(repeated.ok ? undefined : repeated.error.code).toBe("bad_request");
  });
});
