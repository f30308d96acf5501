import { describe, expect, it } from "vitest";
import type { BulkColumn } from "./bulk";
import {
  csvField,
  csvRecord,
  csvText,
  decimalUnscaled,
  epochDay,
  epochMillis,
} from "./bulk-encoding";

const column = (type: BulkColumn["type"], nullable = true, scale?: number): BulkColumn => ({
  name: "v",
  type,
  nullable,
  description: "",
  ...(scale === undefined ? {} : { scale }),
});

describe("csvField", () => {
  it("quotes a field with a comma, a quote or a line break, doubling its quotes", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("a\nb")).toBe('"a\nb"');
    expect(csvField("a\rb")).toBe('"a\rb"');
  });

  it("leaves other text as it is, formula-like text included", () => {
    expect(csvField("=SUM(A1)")).toBe("=SUM(A1)");
    expect(csvField("日本語 🚀")).toBe("日本語 🚀");
  });

  it("quotes the empty text so that it differs from a null's empty field", () => {
    expect(csvField("")).toBe('""');
    expect(csvRecord([column("string")], { v: "" })).toBe('""\r\n');
    expect(csvRecord([column("string")], { v: null })).toBe("\r\n");
  });
});

describe("csvText", () => {
  it("writes each type as the files document it", () => {
    expect(csvText(column("decimal", true, 4), "12.50")).toBe("12.50");
    expect(csvText(column("date"), "2026-02-28")).toBe("2026-02-28");
    expect(csvText(column("timestamp"), "2026-02-28T01:00:00+01:00")).toBe(
      "2026-02-28T00:00:00.000Z",
    );
    expect(csvText(column("double"), 0.1 + 0.2)).toBe("0.30000000000000004");
    expect(csvText(column("double"), -0)).toBe("-0");
    expect(csvText(column("integer"), -42)).toBe("-42");
    expect(csvText(column("boolean"), false)).toBe("false");
    expect(csvText(column("string"), null)).toBe("");
  });

  it("refuses null in a column that is never null, and values of another type", () => {
    expect(() => csvText(column("string", false), null)).toThrow(RangeError);
    expect(() => csvText(column("double"), "1.5")).toThrow(RangeError);
    expect(() => csvText(column("double"), Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => csvText(column("integer"), 2 ** 53)).toThrow(RangeError);
  });
});

describe("decimalUnscaled", () => {
  it("scales the exact text without going through a double", () => {
    expect(decimalUnscaled("12.5", 4)).toBe(125000n);
    expect(decimalUnscaled("-0.000001", 6)).toBe(-1n);
    expect(decimalUnscaled("12345678901234567890123456789.123456789", 9)).toBe(
      12345678901234567890123456789123456789n,
    );
    expect(decimalUnscaled("7", 2)).toBe(700n);
    expect(decimalUnscaled("1.2300", 2)).toBe(123n);
  });

  it("refuses digits the scale would drop, more than 38 digits and text that is no decimal", () => {
    expect(() => decimalUnscaled("1.234", 2)).toThrow(RangeError);
    expect(() => decimalUnscaled("1" + "0".repeat(38), 0)).toThrow(RangeError);
    for (const text of ["", "1e5", "+1", ".5", "1.", "NaN", " 1"])
      expect(() => decimalUnscaled(text, 2)).toThrow(RangeError);
  });
});

describe("epochDay and epochMillis", () => {
  it("count days and milliseconds from 1970-01-01 UTC", () => {
    expect(epochDay("1970-01-02")).toBe(1);
    expect(epochDay("1969-12-31")).toBe(-1);
    expect(epochMillis("1970-01-01T00:00:01.500Z")).toBe(1500);
  });

  it("refuse days that do not exist and instants without an offset", () => {
    expect(() => epochDay("2026-02-29")).toThrow(RangeError);
    expect(() => epochDay("2026-1-01")).toThrow(RangeError);
    expect(() => epochMillis("2026-01-01T00:00:00")).toThrow(RangeError);
  });
});
