import { describe, expect, it } from "vitest";
import { CsvRecordAssembler, parseCsvRecord, type CsvRecord } from "./csv-records";

function collect(text: string): CsvRecord[] {
  const assembler = new CsvRecordAssembler();
  const records = text.split("\n").map((line) => assembler.push(line));
  return [...records, assembler.end()].filter((r): r is CsvRecord => r !== undefined);
}

describe("parseCsvRecord", () => {
  it("splits plain and quoted fields", () => {
    expect(parseCsvRecord("a,b,,c")).toEqual(["a", "b", "", "c"]);
    expect(parseCsvRecord('"a,1","say ""hi""",x,""')).toEqual(["a,1", 'say "hi"', "x", ""]);
  });
  it("rejects stray quotes", () => {
    expect(parseCsvRecord('a,b"c')).toContain("a quote inside an unquoted field");
    expect(parseCsvRecord('"a"b,c')).toContain("unexpected character after a closing quote");
  });
});

describe("CsvRecordAssembler", () => {
  it("joins quoted line breaks and numbers records by their first line, skipping blank lines", () => {
    expect(collect('\uFEFFh1,h2\n\n"multi\nline",2\nx,y\n')).toEqual([
      { line: 1, fields: ["h1", "h2"] },
      { line: 3, fields: ["multi\nline", "2"] },
      { line: 5, fields: ["x", "y"] },
    ]);
  });
  it("reports a quote that is never closed", () => {
    expect(collect('h\n"open\nstill open')).toEqual([
      { line: 1, fields: ["h"] },
      { line: 2, error: "a quoted field is never closed" },
    ]);
  });
});
