import { gpuMarket } from "./gpu/market";
import { llmCodingMarket } from "./llm-coding/market";
import { neocloudMarket } from "./neocloud/market";
import { tokenMarket } from "./token/market";
import { workloadMarket } from "./workload/market";

/**
 * The markets this service serves, in the order of the reference: their routes, tools, chat
 * subjects, commands and website procedures follow this order. Adding a market is one folder
 * under markets/ and one line here (docs/architecture.md, "Adding a market").
 */
export const MARKETS = [
  tokenMarket,
  gpuMarket,
  workloadMarket,
  llmCodingMarket,
  neocloudMarket,
] as const;
