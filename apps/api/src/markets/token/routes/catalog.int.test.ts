import { describe, expect, it } from "vitest";
import { expectSuccess } from "../../../testing/answers";
import { closedAfterFile } from "../../../testing/file-fixtures";
import { bearer, startTestApi } from "../../../testing/test-api";

const api = closedAfterFile(await startTestApi({ now: new Date("2026-11-22T12:00:00Z") }));

describe("lab catalogs", () => {
  it("GET /api/token-types lists all 11 labs in catalog order with labels and the free flag", async () => {
    await expectSuccess(api.get("/api/token-types"), {
      data: [
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
      ],
    });
  });

  it("GET /api/token-types-free lists the four free labs, the same for every caller", async () => {
    const expected = {
      success: true,
      access: "free-tier",
      data: [
        { lab: "anthropic", label: "Anthropic" },
        { lab: "openai", label: "OpenAI" },
        { lab: "google", label: "Google" },
        { lab: "deepseek", label: "DeepSeek" },
      ],
    };
    const { key } = await api.createKey("full");
    expect((await api.get("/api/token-types-free")).body).toEqual(expected);
    expect((await api.get("/api/token-types-free", bearer(key))).body).toEqual(expected);
  });

  it("rejects parameters the catalogs do not take", async () => {
    const res = await api.get("/api/token-types?lab=openai");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Bad request", message: expect.stringContaining("'lab'") });
  });
});
