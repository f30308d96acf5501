import {
  ClientRequestSchema,
  ErrorCode,
  JSONRPCMessageSchema,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { z } from "zod";

/**
 * JSON-RPC 2.0 as both transports answer it, before the SDK sees a message: a message that is not
 * JSON is a parse error (-32700), JSON that is not a JSON-RPC message an invalid request (-32600),
 * and a request whose parameters do not fit its method an invalid-params error (-32602), each
 * with a sentence saying what is wrong (the SDK would answer -32700 for the second and -32603
 * with a dump of its schema's issues for the third). Unknown methods are the SDK's -32601.
 */

export const PARSE_ERROR = ErrorCode.ParseError;
export const INVALID_REQUEST = ErrorCode.InvalidRequest;
export const INVALID_PARAMS = ErrorCode.InvalidParams;
/** Implementation-defined server error (JSON-RPC reserves -32000 to -32099): HTTP-level refusals, as the SDK's transport answers them. */
export const SERVER_ERROR = -32000;

/**
 * An error response. Without the request's id (a message whose id could not be read) the `id` is
 * left out, as MCP's schema has it (JSON-RPC 2.0's `null` is not an MCP request id), so that MCP
 * clients can parse it.
 */
export function jsonRpcError(
  code: number,
  message: string,
  id: RequestId | undefined = undefined,
): JSONRPCErrorResponse {
  return id === undefined
    ? { jsonrpc: "2.0", error: { code, message } }
    : { jsonrpc: "2.0", id, error: { code, message } };
}

export const PARSE_ERROR_MESSAGE = "Parse error: the message is not valid JSON.";

/** The id of a message, when it carries a valid one (a string or an integer). */
function idOf(value: unknown): RequestId | undefined {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === "string" || (typeof id === "number" && Number.isInteger(id))
    ? id
    : undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Why a parsed JSON value is not one JSON-RPC message; undefined when it is one. */
function problemOf(value: unknown): string | undefined {
  if (!isObject(value)) return "a JSON-RPC message is a JSON object.";
  if (value.jsonrpc !== "2.0") return `"jsonrpc" must be "2.0".`;
  if ("id" in value && idOf(value) === undefined) return `"id" must be a string or an integer.`;
  const isResponse = "result" in value || "error" in value;
  if (!("method" in value) && !isResponse)
    return `"method" is missing: a request or a notification names the method it calls.`;
  if ("method" in value && typeof value.method !== "string") return `"method" must be a string.`;
  if ("params" in value && !isObject(value.params)) return `"params" must be an object.`;
  if (JSONRPCMessageSchema.safeParse(value).success) return undefined;
  return isResponse
    ? `a response carries "jsonrpc", "id" and either a "result" object or an "error" with a "code" and a "message".`
    : `a request or a notification carries only "jsonrpc", "method", "params" and (a request) "id".`;
}

/**
 * The -32600 answer to a parsed JSON value that is not one JSON-RPC message; undefined when it is
 * one. The id is the message's own when it has a valid one.
 */
export function invalidMessageOf(value: unknown): JSONRPCErrorResponse | undefined {
  const problem = problemOf(value);
  return problem === undefined
    ? undefined
    : jsonRpcError(INVALID_REQUEST, `Invalid Request: ${problem}`, idOf(value));
}

/**
 * The same for an HTTP body, which may also be a batch (an array of messages, as the SDK's
 * transport accepts): the first message that is not well formed answers for the body.
 */
export function invalidBodyOf(body: unknown): JSONRPCErrorResponse | undefined {
  if (!Array.isArray(body)) return invalidMessageOf(body);
  if (body.length === 0)
    return jsonRpcError(INVALID_REQUEST, "Invalid Request: the batch is empty.");
  for (const message of body) {
    const invalid = invalidMessageOf(message);
    if (invalid !== undefined) return invalid;
  }
  return undefined;
}

/** The SDK's schema of each request a client may send, by method. */
const REQUEST_SCHEMAS: ReadonlyMap<string, z.ZodType> = new Map(
  ClientRequestSchema.options.map((schema) => [schema.shape.method.value, schema as z.ZodType]),
);

/** A JSON value's kind as a sentence names it. */
function kindOf(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}

const EXPECTED: Record<string, string> = {
  object: "an object",
  record: "an object",
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "a boolean",
  array: "an array",
};

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) current = (current as Record<PropertyKey, unknown> | null)?.[key];
  return current;
}

/**
 * The -32602 answer to a request whose parameters do not satisfy its method's schema (a
 * `tools/call` whose `arguments` is not an object, say): the first problem, in a sentence.
 */
export function invalidParamsOf(message: JSONRPCMessage): JSONRPCErrorResponse | undefined {
  if (!("method" in message) || !("id" in message)) return undefined;
  const schema = REQUEST_SCHEMAS.get(message.method);
  if (schema === undefined) return undefined;
  const parsed = schema.safeParse(message);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  const path = issue?.path ?? [];
  const where = path.length === 0 ? "the request" : `'${path.map(String).join(".")}'`;
  const expected = issue?.code === "invalid_type" ? EXPECTED[issue.expected] : undefined;
  const problem =
    expected === undefined
      ? (issue?.message ?? "is not valid")
      : `must be ${expected}, not ${kindOf(valueAt(message, path))}`;
  return jsonRpcError(
    INVALID_PARAMS,
    `Invalid params for ${message.method}: ${where} ${problem}.`,
    message.id,
  );
}

/**
 * Has `transport` answer a request whose parameters do not fit its method itself (-32602), before
 * the server connected to it sees the request. Call after the server's `connect`, which sets the
 * transport's message handler that this wraps.
 */
export function refuseInvalidParams(transport: Transport): void {
  const deliver = transport.onmessage;
  if (deliver === undefined) throw new Error("connect the server to the transport first");
  transport.onmessage = (message, extra) => {
    const refusal = invalidParamsOf(message);
    if (refusal === undefined) return deliver(message, extra);
    void transport.send(refusal).catch((error: unknown) => {
      transport.onerror?.(error instanceof Error ? error : new Error(String(error)));
    });
  };
}
