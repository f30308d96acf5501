import type { ErrorCode } from "@tpi/domain";

/** The one table from application error code to HTTP status and tRPC code. */
export const ERROR_STATUS: Record<ErrorCode, { http: number; trpc: TrpcCode }> = {
  bad_request: { http: 400, trpc: "BAD_REQUEST" },
  unsupported_body: { http: 400, trpc: "BAD_REQUEST" },
  api_key_required: { http: 401, trpc: "UNAUTHORIZED" },
  invalid_api_key: { http: 401, trpc: "UNAUTHORIZED" },
  inactive_api_key: { http: 401, trpc: "UNAUTHORIZED" },
  session_required: { http: 401, trpc: "UNAUTHORIZED" },
  invalid_credentials: { http: 401, trpc: "UNAUTHORIZED" },
  forbidden: { http: 403, trpc: "FORBIDDEN" },
  no_data: { http: 404, trpc: "NOT_FOUND" },
  route_not_found: { http: 404, trpc: "NOT_FOUND" },
  method_not_allowed: { http: 405, trpc: "METHOD_NOT_SUPPORTED" },
  not_found: { http: 404, trpc: "NOT_FOUND" },
  release_not_found: { http: 404, trpc: "NOT_FOUND" },
  conflict: { http: 409, trpc: "CONFLICT" },
  key_limit_reached: { http: 409, trpc: "CONFLICT" },
  payload_too_large: { http: 413, trpc: "PAYLOAD_TOO_LARGE" },
  headers_too_large: { http: 431, trpc: "BAD_REQUEST" },
  request_timeout: { http: 408, trpc: "TIMEOUT" },
  rate_limited: { http: 429, trpc: "TOO_MANY_REQUESTS" },
  internal: { http: 500, trpc: "INTERNAL_SERVER_ERROR" },
  bad_gateway: { http: 502, trpc: "INTERNAL_SERVER_ERROR" },
  unavailable: { http: 503, trpc: "SERVICE_UNAVAILABLE" },
  loading: { http: 503, trpc: "SERVICE_UNAVAILABLE" },
};

type TrpcCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "METHOD_NOT_SUPPORTED"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "TIMEOUT"
  | "TOO_MANY_REQUESTS"
  | "INTERNAL_SERVER_ERROR"
  | "SERVICE_UNAVAILABLE";
