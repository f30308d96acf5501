import { describe, expect, it } from "vitest";
import { describeImportError, parseMemoryImportCsv, parseMemoryImportJson } from "./import-file";

describe("memory import files", () => {
  it("reads CSV rows by name or id, quoted fields, optional columns and the default source", () => {
    const parsed = parseMemoryImportCsv(
      [
        "type,price,observedAt,citation",
        'mem_ddr5_16gb,5.5,2026-03-02T10:00:00-05:00,"Acme, prices as of 2 March"',
        '"DDR4 16Gb (2Gx8) 3200",4.25,2026-03-02T15:00:00Z,',
      ].join("\r\n"),
      "acme",
    );
    expect(parsed).toMatchObject({
      ok: true,
      rows: [
        {
          line: 2,
          typeId: "mem_ddr5_16gb",
          price: 5.5,
          source: "acme",
          citation: "Acme, prices as of 2 March",
        },
        { line: 3, typeId: "mem_ddr4_16gb", price: 4.25, citation: null },
      ],
    });
    if (parsed.ok)
      expect(parsed.rows[0]?.observedAt.toISOString()).toBe("2026-03-02T15:00:00.000Z");
  });

  it("names the line and field of every bad row", () => {
    const parsed = parseMemoryImportCsv(
      [
        "type,price,observedAt,source",
        "mem_ddr5_16gb,5.5,2026-03-02T10:00:00-05:00,acme",
        "mem_ddr6,-1,2026-03-02,acme",
        "mem_ddr5_16gb,5.5,2026-03-02T10:00:00-05:00,acme",
        "mem_slc_1gb,1.2,2026-02-30T10:00:00Z,",
      ].join("\n"),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((error) => describeImportError(error, "csv"))).toEqual([
      "line 3, field 'type': 'mem_ddr6' is neither a memory type id nor an exact name (see GET /api/memory-types)",
      "line 3, field 'price': must be a number of USD greater than 0; got '-1'",
      "line 3, field 'observedAt': must be ISO 8601 with a time and a UTC offset (2026-03-02T15:30:00-05:00); got '2026-03-02'",
      "line 4: repeats the type, observedAt and source of line 2: one price per type, instant and source",
      "line 5, field 'observedAt': must be ISO 8601 with a time and a UTC offset (2026-03-02T15:30:00-05:00); got '2026-02-30T10:00:00Z'",
      "line 5, field 'source': is required (in the row, or for every row with --source)",
    ]);
  });

  it("reads JSON arrays, price as a number, and refuses unknown fields by row", () => {
    expect(
      parseMemoryImportJson(
        JSON.stringify([
          { type: "mem_mlc_64gb", price: 5.4, observedAt: "2026-03-02T15:00:00Z", source: "acme" },
        ]),
      ),
    ).toMatchObject({ ok: true, rows: [{ line: 1, typeId: "mem_mlc_64gb", price: 5.4 }] });
    const bad = parseMemoryImportJson(
      JSON.stringify([
        {
          type: "mem_mlc_64gb",
          price: 5.4,
          observedAt: "2026-03-02T15:00:00Z",
          source: "acme",
          colour: "red",
        },
      ]),
    );
    expect(bad.ok ? [] : bad.errors.map((error) => describeImportError(error, "json"))).toEqual([
      "row 1, field 'colour': unknown field; the fields are type, price, observedAt, source, sourceUpdatedAt, url, licence, citation",
    ]);
  });
});
