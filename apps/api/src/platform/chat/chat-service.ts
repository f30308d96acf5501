import type { DomainError, Result } from "@tpi/domain";
import { ok } from "@tpi/domain";
import type { Market } from "../core/market";
import { parseValue } from "../http/input";
import type { ChatModel, ChatScope, ChatSource, ChatToolbox } from "../core/chat";
import { chatRequestSchema, type ChatResponse } from "./schemas";
import { answerQuestion } from "./engine";

/** The configured model and the data tools it may call for this caller (recording what it used). */
export type ChatBackend = {
  model: ChatModel;
  toolbox: ChatToolbox & { sources(): ChatSource[] };
};

/**
 * `POST /api/chat`: validates the body and answers with the built-in engine, or, when a model is
 * configured, lets the model answer by calling the data tools with the caller's access; the tool
 * results it was given are the sources. Questions outside our data never reach the model. Model
 * failures reject with a 502/503 DomainError.
 */
export async function answerChat(
  body: unknown,
  markets: readonly Market[],
  scope: ChatScope,
  backend: ChatBackend | undefined,
): Promise<Result<ChatResponse, DomainError>> {
  const request = parseValue(chatRequestSchema, body ?? {});
  if (!request.ok) return request;
  const history = request.value.history ?? [];
  const built = await answerQuestion(request.value.message, history, markets, scope);
  if (!backend || built.intent === "out_of_scope" || built.intent === "invalid_date")
    return ok({ success: true, data: { ...built, engine: "built-in" } });
  const answer = await backend.model.answer({
    question: request.value.message,
    history,
    toolbox: backend.toolbox,
  });
  return ok({
    success: true,
    data: {
      answer,
      sources: backend.toolbox.sources(),
      intent: built.intent,
      engine: "model",
      notices: built.notices,
    },
  });
}
