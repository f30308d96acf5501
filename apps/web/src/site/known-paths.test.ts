import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  FREE_TIER_GPU_NAMES,
  GPU_NAMES,
  LAB_IDS,
  LLM_CODING_PRODUCT_IDS,
  MEMORY_TYPE_IDS,
} from "@tpi/domain";
import { describe, expect, it } from "vitest";
import { gpuPathOf } from "../markets/gpu/paths";
import { TOP_LEVEL_SEGMENTS, isKnownPath, servable } from "./known-paths";
import { publicPagePaths } from "./site-pages";

describe("isKnownPath (which addresses proxy.ts sends to the server-rendered 404)", () => {
  it("knows every public page, each lab and each GPU", () => {
    for (const path of publicPagePaths()) expect(isKnownPath(path), path).toBe(true);
    for (const lab of LAB_IDS) expect(isKnownPath(`/labs/${lab}/history.csv`)).toBe(true);
    expect(isKnownPath(gpuPathOf(FREE_TIER_GPU_NAMES[0] ?? GPU_NAMES[0] ?? ""))).toBe(true);
    for (const path of ["/robots.txt", "/sitemap.xml", "/icon.svg", "/revalidate"])
      expect(isKnownPath(path), path).toBe(true);
  });

  it("does not know an unknown lab, an unknown GPU, a malformed escape or an unknown section", () => {
    for (const path of [
      "/labs/unknown",
      "/labs/not-a-lab",
      "/gpus/H300",
      "/gpus/%E0%A4%A",
      "/no/such/page",
      "/wp-login.php",
      "/page-not-found",
      "/page-unavailable",
    ])
      expect(isKnownPath(path), path).toBe(false);
  });

  it("knows each LLM Coding product's page and CSV, and no other product", () => {
    for (const product of LLM_CODING_PRODUCT_IDS) {
      expect(isKnownPath(`/llm-coding/${product}`), product).toBe(true);
      expect(isKnownPath(`/llm-coding/${product}/history.csv`), product).toBe(true);
    }
    for (const path of ["/llm-coding/not-a-product", "/llm-coding/CC-PRS", "/llm-coding/%E0%A4%A"])
      expect(isKnownPath(path), path).toBe(false);
  });

  it("knows the Memory page, each memory type's page and CSV, and no other type", () => {
    expect(isKnownPath("/memory")).toBe(true);
    expect(MEMORY_TYPE_IDS).toHaveLength(14);
    for (const id of MEMORY_TYPE_IDS) {
      expect(isKnownPath(`/memory/${id}`), id).toBe(true);
      expect(isKnownPath(`/memory/${id}/history.csv`), id).toBe(true);
    }
    for (const path of ["/memory/mem_ddr9_1tb", "/memory/MEM_DDR5_16GB", "/memory/%E0%A4%A"])
      expect(isKnownPath(path), path).toBe(false);
  });

  it("lists every route directory of the app, so that a new page is not answered 404", () => {
    const appDir = fileURLToPath(new URL("../../app", import.meta.url));
    const routeDirs = readdirSync(appDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !/^[[(_@]/.test(entry.name))
      .map((entry) => entry.name);
    for (const dir of routeDirs) expect(TOP_LEVEL_SEGMENTS, dir).toContain(dir);
  });

  it("lists every file of public/, which Next serves at the site's root", () => {
    const publicDir = fileURLToPath(new URL("../../public", import.meta.url));
    const files = readdirSync(publicDir);
    expect(files).toContain("chart.js");
    for (const file of files) expect(isKnownPath(`/${file}`), file).toBe(true);
  });
});

describe("which requests wait for the api's database", () => {
  it("without its database, the api still serves every page but lab pages, accounts and releases", () => {
    for (const path of ["/", "/gpus", "/gpus/H100%20SXM", "/labs", "/docs", "/og/labs/anthropic"])
      expect(servable(path, "without-database"), path).toBe(true);
    for (const path of [
      "/labs/anthropic",
      "/labs/anthropic/view",
      "/labs/anthropic/history.csv",
      "/account",
      "/account/do/sign-in",
      "/downloads",
    ])
      expect(servable(path, "without-database"), path).toBe(false);
    expect(servable("/labs/anthropic", "answering")).toBe(true);
    expect(servable("/", "down")).toBe(false);
    expect(servable("/status", "down")).toBe(true);
  });
});
