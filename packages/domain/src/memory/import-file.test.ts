import { describe, expect, it } from "vitest";
import {
  CsvSplitter,
  describeImportError,
  parseMemoryImportCsv,
  parseMemoryImportJson,
  type CsvSplitRecord,
} from "./import-file";

/** The import's time: a Sunday, so the current session closes Monday 2026-11-30 at 4 PM New York. */
const NOW = new Date("2026-11-29T12:00:00.000Z");
const at = (defaultSource?: string) => ({
  now: NOW,
  ...(defaultSource === undefined ? {} : { defaultSource }),
});

describe("memory import files", () => {
  it("reads CSV rows by name or id, quoted fields, optional columns and the default source", () => {
    const parsed = parseMemoryImportCsv(
      [
        "type,price,observedAt,citation",
        'mem_ddr5_16gb,5.5,2026-03-02T10:00:00-05:00,"Acme, prices as of 2 March"',
        '"DDR4 16Gb (2Gx8) 3200",4.25,2026-03-02T15:00:00Z,',
      ].join("\r\n"),
      at("acme"),
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
      at(),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((error) => describeImportError(error, "csv"))).toEqual([
      "line 3, field 'type': 'mem_ddr6' is neither a memory type id nor an exact name (see GET /api/memory-types)",
      "line 3, field 'price': must be a finite number of USD greater than 0; got '-1'",
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
        at(),
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
      at(),
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
      at("feed"),
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
      at("feed"),
    );
    expect(csv).toMatchObject({
      ok: true,
      rows: [{ typeId: "mem_ddr5_16gb", licence: "CC BY 4.0" }],
    });
    if (csv.ok) expect(csv.rows[0]?.observedAt.toISOString()).toBe("2026-03-02T21:00:00.000Z");
    expect(parseMemoryImportCsv("id,price\nmem_ddr5_16gb,5.5\n", at("feed"))).toMatchObject({
      ok: false,
      errors: [{ field: "observedAt", message: "the header lacks this required column" }],
    });
  });

  describe("against hostile files", () => {
    const csv = (...rows: string[]) =>
      parseMemoryImportCsv(["type,price,observedAt,source,citation", ...rows].join("\n"), at());
    const errorsOf = (parsed: ReturnType<typeof csv>) =>
      parsed.ok ? [] : parsed.errors.map((error) => describeImportError(error, "csv"));

    it("refuses prices outside the plausible range of their category", () => {
      expect(
        errorsOf(
          csv(
            "mem_ddr5_16gb,1e20,2026-11-02,acme,",
            "mem_ddr5_16gb,1000.5,2026-11-03,acme,",
            "mem_ddr5_rdimm_32gb,0.05,2026-11-02,acme,",
          ),
        ),
      ).toEqual([
        "line 2, field 'price': 1e20 is outside the plausible range of a USD per chip price (0.001 to 1,000 USD); check the decimal point and the unit",
        "line 3, field 'price': 1000.5 is outside the plausible range of a USD per chip price (0.001 to 1,000 USD); check the decimal point and the unit",
        "line 4, field 'price': 0.05 is outside the plausible range of a USD per module price (0.1 to 50,000 USD); check the decimal point and the unit",
      ]);
      // Within range at either end: accepted.
      expect(
        csv("mem_ddr5_16gb,1000,2026-11-02,acme,", "mem_ddr5_rdimm_32gb,0.1,2026-11-02,acme,").ok,
      ).toBe(true);
    });

    it("refuses observations before 2000 or after the close of the current session, naming the bounds", () => {
      const bounds =
        "must be from 2000-01-01 to 2026-11-30T21:00:00.000Z (the close of the current session: an observation belongs to a session that has begun)";
      expect(
        errorsOf(
          csv(
            "mem_ddr5_16gb,3,0001-01-01,acme,",
            "mem_ddr5_16gb,3,9999-12-31,acme,",
            "mem_ddr5_16gb,3,2027-01-04,acme,",
            "mem_ddr5_16gb,3,2026-11-30T21:00:01Z,acme,",
            "mem_ddr5_16gb,3,1999-12-31T23:59:59Z,acme,",
          ),
        ),
      ).toEqual([
        `line 2, field 'observedAt': ${bounds}; got '0001-01-01'`,
        `line 3, field 'observedAt': ${bounds}; got '9999-12-31'`,
        `line 4, field 'observedAt': ${bounds}; got '2027-01-04'`,
        `line 5, field 'observedAt': ${bounds}; got '2026-11-30T21:00:01Z'`,
        `line 6, field 'observedAt': ${bounds}; got '1999-12-31T23:59:59Z'`,
      ]);
      // Monday's session (the current one on a Sunday) and its close are accepted.
      expect(csv("mem_ddr5_16gb,3,2026-11-30,acme,", "mem_ddr5_16gb,3,2000-01-03,acme,").ok).toBe(
        true,
      );
    });

    it("refuses text over its length and quotes only the start of a long value", () => {
      const citation = "x".repeat(50_000_000 / 1_000);
      const type = "y".repeat(5_000);
      expect(
        errorsOf(csv(`mem_ddr5_16gb,3,2026-11-02,acme,${citation}`, `${type},3,2026-11-02,acme,`)),
      ).toEqual([
        "line 2, field 'citation': is 50,000 characters; at most 1,000",
        `line 3, field 'type': '${"y".repeat(80)}…' (5,000 characters) is neither a memory type id nor an exact name (see GET /api/memory-types)`,
      ]);
      expect(csv(`mem_ddr5_16gb,3,2026-11-02,acme,${"c".repeat(1_000)}`).ok).toBe(true);
    });

    it("says which row has a field too many, not that the file holds no row", () => {
      expect(errorsOf(csv("mem_ddr5_16gb,3,2026-11-02,acme,,extra"))).toEqual([
        "line 2: has 6 field(s); the header has 5",
      ]);
    });

    it("refuses a JSON price of 1e999 as not finite, not as missing", () => {
      const parsed = parseMemoryImportJson(
        '[{"type":"mem_ddr5_16gb","price":1e999,"observedAt":"2026-11-02","source":"acme"}]',
        at(),
      );
      expect(
        parsed.ok ? [] : parsed.errors.map((error) => describeImportError(error, "json")),
      ).toEqual([
        "row 1, field 'price': must be a finite number of USD greater than 0; got '1e999'",
      ]);
    });

    it("refuses a huge finite price as out of range, not as not finite", () => {
      expect(errorsOf(csv("mem_ddr5_16gb,1e308,2026-11-02,acme,"))).toEqual([
        "line 2, field 'price': 1e308 is outside the plausible range of a USD per chip price (0.001 to 1,000 USD); check the decimal point and the unit",
      ]);
    });
  });

  it("splits CSV into the same records wherever the text is cut into pieces", () => {
    // Quoted fields with commas, doubled quotes and line breaks, a quote inside an unquoted
    // field, text after a closing quote, CRLF, a lone CR, a blank line and a byte-order mark.
    const text =
      '\uFEFFa,b,c\r\n"x, ""y""",plain "q" text,"multi\nline"\n\n"ab"cd,,last\rend,"",""""\r\n';
    const expected: CsvSplitRecord[] = [
      { line: 1, fields: ["a", "b", "c"] },
      { line: 2, fields: ['x, "y"', 'plain "q" text', "multi\nline"] },
      { line: 5, fields: ["abcd", "", "last"] },
      { line: 6, fields: ["end", "", '"'] },
    ];
    const split = (pieces: string[]) => {
      const splitter = new CsvSplitter();
      const records = pieces.flatMap((piece) => splitter.push(piece));
      const rest = splitter.end();
      return Array.isArray(rest) ? [...records, ...rest] : rest;
    };
    expect(split([text])).toEqual(expected);
    for (let cut = 0; cut <= text.length; cut++)
      for (let second = cut; second <= text.length; second++)
        expect(split([text.slice(0, cut), text.slice(cut, second), text.slice(second)])).toEqual(
          expected,
        );
  });
});
