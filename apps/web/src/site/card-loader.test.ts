import { describe, expect, it } from "vitest";
import { gpuCardPath } from "../markets/gpu/card";
import { MEMORY_CARD } from "../markets/memory/card";
import { NEOCLOUD_CARD } from "../markets/neocloud/card";
import { labCardPath } from "../markets/token/card";
import { WORKLOAD_CARD_PATH } from "../markets/workload/card";
import { cardLoaderOf } from "./card-loader";

describe("card addresses", () => {
  it("names the home, lab, GPU and market cards, each from its market's entry, and nothing else", () => {
    for (const path of [
      "/og/home",
      "/og/labs/anthropic",
      "/og/gpus/H100%20SXM",
      "/og/gpus/H100 SXM",
      WORKLOAD_CARD_PATH,
      MEMORY_CARD.path,
      NEOCLOUD_CARD.path,
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
