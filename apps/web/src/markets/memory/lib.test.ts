import { MEMORY_TYPES } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import { expectedSeries } from "../../testing/expected-series";
import {
  changeDirection,
  formatMemoryChange,
  formatMemoryPrice,
  groupMemoryTypes,
  isMemoryTypeId,
  memoryHistoryToCsv,
  memoryRowProvenance,
  memorySeries,
  memoryUnitOf,
  settlementDayOf,
  type MemoryHistoryRow,
} from "./lib";

const catalogue = MEMORY_TYPES.map((type) => ({
  id: type.id,
  memory_type: type.name,
  category: type.category,
}));

const row = (date: string, price: number, extra: Partial<MemoryHistoryRow> = {}) => ({
  date,
  price,
  changePct: null,
  weeklyHigh: null,
  weeklyLow: null,
  sourceUpdatedAt: null,
  sources: [],
  sample: false,
  ...extra,
});

describe("memory ids", () => {
  it("knows the catalogue's frozen ids only, exactly as spelt", () => {
    expect(isMemoryTypeId("mem_ddr5_16gb")).toBe(true);
    expect(isMemoryTypeId("MEM_DDR5_16GB")).toBe(false);
    expect(isMemoryTypeId("DDR5 16Gb (2Gx8) 4800/5600")).toBe(false);
  });
});

describe("groupMemoryTypes", () => {
  it("groups the 14 types as DRAM (7), NAND flash (4) and modules (3), in the api's order", () => {
    const groups = groupMemoryTypes(catalogue);
    expect(groups.map((group) => [group.category, group.entries.length])).toEqual([
      ["dram", 7],
      ["flash", 4],
      ["module", 3],
    ]);
    expect(groups[0]?.entries[0]?.id).toBe("mem_ddr3_4gb");
    expect(groups[2]?.heading).toBe("Memory modules");
  });

  it("keeps a category it does not know in a group of its own, after the known ones", () => {
    const groups = groupMemoryTypes([...catalogue, { id: "x", memory_type: "X", category: "hbm" }]);
    expect(groups.at(-1)).toMatchObject({ category: "hbm", heading: "hbm", text: "" });
  });
});

describe("memory formats and units", () => {
  it("prints prices to the tenth of a cent and changes signed", () => {
    expect(formatMemoryPrice(2.5)).toBe("$2.500");
    expect(formatMemoryPrice(1234.5678)).toBe("$1,234.568");
    expect(formatMemoryPrice(null)).toBe("n/a");
    expect(formatMemoryChange(1.234)).toBe("+1.23%");
    expect(formatMemoryChange(-0.5)).toBe("\u22120.50%");
    expect(formatMemoryChange(null)).toBe("n/a");
    expect(changeDirection(0.004)).toBe("flat");
    expect(changeDirection(-0.01)).toBe("down");
  });

  it("prices chips per chip and modules per module", () => {
    expect(memoryUnitOf("dram")).toBe("USD per chip");
    expect(memoryUnitOf("flash")).toBe("USD per chip");
    expect(memoryUnitOf("module")).toBe("USD per module");
  });

  it("reads a settlement's day from a day or its 4 PM New York instant", () => {
    expect(settlementDayOf("2026-11-24")).toBe("2026-11-24");
    expect(settlementDayOf("2026-11-24T21:00:00.000Z")).toBe("2026-11-24");
    expect(settlementDayOf("2026-08-21T20:00:00.000Z")).toBe("2026-08-21");
  });

  it("charts one USD series of the settled prices, by day", () => {
    expect(
      memorySeries("DDR5", [row("2026-11-23T21:00:00.000Z", 7.5), row("2026-11-24", 7.6)]),
    ).toEqual([
      expectedSeries("price", "DDR5", [
        ["2026-11-23", 7.5],
        ["2026-11-24", 7.6],
      ]),
    ]);
  });
});

describe("memoryHistoryToCsv", () => {
  const dataSources = {
    sources: [
      { source: "dramx-file", citation: "Prices: DRAMx, 2026." },
      { source: "broker-file", citation: "Broker quotes." },
      { source: "other", citation: null },
    ],
  };

  it("writes each settled day with its sample flag, its sources and their citations, CRLF", () => {
    const csv = memoryHistoryToCsv(
      [
        row("2026-11-23", 7.5, { sources: ["dramx-file"], weeklyHigh: 7.7, weeklyLow: 7.1 }),
        row("2026-11-24", 7.6, {
          changePct: 1.333,
          sourceUpdatedAt: "2026-11-24T20:30:00.000Z",
          sources: ["dramx-file", "broker-file", "other"],
          sample: true,
        }),
      ],
      (one) => memoryRowProvenance(dataSources, one),
    );
    expect(csv).toBe(
      "date,price,changePct,weeklyHigh,weeklyLow,sourceUpdatedAt,sample,source,citation\r\n" +
        '2026-11-23,7.5,,7.7,7.1,,false,dramx-file,"Prices: DRAMx, 2026."\r\n' +
        '2026-11-24,7.6,1.333,,,2026-11-24T20:30:00.000Z,true,dramx-file+broker-file+other,"Prices: DRAMx, 2026. Broker quotes."\r\n',
    );
  });

  it("is the header alone without rows", () => {
    expect(memoryHistoryToCsv([], () => ({ sample: false, source: "", citation: "" }))).toBe(
      "date,price,changePct,weeklyHigh,weeklyLow,sourceUpdatedAt,sample,source,citation\r\n",
    );
  });
});
