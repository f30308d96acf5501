import type { ResponseDoc } from "../http/route";
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
  "Unauthorized: the key is missing (where required), malformed, unknown or revoked.",
);
export const NO_DATA_RESPONSE = errorResponse("No data available for the parameters.");
