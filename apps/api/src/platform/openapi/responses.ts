import { z } from "zod";
import type { ResponseDoc } from "../core/route";
import { errorBodySchema } from "../http/input";

/** Error responses in the OpenAPI document: the contract's `{ error, message }` body. */
export const errorResponse = (description: string): ResponseDoc => ({
  description,
  schema: errorBodySchema,
});

export const BAD_REQUEST_RESPONSE = errorResponse(
  "Bad request: a parameter or the body is missing, unknown, repeated or invalid.",
);
export const UNAUTHORIZED_RESPONSE = errorResponse(
  "Unauthorized: `API key required. Use Authorization: Bearer <API_KEY>` (no key where one is required, or a keyless caller asking beyond the free tier: the message names what needs a key); `Invalid API key` (a malformed header, another scheme, an empty or unknown key); `API key is inactive` (a revoked key, or a key of an expired trial).",
);
export const NO_DATA_RESPONSE = errorResponse("No data available for the parameters.");

/**
 * A successful answer's body as the document names it (`id`, a component): `success: true`
 * first, then the route's own fields.
 */
export function successBody<Shape extends z.ZodRawShape>(id: string, shape: Shape) {
  return z.object({ success: z.literal(true), ...shape }).meta({ id });
}
