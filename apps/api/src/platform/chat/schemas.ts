import { z } from "zod";
import { storableText } from "../http/input";
import { chatSourceSchema } from "../core/chat";

/** Limits of `POST /api/chat`; the JSON body limit (http/limits.ts) holds a full request of ASCII text. */
export const CHAT_MESSAGE_MAX_CHARS = 2_000;
export const CHAT_HISTORY_MAX_TURNS = 10;
export const CHAT_HISTORY_TURN_MAX_CHARS = 1_000;

export const chatRequestSchema = z
  .object({
    message: storableText(
      z
        .string({
          error: `'message' is required: a string of 1 to ${CHAT_MESSAGE_MAX_CHARS} characters.`,
        })
        .trim()
        .min(1, { error: "'message' must not be empty." })
        .regex(/\S/, { error: "'message' must not be empty." })
        .max(CHAT_MESSAGE_MAX_CHARS, {
          error: `'message' is longer than ${CHAT_MESSAGE_MAX_CHARS} characters.`,
        }),
      "message",
    ).meta({
      description: `The question, 1-${CHAT_MESSAGE_MAX_CHARS} characters.`,
      example: "How did the H100 SXM index change over the last 30 days?",
    }),
    history: z
      .array(
        z
          .object({
            role: z.enum(["user", "assistant"]),
            content: storableText(
              z.string().max(CHAT_HISTORY_TURN_MAX_CHARS, {
                error: `a history turn is longer than ${CHAT_HISTORY_TURN_MAX_CHARS} characters.`,
              }),
              "history.content",
            ),
          })
          .strict(),
      )
      .max(CHAT_HISTORY_MAX_TURNS, {
        error: `'history' holds more than ${CHAT_HISTORY_MAX_TURNS} turns.`,
      })
      .optional()
      .meta({
        description: `Earlier turns, oldest first, at most ${CHAT_HISTORY_MAX_TURNS} (\`role\` \`user\` or \`assistant\`, \`content\` at most ${CHAT_HISTORY_TURN_MAX_CHARS} characters); a follow-up without a lab or GPU refers to the ones named earlier.`,
      }),
  })
  .strict()
  .meta({ id: "ChatRequest" });

/** The engine's own intents; each market adds those of its own questions (its `chat.intents`). */
export const COMMON_CHAT_INTENTS = [
  "latest",
  "on_day",
  "change",
  "compare",
  "extreme",
  "mover",
  "free_tier",
  "methodology",
  "provenance",
  "invalid_date",
  "out_of_scope",
] as const;

export const chatResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      answer: z.string(),
      sources: z.array(chatSourceSchema),
      intent: z.string().meta({
        description: `What the question was understood as: ${COMMON_CHAT_INTENTS.map((intent) => `\`${intent}\``).join(", ")}, or one of a market's own questions; \`out_of_scope\` when it is not about our data.`,
        example: "change",
      }),
      notices: z.array(z.string()).meta({
        description:
          "The data notice of the markets the answer is about, also the answer's last lines: the sample notice while their data is the generated sample, else the citations their sources' licences require.",
      }),
      engine: z.enum(["built-in", "model"]).meta({
        description:
          "`built-in` answers alone; `model` when the configured model answered by calling the data tools, whose results are the sources.",
      }),
    }),
  })
  .meta({ id: "ChatResponse" });

export type ChatRequest = z.infer<typeof chatRequestSchema>;
export type ChatResponse = z.infer<typeof chatResponseSchema>;
