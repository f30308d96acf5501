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
        "mem_ddr6,-1,2026-03-02 10:00,acme",
        "mem_ddr5_16gb,5.5,2026-03-02T10:00:00-05:00,acme",
        "mem_slc_1gb,1.2,2026-02-30T10:00:00Z,",
      ].join("\n"),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((error) => describeImportError(error, "csv"))).toEqual([
      "line 3, field 'type': 'mem_ddr6' is neither a memory type id nor an exact name (see GET /api/memory-types)",
      "line 3, field 'price': must be a number of USD greater than 0; got '-1'",
      "line 3, field 'observedAt': must be ISO 8601 with a time and a UTC offset (2026-03-02T15:30:00-05:00), or a date (2026-03-02); got '2026-03-02 10:00'",
      "line 4: repeats the type, observedAt and source of line 2: one price per type, instant and source",
      "line 5, field 'observedAt': must be ISO 8601 with a time and a UTC offset (2026-03-02T15:30:00-05:00), or a date (2026-03-02); got '2026-02-30T10:00:00Z'",
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
      "row 1, field 'colour': unknown field; the columns are type, price, observedAt, source, sourceUpdatedAt, url, licence, citation (or id, memoryType, memory_type, observed_at, date, timestamp, source_updated_at, license)",
    ]);
  });

  it("reads the reference's row names: id or memoryType, a date (its 4 PM New York settlement, also written as UTC midnight) or timestamp; computed fields are ignored", () => {
    // A history row as GET /api/memory/{memoryType}/history serves it, imported with --source.
    const parsed = parseMemoryImportJson(
      JSON.stringify([
        {
          date: "2026-01-02T00:00:00.000Z",
          timestamp: "2026-01-02T00:00:00.000Z",
          id: "mem_ddr4_16gb",
          memoryType: "DDR4 16Gb (2Gx8) 3200",
          category: "dram",
          price: 40,
          weeklyHigh: 50,
          weeklyLow: 30,
          changePct: 0,
          sourceUpdatedAt: "2026-01-02T00:00:00.000Z",
        },
        { memory_type: "DDR5 16Gb (2Gx8) 4800/5600", price: "5.1", date: "2026-07-01" },
        { memoryType: "mem_slc_1gb", price: 1, timestamp: "2026-07-01T12:00:00Z" },
        { id: "mem_mlc_32gb", price: 2, observed_at: "2026-07-01T12:00:00Z", date: "2026-07-02" },
      ]),
      "feed",
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(
      parsed.rows.map((row) => [row.typeId, row.price, row.observedAt.toISOString(), row.source]),
    ).toEqual([
      // 4 PM New York is 21:00 UTC in winter (EST) and 20:00 UTC in summer (EDT).
      ["mem_ddr4_16gb", 40, "2026-01-02T21:00:00.000Z", "feed"],
      ["mem_ddr5_16gb", 5.1, "2026-07-01T20:00:00.000Z", "feed"],
      ["mem_slc_1gb", 1, "2026-07-01T12:00:00.000Z", "feed"],
      // observed_at wins over date: the earlier name in the alias order.
      ["mem_mlc_32gb", 2, "2026-07-01T12:00:00.000Z", "feed"],
    ]);
    const csv = parseMemoryImportCsv(
      ["id,price,date,license", "mem_ddr5_16gb,5.5,2026-03-02,CC BY 4.0"].join("\n"),
      "feed",
    );
    expect(csv).toMatchObject({
      ok: true,
      rows: [{ typeId: "mem_ddr5_16gb", licence: "CC BY 4.0" }],
    });
    if (csv.ok) expect(csv.rows[0]?.observedAt.toISOString()).toBe("2026-03-02T21:00:00.000Z");
    expect(parseMemoryImportCsv("id,price\nmem_ddr5_16gb,5.5\n", "feed")).toMatchObject({
      ok: false,
      errors: [{ field: "observedAt", message: "the header lacks this required column" }],
    });
  });
});
