import { API_KEY_NAME_MAX_LENGTH } from "@tpi/domain";
import { z } from "zod";
import { storableText } from "../http/input";

/** `POST /api/create-api-key`: the request body the route validates and the bodies it answers with. */
export const createApiKeyBodySchema = z
  .object({
    // `\S`: not blank, which the document can say where it cannot say "after trimming".
    name: storableText(
      z.string().trim().min(1).max(API_KEY_NAME_MAX_LENGTH).regex(/\S/),
      "name",
    ).describe(`A name for the key, 1 to ${API_KEY_NAME_MAX_LENGTH} characters`),
  })
  .strict()
  .describe("The new key's name (no other field)");

export const createApiKeyResponseSchema = z
  .object({
    success: z.literal(true),
    key: z.string().describe("The secret, shown this once (only its hash is stored)"),
    id: z.string(),
    name: z.string(),
    displayPrefix: z.string().describe("The first characters of the key, for lists"),
    createdAt: z.string().describe("ISO 8601 UTC"),
  })
  .strict();

/** The contract's one exception to `{ error, message }` (section 7): a trial account's refusal. */
export const trialRefusalSchema = z
  .object({ success: z.literal(false), error: z.string() })
  .strict();
