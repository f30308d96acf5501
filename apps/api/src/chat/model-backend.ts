import { DomainError } from "@tpi/domain";
import type { ChatSource } from "../schemas/chat";
import { CHAT_SCOPE } from "./answers";
import type { ChatTurn } from "./intent";

/**
 * An optional OpenAI-compatible chat-completions backend that phrases an answer from rows the
 * built-in engine already retrieved. It never fetches data itself, so it cannot add numbers the
 * sources do not hold. Failures surface as DomainErrors: no answer in time or no connection is
 * 503 `unavailable`; an error status or an unusable reply is 502 `bad_gateway`.
 */
export type ChatModelSettings = {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
};

export type ChatModel = {
  phrase(input: {
    question: string;
    history: readonly ChatTurn[];
    draft: string;
    sources: readonly ChatSource[];
  }): Promise<string>;
};

const SYSTEM_PROMPT = [
  `You answer questions about ${CHAT_SCOPE}.`,
  "Use only the numbers in the SOURCES and the DRAFT below; never invent, estimate or round them differently than the draft.",
  "Keep the answer short and plain. If the draft says data is missing, say so.",
].join(" ");

/** Upstream replies larger than this are not chat answers. */
const MAX_REPLY_BYTES = 256 * 1024;

export function createOpenAiCompatibleModel(settings: ChatModelSettings): ChatModel {
  const endpoint = `${settings.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    async phrase({ question, history, draft, sources }) {
      const body = {
        model: settings.model,
        temperature: 0,
        messages: [
          {
            role: "system",
            content: `${SYSTEM_PROMPT}\n\nSOURCES:\n${JSON.stringify(sources)}\n\nDRAFT:\n${draft}`,
          },
          ...history.map((turn) => ({ role: turn.role, content: turn.content })),
          { role: "user", content: question },
        ],
      };
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (error) {
        const timedOut =
          error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        throw new DomainError(
          "unavailable",
          timedOut
            ? `The chat model did not answer within ${settings.timeoutMs} ms. Try again later.`
            : "The chat model cannot be reached. Try again later.",
        );
      }
      let text: string;
      try {
        text = await response.text();
      } catch {
        throw new DomainError(
          "unavailable",
          `The chat model did not finish its answer within ${settings.timeoutMs} ms. Try again later.`,
        );
      }
      if (!response.ok)
        throw new DomainError(
          response.status === 429 || response.status === 503 ? "unavailable" : "bad_gateway",
          `The chat model answered with HTTP ${response.status}.`,
        );
      if (text.length > MAX_REPLY_BYTES)
        throw new DomainError("bad_gateway", "The chat model's reply was too large.");
      const content = contentOf(text);
      if (content === undefined)
        throw new DomainError("bad_gateway", "The chat model's reply was not a chat completion.");
      return content;
    },
  };
}

function contentOf(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = parsed.choices?.[0]?.message?.content;
    return typeof content === "string" && content.trim() !== "" ? content.trim() : undefined;
  } catch {
    return undefined;
  }
}
