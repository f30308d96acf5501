import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, utcDayOf } from "../shared/calendar";
import { freeWindow } from "./free-window";
import { LAB_IDS } from "./catalog";
import {
  authorizeOtpiQuery,
  compareIndexRows,
  parseOtpiQuery,
  visibleLabs,
  type OtpiQuery,
} from "./query";

const NOW = new Date("2026-11-22T15:00:00.000Z");

function parsed(raw: Record<string, unknown>): OtpiQuery {
  const result = parseOtpiQuery(raw);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
function failure(raw: Record<string, unknown>): string {
  const result = parseOtpiQuery(raw);
  if (result.ok) throw new Error("expected a failure");
  expect(result.error.code).toBe("bad_request");
  return result.error.message;
}

describe("parseOtpiQuery", () => {
  it("reads the three selections", () => {
    expect(parsed({})).toEqual({ kind: "latest" });
    expect(parsed({ date: "2026-11-01", lab: "openai" })).toEqual({
      kind: "day",
      date: "2026-11-01",
      lab: "openai",
    });
    expect(parsed({ startDate: "2026-11-01", endDate: "2026-11-01" })).toEqual({
      kind: "range",
      startDate: "2026-11-01",
      endDate: "2026-11-01",
    });
  });
  it("rejects date combined with a range", () => {
    expect(failure({ date: "2026-11-01", startDate: "2026-11-01", endDate: "2026-11-02" })).toMatch(
      /not both/,
    );
    expect(failure({ date: "2026-11-01", endDate: "2026-11-02" })).toMatch(/not both/);
  });
  it("rejects half a range, naming the missing end", () => {
    expect(failure({ startDate: "2026-11-01" })).toMatch(/'endDate' is missing/);
    expect(failure({ endDate: "2026-11-01" })).toMatch(/'startDate' is missing/);
  });
  it("rejects a start after the end", () => {
    expect(failure({ startDate: "2026-11-02", endDate: "2026-11-01" })).toMatch(/after/);
  });
  it.each(["2026-02-30", "2026-11-1", "20261101", "2026-11-01T00:00:00Z", "", "yesterday"])(
    "rejects the date %j",
    (value) => {
      expect(failure({ date: value })).toMatch(/'date' must be a real calendar date in YYYY-MM-DD/);
    },
  );
  it("rejects unknown labs case-sensitively and lists the allowed values", () => {
    const message = failure({ lab: "Anthropic" });
    for (const lab of LAB_IDS) expect(message).toContain(lab);
  });
  it("names unknown and repeated parameters", () => {
    expect(failure({ labs: "openai" })).toMatch(/Unknown query parameter 'labs'/);
    expect(failure({ lab: ["openai", "google"] })).toMatch(/'lab' was given more than once/);
    expect(failure({ date: { nested: "x" } })).toMatch(/'date' must be a single string/);
  });
});

describe("authorizeOtpiQuery (keyless callers)", () => {
  const window = freeWindow(NOW);
  it("allows free labs inside the trailing month", () => {
    expect(
      authorizeOtpiQuery(
        { kind: "day", date: window.startDate, lab: "deepseek" },
        "public-1mo",
        NOW,
      ).ok,
    ).toBe(true);
    expect(
      authorizeOtpiQuery(
        { kind: "range", startDate: window.startDate, endDate: addDays(window.endDate, 5) },
        "public-1mo",
        NOW,
      ).ok,
    ).toBe(true);
  });
  it("refuses paid labs with a 401 naming the lab and how to authenticate", () => {
    const result = authorizeOtpiQuery({ kind: "latest", lab: "qwen" }, "public-1mo", NOW);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe("api_key_required");
      expect(result.error.message).toMatch(/qwen/);
      expect(result.error.message).toMatch(/Authorization: Bearer <API_KEY>/);
    }
  });
  it("refuses any day before the free window with its first day in the message", () => {
    const result = authorizeOtpiQuery(
      { kind: "range", startDate: addDays(window.startDate, -1), endDate: window.endDate },
      "public-1mo",
      NOW,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toContain(window.startDate);
  });
  it("lets a keyed caller ask for anything", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LAB_IDS),
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        (lab, day) => authorizeOtpiQuery({ kind: "day", date: utcDayOf(day), lab }, "full", NOW).ok,
      ),
    );
  });
  it("keyless access is allowed exactly for free labs on days >= the window start", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LAB_IDS),
        fc.integer({ min: -400, max: 400 }),
        fc.date({ min: new Date("2001-01-01"), max: new Date("2099-01-01"), noInvalidDate: true }),
        (lab, offset, now) => {
          const start = freeWindow(now).startDate;
          const date = addDays(utcDayOf(now), offset);
          const allowed = authorizeOtpiQuery({ kind: "day", date, lab }, "public-1mo", now).ok;
          return allowed === (visibleLabs("public-1mo").includes(lab) && date >= start);
        },
      ),
    );
  });
});

describe("row order", () => {
  it("sorts by date, then by catalog order", () => {
    const rows = [
      { date: "2026-11-02", lab: "openai" as const },
      { date: "2026-11-01", lab: "deepseek" as const },
      { date: "2026-11-01", lab: "anthropic" as const },
      { date: "2026-11-02", lab: "anthropic" as const },
    ];
    expect([...rows].sort(compareIndexRows)).toEqual([rows[2], rows[1], rows[3], rows[0]]);
  });
});
