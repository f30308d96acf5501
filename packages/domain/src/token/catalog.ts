import { catalogueIds } from "../shared/access";

/**
 * The lab catalog: the single source of truth for lab identifiers, their display labels, their
 * order (every list and every response is ordered like this array) and the free tier.
 */
export const LAB_CATALOG = [
  { lab: "anthropic", label: "Anthropic", freeTier: true },
  { lab: "openai", label: "OpenAI", freeTier: true },
  { lab: "google", label: "Google", freeTier: true },
  { lab: "deepseek", label: "DeepSeek", freeTier: true },
  { lab: "minimax", label: "MiniMax", freeTier: false },
  { lab: "xiaomi", label: "Xiaomi", freeTier: false },
  { lab: "qwen", label: "Qwen", freeTier: false },
  { lab: "moonshotai", label: "Moonshot AI", freeTier: false },
  { lab: "z-ai", label: "Z.ai", freeTier: false },
  { lab: "mistralai", label: "Mistral AI", freeTier: false },
  { lab: "meta-llama", label: "Meta Llama", freeTier: false },
] as const;

export type LabId = (typeof LAB_CATALOG)[number]["lab"];
export const { all: LAB_IDS, freeTier: FREE_TIER_LAB_IDS } = catalogueIds(LAB_CATALOG, "lab");

/** The lab identifiers as messages list them. */
export const LAB_LIST_TEXT = LAB_IDS.join(", ");

const labPosition = new Map<string, number>(LAB_IDS.map((lab, index) => [lab, index]));

/** Exact, case-sensitive membership test. */
export function isLabId(value: string): value is LabId {
  return labPosition.has(value);
}

/** A lab's display label, as the catalog gives it (`Anthropic`). */
export function labLabel(lab: LabId): string {
  return LAB_CATALOG.find((entry) => entry.lab === lab)?.label ?? lab;
}

export function isFreeTierLab(lab: LabId): boolean {
  return FREE_TIER_LAB_IDS.includes(lab);
}

/** Position in the catalog; used to order rows of the same day. */
export function labOrder(lab: LabId): number {
  return labPosition.get(lab) ?? Number.MAX_SAFE_INTEGER;
}

/**
 * Model ids follow OpenRouter's `<lab>/<model>` convention and our lab identifiers are the same
 * prefixes, so a model's lab is the part before the first slash.
 */
export function labPrefixOfModelId(modelId: string): string | undefined {
  const slash = modelId.indexOf("/");
  return slash > 0 ? modelId.slice(0, slash) : undefined;
}
