import { isLabId, labPrefixOfModelId, type LabId } from "../token/catalog";

/**
 * Lab and model family of an OpenRouter model permaslug. The lab is the part before the slash
 * when it is one of the token index's labs (the same list: one source of truth); any other
 * prefix has no lab here and its cells are left out of the lab aggregates.
 *
 * The family rule, on the part after the slash (a `:variant` suffix such as `:thinking` dropped,
 * split on `-`; the first part is the brand: `claude`, `gpt`, `gemini`, `o4`, `glm`):
 * 1. When the name holds tier words (the classes users of workload indices know: opus, sonnet,
 *    haiku, fable for Claude; mini, nano, pro, codex, image for GPT; flash, lite, pro, image for
 *    Gemini), the family is the brand and its tier words in the name's order, without versions:
 *    the tier is a line that goes on across versions. `claude-4.8-opus`, `claude-opus-4.1` ->
 *    `claude-opus`; `claude-4.5-sonnet-20250929` -> `claude-sonnet`; `gpt-5.1-codex-mini` ->
 *    `gpt-codex-mini`; `gemini-2.5-flash-lite` -> `gemini-flash-lite`; `o4-mini` -> `o4-mini`.
 * 2. Otherwise the model is its generation's flagship, and the family is the brand with the
 *    major version when a version follows the brand, plus the other words of the name without
 *    versions, dates and release tags (preview, exp, latest, beta): `gpt-5`, `gpt-5.1`,
 *    `gpt-5-2025-08-07` -> `gpt-5`; `gpt-5.1-chat-latest` -> `gpt-5-chat`; `glm-4.6` -> `glm-4`;
 *    `deepseek-v3.2-exp` -> `deepseek-v3`; `kimi-k2-0905` -> `kimi-k2`.
 * A version is a part of digits and dots (optionally led by `v`); a date part is all digits.
 */
export const FAMILY_TIER_WORDS: readonly string[] = [
  "opus",
  "sonnet",
  "haiku",
  "fable",
  "mini",
  "nano",
  "pro",
  "codex",
  "flash",
  "lite",
  "image",
];

const RELEASE_TAGS: readonly string[] = ["preview", "exp", "latest", "beta"];
const VERSION = /^v?\d+(\.\d+)*$/;

export type ModelClass = { lab: LabId; family: string };

/** The model's lab and family, or null when the permaslug's prefix is not one of our labs. */
export function modelClassOf(permaslug: string): ModelClass | null {
  const prefix = labPrefixOfModelId(permaslug);
  if (prefix === undefined || !isLabId(prefix)) return null;
  const family = modelFamilyOf(permaslug.slice(prefix.length + 1));
  return family === null ? null : { lab: prefix, family };
}

/** The family of a model name (the part after the lab's slash); null for an empty name. */
export function modelFamilyOf(modelName: string): string | null {
  const name = modelName.split(":")[0]?.toLowerCase() ?? "";
  const parts = name.split("-").filter((p) => p !== "");
  const [brand, ...rest] = parts;
  if (brand === undefined) return null;
  const tiers = rest.filter((p) => FAMILY_TIER_WORDS.includes(p));
  if (tiers.length > 0) return [brand, ...tiers].join("-");
  const words: string[] = [brand];
  const [next] = rest;
  if (next !== undefined && VERSION.test(next) && !/^\d{4,}$/.test(next)) {
    words.push(next.split(".")[0] ?? next);
  }
  for (const part of rest) {
    if (VERSION.test(part) || RELEASE_TAGS.includes(part)) continue;
    words.push(part);
  }
  return words.join("-");
}

/**
 * The reference service's family classes, per lab: the names its `family` takes. Our families
 * are finer (brand and tier words, `claude-sonnet`, `gpt-codex-mini`); each falls in one class of
 * its lab (`referenceClassOf`), so a class name asks for every family in it. This is the one
 * table of the mapping: every workload route and tool reads it through `resolveWorkloadFamily`.
 */
export const REFERENCE_FAMILY_CLASSES: Readonly<Partial<Record<LabId, readonly string[]>>> = {
  anthropic: ["opus", "sonnet", "haiku", "fable"],
  openai: ["flagship", "mini", "nano", "pro", "codex", "image"],
  google: ["flash", "pro", "lite", "image"],
};

/** The class of a lab's models without a tier word: its generation's flagship (`gpt-5`). */
export const FLAGSHIP_CLASS = "flagship";

/**
 * Which tier word names the class when a family holds several: the most specific first
 * (`gpt-codex-mini` is codex, `gemini-flash-lite` is lite, `gemini-flash-image` is image).
 */
const CLASS_PRECEDENCE: readonly string[] = [
  "image",
  "codex",
  "lite",
  "pro",
  "nano",
  "mini",
  "flash",
  "opus",
  "sonnet",
  "haiku",
  "fable",
];

/**
 * The reference class of one of our families of `lab`: the first class (by precedence) among
 * the family's words, else the lab's flagship class when it has one; null when the lab has no
 * reference classes or the family fits none of them.
 */
export function referenceClassOf(lab: LabId, family: string): string | null {
  const classes = REFERENCE_FAMILY_CLASSES[lab];
  if (classes === undefined) return null;
  const words = family.split("-");
  const tier = CLASS_PRECEDENCE.find((word) => classes.includes(word) && words.includes(word));
  if (tier !== undefined) return tier;
  return classes.includes(FLAGSHIP_CLASS) ? FLAGSHIP_CLASS : null;
}
