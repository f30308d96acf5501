import type { WinsorBounds } from "@tpi/domain";
import { winsorBoundsFrom, type Env } from "../env";
import { createOpenAiCompatibleModel, type ChatModel } from "./model-backend";

/** The chat's settings: the optional model backend (only with CHAT_LLM_BASE_URL) and the GPU method's bounds it explains. */
export function chatSettingsFrom(env: Env): { model?: ChatModel; winsor: WinsorBounds } {
  const model = env.CHAT_LLM_BASE_URL
    ? createOpenAiCompatibleModel({
        baseUrl: env.CHAT_LLM_BASE_URL,
        model: env.CHAT_LLM_MODEL,
        apiKey: env.CHAT_LLM_API_KEY,
        timeoutMs: env.CHAT_LLM_TIMEOUT_MS,
      })
    : undefined;
  return { model, winsor: winsorBoundsFrom(env) };
}
