import { describe, expect, it } from "vitest";
import type { SeriesKey } from "@tpi/db";
import { joinCitations, keysetRows } from "./dataset";

describe("keysetRows", () => {
  const stored = ["a/1", "a/2", "b/1", "b/2", "c/1"].map((key) => {
    const [series, period] = key.split("/") as [string, string];
    return { series, period };
  });
  const asked: (SeriesKey<string> | undefined)[] = [];
  const readPage = async (after: SeriesKey<string> | undefined, limit: number) => {
    asked.push(after);
    const from =
      after === undefined
        ? 0
        : stored.findIndex((row) => row.series === after.series && row.period === after.period) + 1;
    return stored.slice(from, from + limit);
  };

  it("yields every row once, in order, reading each page after the last row of the one before", async () => {
    const rows = [];
    for await (const row of keysetRows(readPage, (row) => row, 2)) rows.push(row);
    expect(rows).toEqual(stored);
    expect(asked).toEqual([undefined, stored[1], stored[3]]);
  });

  it("reads nothing once stopping is aborted", async () => {
    const stopping = new AbortController();
    stopping.abort();
    const rows = [];
    for await (const row of keysetRows(readPage, (row) => row, 2, stopping.signal)) rows.push(row);
    expect(rows).toEqual([]);
  });
});

describe("joinCitations", () => {
  it("names each citation once, in the order met, and none as null", () => {
    expect(joinCitations(["Cite A.", null, "Cite B.", undefined, "Cite A."])).toBe(
      "Cite A. Cite B.",
    );
    expect(joinCitations([null, undefined])).toBeNull();
    expect(joinCitations([])).toBeNull();
  });
});
