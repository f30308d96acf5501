import { describe, expect, it } from "vitest";
import { modelClassOf, modelFamilyOf, referenceClassOf } from "./models";

describe("modelClassOf", () => {
  it("maps permaslugs to the token index's labs and a family", () => {
    const cases: [string, string, string][] = [
      ["anthropic/claude-4.8-opus", "anthropic", "claude-opus"],
      ["anthropic/claude-opus-4.1", "anthropic", "claude-opus"],
      ["anthropic/claude-4.5-sonnet-20250929", "anthropic", "claude-sonnet"],
      ["anthropic/claude-3.7-sonnet:thinking", "anthropic", "claude-sonnet"],
      ["anthropic/claude-haiku-4.5", "anthropic", "claude-haiku"],
      ["openai/gpt-5", "openai", "gpt-5"],
      ["openai/gpt-5.1", "openai", "gpt-5"],
      ["openai/gpt-5-2025-08-07", "openai", "gpt-5"],
      ["openai/gpt-5.1-chat-latest", "openai", "gpt-5-chat"],
      ["openai/gpt-5-mini-2025-08-07", "openai", "gpt-mini"],
      ["openai/gpt-5.1-codex-mini", "openai", "gpt-codex-mini"],
      ["openai/gpt-4o-2024-08-06", "openai", "gpt-4o"],
      ["openai/o4-mini", "openai", "o4-mini"],
      ["google/gemini-2.5-pro", "google", "gemini-pro"],
      ["google/gemini-2.5-flash-lite-preview-09-2025", "google", "gemini-flash-lite"],
      ["z-ai/glm-4.6", "z-ai", "glm-4"],
      ["deepseek/deepseek-v3.2-exp", "deepseek", "deepseek-v3"],
      ["moonshotai/kimi-k2-0905", "moonshotai", "kimi-k2"],
    ];
    for (const [permaslug, lab, family] of cases) {
      expect(modelClassOf(permaslug), permaslug).toEqual({ lab, family });
    }
  });

  it("has no class for a lab outside the index or a malformed slug", () => {
    expect(modelClassOf("x-ai/grok-code-fast-1")).toBeNull();
    expect(modelClassOf("gpt-5")).toBeNull();
    expect(modelClassOf("openai/")).toBeNull();
    expect(modelFamilyOf("")).toBeNull();
  });
});

describe("referenceClassOf", () => {
  it("puts each of our families in one class of the reference service, the most specific tier first", () => {
    const cases: [Parameters<typeof referenceClassOf>[0], string, string | null][] = [
      ["anthropic", "claude-opus", "opus"],
      ["anthropic", "claude-sonnet", "sonnet"],
      ["anthropic", "claude-haiku", "haiku"],
      ["anthropic", "claude-fable", "fable"],
      ["openai", "gpt-5", "flagship"],
      ["openai", "gpt-4o", "flagship"],
      ["openai", "gpt-mini", "mini"],
      ["openai", "o4-mini", "mini"],
      ["openai", "gpt-nano", "nano"],
      ["openai", "gpt-pro", "pro"],
      ["openai", "gpt-codex-mini", "codex"],
      ["openai", "gpt-image", "image"],
      ["google", "gemini-flash", "flash"],
      ["google", "gemini-flash-lite", "lite"],
      ["google", "gemini-pro", "pro"],
      ["google", "gemini-flash-image", "image"],
      ["google", "gemma-3", null],
      ["qwen", "qwen3-coder", null],
    ];
    for (const [lab, family, expected] of cases)
      expect(referenceClassOf(lab, family), `${lab}/${family}`).toBe(expected);
  });
});
