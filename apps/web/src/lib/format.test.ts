import { describe, expect, it } from "vitest";
import {
  formatFractionPercent,
  changeBetween,
  formatChange,
  formatPercent,
  formatShortUtcDay,
  formatSignedUsd,
  formatUsd,
  formatUtcDay,
  formatUtcInstant,
} from "./format";

describe("formatUsd", () => {
  it("shows four decimals with a dollar sign and thousands separators", () => {
    expect(formatUsd(5.459032221454965)).toBe("$5.4590");
    expect(formatUsd(0.4013960412402557)).toBe("$0.4014");
    expect(formatUsd(1234.5)).toBe("$1,234.5000");
    expect(formatUsd(2, 2)).toBe("$2.00");
    expect(formatUsd(-0.5)).toBe("-$0.5000");
  });
});

describe("changeBetween", () => {
  it("is undefined without an earlier value", () => {
    expect(changeBetween(1, undefined)).toBeUndefined();
  });
  it("gives direction, absolute and relative change", () => {
    const change = changeBetween(1.1, 1);
    expect(change?.direction).toBe("up");
    expect(change?.absolute).toBeCloseTo(0.1, 12);
    expect(change?.percent).toBeCloseTo(10, 9);
    expect(changeBetween(0.9, 1)?.direction).toBe("down");
  });
  it("calls a change below the displayed precision flat", () => {
    expect(changeBetween(1.00001, 1)?.direction).toBe("flat");
  });
  it("has no percentage against zero", () => {
    expect(changeBetween(1, 0)?.percent).toBeUndefined();
  });
});

describe("change text", () => {
  it("uses a real minus sign and signed amounts", () => {
    expect(formatSignedUsd(-0.30571)).toBe("\u2212$0.3057");
    expect(formatSignedUsd(0.2268)).toBe("+$0.2268");
    expect(formatSignedUsd(0.00001)).toBe("$0.0000");
    expect(formatPercent(-5.3)).toBe("\u22125.30%");
    expect(formatPercent(0.001)).toBe("0.00%");
    expect(formatPercent(undefined)).toBe("n/a");
    expect(formatChange(changeBetween(1.1, 1))).toBe("+$0.1000 (+10.00%)");
    expect(formatChange(undefined)).toBe("no earlier value");
  });
});

describe("UTC days", () => {
  it("names the month without any time zone conversion", () => {
    expect(formatUtcDay("2026-11-20")).toBe("20 Nov 2026");
    expect(formatUtcDay("2026-01-01")).toBe("1 Jan 2026");
    expect(formatShortUtcDay("2026-12-31")).toBe("31 Dec");
  });
  it("leaves anything that is not a day as it is", () => {
    expect(formatUtcDay("yesterday")).toBe("yesterday");
    expect(formatUtcDay("2026-13-01")).toBe("2026-13-01");
  });
});

describe("formatUtcInstant", () => {
  it("shows an ISO instant as date, time and Z without milliseconds", () => {
    expect(formatUtcInstant("2026-11-23T02:00:00.000Z")).toBe("2026-11-23 02:00:00Z");
    expect(formatUtcInstant("2026-11-23T02:00:00Z")).toBe("2026-11-23 02:00:00Z");
  });
});

describe("formatFractionPercent", () => {
  it("shows a fraction as a percentage with the given decimals, n/a without a value", () => {
    expect(formatFractionPercent(0.41237)).toBe("41.24%");
    expect(formatFractionPercent(0.25, 1)).toBe("25.0%");
    expect(formatFractionPercent(null)).toBe("n/a");
  });
});
