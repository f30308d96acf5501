import { describe, expect, it } from "vitest";
import { LLM_CODING_PATHS } from "./llm-coding/lib";
import { MEMORY_PATHS } from "./memory/lib";

/** Each market with a page and a CSV per series names them after itself, through the kit. */
describe.each([
  {
    market: "memory",
    paths: MEMORY_PATHS,
    id: "mem_ddr5_16gb",
    page: "/memory/mem_ddr5_16gb",
    csv: "/memory/mem_ddr5_16gb/history.csv",
    file: "tpi-memory-mem_ddr5_16gb-2026-10-01-to-2026-11-20.csv",
  },
  {
    market: "llm-coding",
    paths: LLM_CODING_PATHS,
    id: "cc-prs",
    page: "/llm-coding/cc-prs",
    csv: "/llm-coding/cc-prs/history.csv",
    file: "tpi-llm-coding-cc-prs-2026-10-01-to-2026-11-20.csv",
  },
])("$market paths", ({ paths, id, page, csv, file }) => {
  it("names a series' page, its CSV and the CSV's file", () => {
    expect(paths.pathOf(id)).toBe(page);
    expect(paths.csvPathOf(id)).toBe(csv);
    expect(paths.csvFileName(id, "2026-10-01", "2026-11-20")).toBe(file);
  });
});
