import type { MarketEntry } from "../kit/market-entry";
import { gpuMarket } from "./gpu/entry";
import { llmCodingMarket } from "./llm-coding/entry";
import { memoryMarket } from "./memory/entry";
import { neocloudMarket } from "./neocloud/entry";
import { tokenMarket } from "./token/entry";
import { workloadMarket } from "./workload/entry";

/**
 * The website's markets, in the navigation's order: the one list the site's shared parts read
 * (navigation, known paths, sitemap, footer, social cards). A new market adds one line here.
 */
export const MARKETS: readonly MarketEntry[] = [
  tokenMarket,
  gpuMarket,
  memoryMarket,
  llmCodingMarket,
  workloadMarket,
  neocloudMarket,
];
