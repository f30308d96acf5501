import { describe, expect, it } from "vitest";
import { WORKLOAD_CARD_PATH, workloadCard } from "../markets/workload/card";
import { MEMORY_CARD_PATH, memoryCard } from "../markets/memory/card";
import { NEOCLOUD_CARD_PATH, neocloudCard } from "../markets/neocloud/card";
import { cardLoaderOf } from "./card-loader";
import { cardText, gpuCard, gpuCardPath, homeCard, labCard, labCardPath } from "./social-card";

describe("card addresses", () => {
  it("names the home, lab, GPU and market cards, each from its market's entry, and nothing else", () => {
    for (const path of [
      "/og/home",
      "/og/labs/anthropic",
      "/og/gpus/H100%20SXM",
      "/og/gpus/H100 SXM",
      WORKLOAD_CARD_PATH,
      MEMORY_CARD_PATH,
      NEOCLOUD_CARD_PATH,
      labCardPath("openai"),
      gpuCardPath("RTX PRO 6000 WS"),
    ])
      expect(cardLoaderOf(path.split("/").slice(2)), path).toBeTypeOf("function");
    for (const wrong of [
      ["workload", "x"],
      ["memory", "mem_ddr5_16gb"],
      ["neocloud", "x"],
      [],
      ["home", "x"],
      ["labs", "Anthropic"],
      ["labs"],
      ["gpus", "H100"],
      ["gpus", "%E0%A4%A"],
      ["x"],
    ])
      expect(cardLoaderOf(wrong), wrong.join("/")).toBeUndefined();
  });
});

describe("card contents", () => {
  it("shows a free lab's latest value with its day, and marks the sample", () => {
    const card = labCard("anthropic", { date: "2026-11-20", indexPerMtok: 6.25 }, true);
    expect(card.value).toBe("$6.2500");
    expect(cardText(card)).toBe(
      "Anthropic token price index (sample data): $6.2500, USD per million tokens on 20 Nov 2026 (UTC). Sample data, not market prices.",
    );
    // Market data: no mark in the title.
    expect(labCard("anthropic", { date: "2026-11-20", indexPerMtok: 6.25 }, false).title).toBe(
      "Anthropic token price index",
    );
  });

  it("never shows a keyed lab's or GPU's value, even when handed one", () => {
    const lab = labCard("minimax", { date: "2026-11-20", indexPerMtok: 1.5 }, false);
    expect(cardText(lab)).not.toContain("$");
    expect(lab.value).toBe("With an API key");
    const gpu = gpuCard(
      "RTX PRO 6000 WS",
      { timestamp: "2026-11-20T21:00:00.000Z", value: 2 },
      false,
    );
    expect(cardText(gpu)).not.toContain("$");
  });

  it("names the Workload Cost index's latest week and that a key reads it, never a value", () => {
    const card = workloadCard("2026-11-15", true);
    expect(cardText(card)).toBe(
      "What a coding-agent session costs (sample data): With an API key, US cents per coding-agent session, per lab and model family, latest week ending 15 Nov 2026 (UTC). Sample data, not market prices.",
    );
    expect(workloadCard(null, false).detail).toBe(
      "US cents per coding-agent session, per lab and model family",
    );
  });

  it("names the Memory section, its unit and that a key reads it, never a value", () => {
    expect(cardText(memoryCard(true))).toBe(
      "Memory spot prices: DRAM, NAND flash and modules (sample data): With an API key, USD per chip or module, settled at 4 PM New York on trading days. Sample data, not market prices.",
    );
    expect(cardText(memoryCard(false))).not.toMatch(/\d\.\d|\$/);
  });

  it("says what the Neo-Cloud Sites dataset holds and who reads it, never a site or a number", () => {
    expect(cardText(neocloudCard(true))).toBe(
      "Where the neo-clouds' AI data centres are (sample data): With the Full plan, Sites, GPUs, power capacity (MW) and dates, from Epoch AI's data. Sample data, not market prices.",
    );
    expect(neocloudCard(false).title).toBe("Where the neo-clouds' AI data centres are");
  });

  it("lists the free labs on the home card in catalog order", () => {
    const card = homeCard(
      {
        date: "2026-11-20",
        rows: [
          { lab: "openai", date: "2026-11-20", indexPerMtok: 3, computedAt: "" },
          { lab: "anthropic", date: "2026-11-20", indexPerMtok: 6, computedAt: "" },
        ] as never,
      },
      false,
    );
    expect(card.rows).toEqual([
      { label: "Anthropic", value: "$6.0000" },
      { label: "OpenAI", value: "$3.0000" },
    ]);
    expect(homeCard(undefined, false).value).toBe("No settled day yet");
  });
});
