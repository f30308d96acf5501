import { describe, expect, it } from "vitest";
import type { BulkColumn } from "./bulk";
import {
  itemOfRow,
  joinSources,
  provenanceOfRow,
  rowOfItem,
  sourcesOfRows,
  splitSources,
} from "./bulk-fields";

const column = (name: string): BulkColumn => ({
  name,
  type: "string",
  nullable: true,
  description: name,
});
const provenance = {
  source: "acme",
  asOf: "2026-01-02T00:00:00.000Z",
  sample: false,
  basis: "reported",
  methodologyVersion: "1.0",
  citation: "Acme",
};

describe("bulk fields", () => {
  it("writes the columns' fields in column order, null where absent, then the provenance", () => {
    const fields = { columns: [column("b"), column("a"), column("c")] };
    expect(Object.entries(rowOfItem(fields, { a: 1, b: "x", d: true }, provenance))).toEqual([
      ["b", "x"],
      ["a", 1],
      ["c", null],
      ...Object.entries(provenance),
    ]);
  });

  it("reads a row back as the item, JSON text parsed, provenance apart", () => {
    const fields = { columns: [column("id"), column("list")], jsonText: ["list"] };
    const row = rowOfItem(fields, { id: "s1", list: [1, { x: 2 }] }, provenance);
    expect(row.list).toBe('[1,{"x":2}]');
    expect(itemOfRow(fields, row)).toEqual({ id: "s1", list: [1, { x: 2 }] });
    expect(provenanceOfRow(row)).toEqual(provenance);
  });

  it("names each source once, as of its newest row", () => {
    const fields = { columns: [column("id")] };
    const rows = [
      rowOfItem(fields, { id: "1" }, provenance),
      rowOfItem(
        fields,
        { id: "2" },
        { ...provenance, asOf: "2026-01-03T00:00:00.000Z", citation: "Acme 3" },
      ),
    ];
    expect(sourcesOfRows(rows, () => null)).toEqual([
      {
        source: "acme",
        sample: false,
        asOf: "2026-01-03T00:00:00.000Z",
        citation: "Acme 3",
        licence: null,
      },
    ]);
  });

  it("joins and splits a value's sources", () => {
    expect(joinSources(["acme", "beta"])).toBe("acme;beta");
    expect(splitSources("acme;beta")).toEqual(["acme", "beta"]);
    expect(splitSources(joinSources([]))).toEqual([]);
  });
});
