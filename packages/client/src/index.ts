export {
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_AFTER_SECONDS,
  TpiApiError,
  createTpiClient,
  retryAfterSeconds,
  tpiMiddleware,
  unwrap,
  type ErrorBody,
  type TpiClient,
  type TpiClientOptions,
} from "./client.js";
export type { components, operations, paths } from "./generated/openapi.js";
