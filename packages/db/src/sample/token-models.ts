import type { LabId } from "@tpi/domain";

/**
 * The sample universe: models per author with list prices resembling each lab's published prices
 * (USD per million tokens), launch and retirement days, base daily volume and yearly trend. It
 * takes the shape of OpenRouter's data: `modelId` is the model list's public slug (`:free` for a
 * free variant), and the rankings name the model by its permaslug, the public slug dated with its
 * release (`anthropic/claude-sonnet-4` -> `anthropic/claude-sonnet-4-20250522`). A few authors
 * the index does not track rank among them, as they do on OpenRouter.
 * This is SAMPLE data for demonstration and tests, not market data.
 */
export type SampleModel = {
  /** The public slug (the model list's `id`). */
  modelId: string;
  /** The slug's author: a tracked lab, or one the index ignores. */
  author: LabId | UntrackedAuthor;
  inputPricePerMtok: number;
  outputPricePerMtok: number;
  /** First UTC day with volume (defaults to the start of the sample). */
  launchedOn?: string;
  /** Last UTC day with volume. */
  retiredAfter?: string;
  /** Typical daily tokens (input + output) at launch ramp completion, in billions. */
  baseDailyBillions: number;
  /** Continuous yearly growth rate of volume (0.6 = +82%/year; negative for fading models). */
  yearlyTrend: number;
  /** Price cuts: from this day on, both prices are multiplied by `factor`. */
  priceCuts?: readonly { from: string; factor: number }[];
};

/** Authors that rank among the top models but that the index does not track. */
export type UntrackedAuthor = "x-ai" | "nousresearch" | "cohere";

const m = (
  lab: LabId | UntrackedAuthor,
  name: string,
  input: number,
  output: number,
  baseDailyBillions: number,
  yearlyTrend: number,
  extra: Partial<SampleModel> = {},
): SampleModel => ({
  modelId: `${lab}/${name}`,
  author: lab,
  inputPricePerMtok: input,
  outputPricePerMtok: output,
  baseDailyBillions,
  yearlyTrend,
  ...extra,
});

export const SAMPLE_START_DAY = "2025-04-01";

export const SAMPLE_MODELS: readonly SampleModel[] = [
  m("anthropic", "claude-3.7-sonnet", 3, 15, 18, -0.4, { retiredAfter: "2025-12-31" }),
  m("anthropic", "claude-sonnet-4", 3, 15, 25, 0.1, { launchedOn: "2025-05-22" }),
  m("anthropic", "claude-sonnet-4.5", 3, 15, 30, 0.5, { launchedOn: "2025-09-29" }),
  m("anthropic", "claude-opus-4.1", 15, 75, 2, -0.2, { launchedOn: "2025-08-05" }),
  m("anthropic", "claude-opus-4.5", 5, 25, 6, 0.6, { launchedOn: "2025-11-24" }),
  m("anthropic", "claude-haiku-4.5", 1, 5, 8, 0.6, { launchedOn: "2025-10-15" }),
  m("anthropic", "claude-3.5-haiku", 0.8, 4, 4, -0.3),

  m("openai", "gpt-4o", 2.5, 10, 10, -0.3),
  m("openai", "gpt-4o-mini", 0.15, 0.6, 20, 0),
  m("openai", "gpt-4.1", 2, 8, 12, 0.1, { launchedOn: "2025-04-14" }),
  m("openai", "gpt-4.1-mini", 0.4, 1.6, 10, 0.2, { launchedOn: "2025-04-14" }),
  m("openai", "o3", 10, 40, 3, 0.2, {
    launchedOn: "2025-04-16",
    priceCuts: [{ from: "2025-06-10", factor: 0.2 }],
  }),
  m("openai", "gpt-5", 1.25, 10, 25, 0.6, { launchedOn: "2025-08-07" }),
  m("openai", "gpt-5-mini", 0.25, 2, 15, 0.6, { launchedOn: "2025-08-07" }),
  m("openai", "gpt-oss-120b", 0.1, 0.5, 10, 0.5, { launchedOn: "2025-08-05" }),
  m("openai", "gpt-oss-20b:free", 0, 0, 4, 0.3, { launchedOn: "2025-08-05" }),

  m("google", "gemini-2.0-flash-001", 0.1, 0.4, 25, -0.2),
  m("google", "gemini-2.5-pro", 1.25, 10, 20, 0.3, { launchedOn: "2025-06-17" }),
  m("google", "gemini-2.5-flash", 0.3, 2.5, 30, 0.4, { launchedOn: "2025-06-17" }),
  m("google", "gemini-2.5-flash-lite", 0.1, 0.4, 10, 0.5, { launchedOn: "2025-07-22" }),
  m("google", "gemini-3-pro-preview", 2, 12, 12, 0.8, { launchedOn: "2025-11-18" }),
  m("google", "gemma-3-27b-it", 0.09, 0.17, 3, 0.2),
  m("google", "gemini-2.0-flash-exp:free", 0, 0, 6, -0.5),

  m("deepseek", "deepseek-chat-v3-0324", 0.27, 1.1, 20, -0.4, {
    priceCuts: [{ from: "2025-09-05", factor: 0.8 }],
  }),
  m("deepseek", "deepseek-r1-0528", 0.5, 2.15, 8, 0, { launchedOn: "2025-05-28" }),
  m("deepseek", "deepseek-chat-v3.1", 0.27, 1, 15, 0.3, { launchedOn: "2025-08-21" }),
  m("deepseek", "deepseek-v3.2-exp", 0.27, 0.41, 12, 0.6, { launchedOn: "2025-09-29" }),
  m("deepseek", "deepseek-chat-v3-0324:free", 0, 0, 10, -0.5),

  m("minimax", "minimax-01", 0.2, 1.1, 1, -0.2),
  m("minimax", "minimax-m1", 0.4, 2.2, 1.5, 0, { launchedOn: "2025-06-17" }),
  m("minimax", "minimax-m2", 0.3, 1.2, 12, 0.5, { launchedOn: "2025-10-27" }),

  m("xiaomi", "mimo-vl-7b-rl", 0.05, 0.2, 0.6, 0),
  m("xiaomi", "mimo-v2-flash", 0.1, 0.3, 2, 0.6),
  m("xiaomi", "mimo-v2-pro", 0.4, 1.6, 3, 0.7, { launchedOn: "2026-03-02" }),

  m("qwen", "qwen-max", 1.6, 6.4, 1, -0.3),
  m("qwen", "qwen3-235b-a22b", 0.13, 0.6, 6, 0.2, { launchedOn: "2025-04-28" }),
  m("qwen", "qwen3-30b-a3b", 0.06, 0.22, 3, 0.2, { launchedOn: "2025-04-28" }),
  m("qwen", "qwen3-coder", 0.22, 0.95, 10, 0.5, { launchedOn: "2025-07-22" }),
  m("qwen", "qwen3-max", 1.2, 6, 2, 0.3, { launchedOn: "2025-09-05" }),
  m("qwen", "qwen3-coder:free", 0, 0, 5, 0, { launchedOn: "2025-07-22" }),

  m("moonshotai", "kimi-dev-72b", 0.29, 1.15, 0.5, -0.2, { launchedOn: "2025-06-16" }),
  m("moonshotai", "kimi-k2", 0.6, 2.5, 8, 0, {
    launchedOn: "2025-07-11",
    priceCuts: [{ from: "2025-09-05", factor: 0.7 }],
  }),
  m("moonshotai", "kimi-k2-0905", 0.39, 1.9, 6, 0.3, { launchedOn: "2025-09-05" }),
  m("moonshotai", "kimi-k2-thinking", 0.6, 2.5, 4, 0.6, { launchedOn: "2025-11-06" }),

  m("z-ai", "glm-4-32b", 0.1, 0.1, 0.5, -0.2),
  m("z-ai", "glm-4.5", 0.35, 1.55, 5, 0.1, { launchedOn: "2025-07-28" }),
  m("z-ai", "glm-4.5-air", 0.2, 1.1, 3, 0.2, { launchedOn: "2025-07-28" }),
  m("z-ai", "glm-4.6", 0.6, 2.2, 10, 0.6, { launchedOn: "2025-09-30" }),
  m("z-ai", "glm-4.5-air:free", 0, 0, 4, 0, { launchedOn: "2025-07-28" }),

  m("mistralai", "mistral-nemo", 0.02, 0.04, 3, -0.1),
  m("mistralai", "mistral-large-2411", 2, 6, 1, -0.3),
  m("mistralai", "mistral-medium-3", 0.4, 2, 2, 0.2, { launchedOn: "2025-05-07" }),
  m("mistralai", "mistral-small-3.2-24b-instruct", 0.06, 0.18, 4, 0.3, {
    launchedOn: "2025-06-20",
  }),
  m("mistralai", "codestral-2508", 0.3, 0.9, 3, 0.4, { launchedOn: "2025-08-01" }),

  m("meta-llama", "llama-3.1-8b-instruct", 0.02, 0.03, 5, -0.1),
  m("meta-llama", "llama-3.3-70b-instruct", 0.13, 0.39, 8, -0.1, {
    priceCuts: [{ from: "2025-09-01", factor: 0.75 }],
  }),
  m("meta-llama", "llama-4-maverick", 0.15, 0.6, 6, 0, { launchedOn: "2025-04-05" }),
  m("meta-llama", "llama-4-scout", 0.08, 0.3, 4, 0, { launchedOn: "2025-04-05" }),

  m("x-ai", "grok-3-mini", 0.3, 0.5, 6, 0),
  m("x-ai", "grok-4", 3, 15, 8, 0.4, { launchedOn: "2025-07-09" }),
  m("x-ai", "grok-code-fast-1", 0.2, 1.5, 20, 0.5, { launchedOn: "2025-08-26" }),
  m("nousresearch", "hermes-3-llama-3.1-405b", 1, 3, 1, -0.2),
  m("nousresearch", "hermes-4-70b", 0.13, 0.4, 1.5, 0.2, { launchedOn: "2025-08-26" }),
  m("cohere", "command-a", 2.5, 10, 0.8, 0, { launchedOn: "2025-04-15" }),
];

/**
 * The permaslug the rankings use: the public slug dated with the release (the first day of the
 * sample for models released before it), the variant suffix kept.
 */
export function samplePermaslug(model: SampleModel): string {
  const colon = model.modelId.indexOf(":");
  const base = colon < 0 ? model.modelId : model.modelId.slice(0, colon);
  const variant = colon < 0 ? "" : model.modelId.slice(colon);
  const released = (model.launchedOn ?? SAMPLE_START_DAY).replaceAll("-", "");
  return `${base}-${released}${variant}`;
}
