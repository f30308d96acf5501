import type { DomainError, Result } from "@tpi/domain";
import { ok } from "@tpi/domain";
import { parseValue } from "../schemas/common";
import { chatRequestSchema, type ChatResponse } from "../schemas/chat";
import { answerQuestion } from "./engine";
import type { ChatData } from "./sources";
import type { ChatModel } from "./model-backend";

/**
 * `POST /api/chat`: validates the body, answers with the built-in engine, and when a model is
 * configured lets it phrase the same answer from the same sources. Questions outside our data
 * never reach the model. Model failures reject with a 502/503 DomainError.
 */
export async function answerChat(
  body: unknown,
  data: ChatData,
  model: ChatModel | undefined,
): Promise<Result<ChatResponse, DomainError>> {
  const request = parseValue(chatRequestSchema, body ?? {});
  if (!request.ok) return request;
  const history = request.value.history ?? [];
  const built = answerQuestion(request.value.message, history, data);
  if (!model || built.intent === "out_of_scope")
    return ok({ success: true, data: { ...built, engine: "built-in" } });
  const answer = await model.phrase({
    question: request.value.message,
    history,
    draft: built.answer,
    sources: built.sources,
  });
  return ok({ success: true, data: { ...built, answer, engine: "model" } });
}
