import { describe, expect, it } from "vitest";
import { fieldsOf, joinSources, splitSources } from "./bulk-fields";

describe("bulk fields", () => {
  it("picks the columns' fields in column order, null where absent", () => {
    const columns = [{ name: "b" }, { name: "a" }, { name: "c" }];
    expect(Object.entries(fieldsOf({ a: 1, b: "x", d: true }, columns))).toEqual([
      ["b", "x"],
      ["a", 1],
      ["c", null],
    ]);
  });

  it("joins and splits a value's sources", () => {
    expect(joinSources(["acme", "beta"])).toBe("acme;beta");
    expect(splitSources("acme;beta")).toEqual(["acme", "beta"]);
    expect(splitSources(joinSources([]))).toEqual([]);
  });
});
