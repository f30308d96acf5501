import { DomainError } from "@tpi/domain";
import type { ChatModel, ChatToolbox } from "../core/chat";
import { readAtMost, type BodyRead } from "../ingest/paced-http";

/**
 * An optional OpenAI-compatible chat-completions backend that answers by calling the data tools
 * (function calling): it is sent the tools' JSON schemas, asks for calls, gets each result as a
 * `tool` message and answers from them. Its numbers can only come from tool results, which the
 * chat lists as the answer's sources. Bounded: at most MODEL_ROUNDS completions (the last one may
 * not call tools) and TOOL_CALLS_PER_ROUND calls each, all within one timeout. Failures surface
 * as DomainErrors: no answer in time or no connection is 503 `unavailable`; an error status or an
 * unusable reply is 502 `bad_gateway`.
 */
export type ChatModelSettings = {
  /** What the service knows about (`chatScope`): the model is told to answer only that. */
  scope: string;
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** For the whole exchange, every round and tool call included. */
  timeoutMs: number;
};

/** Completions per question: up to MODEL_ROUNDS - 1 rounds of tool calls, then an answer. */
export const MODEL_ROUNDS = 4;
/** Tool calls run per round; more in one reply are answered with a refusal. */
export const TOOL_CALLS_PER_ROUND = 8;

const systemPrompt = (scope: string) =>
  [
    `You answer questions about ${scope}.`,
    "Get every number from the tools; never invent, estimate or recompute one.",
    "Cite each number with the date it is for and the source endpoint from the tool result (its `source.endpoint` and parameters).",
    "If a tool answers with an error, say what it says (for example that an API key or a wider plan is needed).",
    "Keep the answer short and plain. If the question is not about this data, say so without calling tools.",
  ].join(" ");

/** Upstream replies larger than this are not chat answers. */
const MAX_REPLY_BYTES = 256 * 1024;

type ToolCall = { id: string; type: "function"; function: { name: string; arguments: string } };
type AssistantMessage = { content: string | null; tool_calls?: ToolCall[] };
type Message =
  | { role: "system" | "user" | "assistant"; content: string }
  | { role: "assistant"; content: string | null; tool_calls: ToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

export function createOpenAiCompatibleModel(settings: ChatModelSettings): ChatModel {
  const endpoint = `${settings.baseUrl.replace(/\/+$/, "")}/chat/completions`;

  async function complete(
    messages: readonly Message[],
    toolbox: ChatToolbox,
    lastRound: boolean,
    deadline: AbortSignal,
  ): Promise<AssistantMessage> {
    const body = {
      model: settings.model,
      temperature: 0,
      messages,
      tools: toolbox.tools,
      // The last round must answer from what the tools returned so far.
      tool_choice: lastRound ? "none" : "auto",
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
        signal: deadline,
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
    let read: BodyRead;
    try {
      read = await readAtMost(response, MAX_REPLY_BYTES);
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
    if (read.cut) throw new DomainError("bad_gateway", "The chat model's reply was too large.");
    const message = assistantMessageOf(new TextDecoder().decode(read.bytes));
    if (message === undefined)
      throw new DomainError("bad_gateway", "The chat model's reply was not a chat completion.");
    return message;
  }

  return {
    async answer({ question, history, toolbox }) {
      const deadline = AbortSignal.timeout(settings.timeoutMs);
      const messages: Message[] = [
        { role: "system", content: systemPrompt(settings.scope) },
        ...history.map((turn) => ({ role: turn.role, content: turn.content })),
        { role: "user", content: question },
      ];
      for (let round = 1; round <= MODEL_ROUNDS; round++) {
        const message = await complete(messages, toolbox, round === MODEL_ROUNDS, deadline);
        const calls = message.tool_calls ?? [];
        if (calls.length === 0) {
          const content = message.content?.trim();
          if (!content)
            throw new DomainError(
              "bad_gateway",
              "The chat model's reply was not a chat completion.",
            );
          return content;
        }
        if (round === MODEL_ROUNDS) break;
        messages.push({ role: "assistant", content: message.content, tool_calls: calls });
        for (const [index, call] of calls.entries()) {
          const { content } =
            index < TOOL_CALLS_PER_ROUND
              ? await toolbox.call(call.function.name, call.function.arguments)
              : {
                  content: JSON.stringify({
                    error: "Bad request",
                    message: `At most ${TOOL_CALLS_PER_ROUND} tool calls are run per round.`,
                  }),
                };
          if (deadline.aborted)
            throw new DomainError(
              "unavailable",
              `The chat model did not answer within ${settings.timeoutMs} ms. Try again later.`,
            );
          messages.push({ role: "tool", tool_call_id: call.id, content });
        }
      }
      throw new DomainError(
        "bad_gateway",
        `The chat model did not answer within ${MODEL_ROUNDS} rounds of tool calls.`,
      );
    },
  };
}

/** The first choice's message: text, tool calls, or both; undefined for anything else. */
function assistantMessageOf(text: string): AssistantMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const message = (parsed as { choices?: Array<{ message?: unknown }> } | null)?.choices?.[0]
    ?.message as { content?: unknown; tool_calls?: unknown } | undefined;
  if (message === undefined || message === null || typeof message !== "object") return undefined;
  const content = typeof message.content === "string" ? message.content : null;
  // Echoed back in the next request, so normalised to the documented shape.
  const calls = Array.isArray(message.tool_calls)
    ? message.tool_calls.filter(isToolCall).map(
        (call): ToolCall => ({
          id: call.id,
          type: "function",
          function: { name: call.function.name, arguments: call.function.arguments },
        }),
      )
    : undefined;
  if (Array.isArray(message.tool_calls) && calls?.length !== message.tool_calls.length)
    return undefined;
  if ((content === null || content.trim() === "") && (calls === undefined || calls.length === 0))
    return undefined;
  return { content, ...(calls && calls.length > 0 ? { tool_calls: calls } : {}) };
}

function isToolCall(value: unknown): value is Omit<ToolCall, "type"> {
  const call = value as {
    id?: unknown;
    type?: unknown;
    function?: { name?: unknown; arguments?: unknown };
  };
  return (
    typeof call?.id === "string" &&
    (call.type === undefined || call.type === "function") &&
    typeof call.function?.name === "string" &&
    typeof call.function.arguments === "string"
  );
}
