import { describe, expect, it } from "vitest";
import { csvField } from "./shape";

describe("a CSV field", () => {
  it("quotes what holds a comma, a quote or a line end (RFC 4180)", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a, b")).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
  });

  it("makes text a spreadsheet would run as a formula inert, and leaves numbers alone", () => {
    const cases: [hostile: string, inert: string][] = [
      [
        '=HYPERLINK("https://evil.example","click")',
        `"'=HYPERLINK(""https://evil.example"",""click"")"`,
      ],
      ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
      ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
      ["@SUM(A1:A9)", "'@SUM(A1:A9)"],
      ["\t=1+1", "'\t=1+1"],
      ["\r=1+1", `"'\r=1+1"`],
    ];
    for (const [hostile, inert] of cases) expect(csvField(hostile), hostile).toBe(inert);
    for (const number of ["-0.5", "-12", "+3.25", "-1.5e-7", "-.5", "2.4", "0"])
      expect(csvField(number), number).toBe(number);
  });
});
