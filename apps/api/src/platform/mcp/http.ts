import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import express, { type ErrorRequestHandler, type RequestHandler, type Router } from "express";
import type { AppDeps } from "../core/deps";
import { callerOf, deferredRefusalOf, identifyCaller } from "../http/caller";
import { sendError, sendJson } from "../http/errors";
import { JSON_BODY_LIMIT_BYTES } from "../http/limits";
import { createMcpServer } from "./server";

/** Where the Streamable HTTP transport listens. */
export const MCP_PATH = "/mcp";

/** JSON-RPC error codes the transport answers with (JSON-RPC 2.0 section 5.1). */
const PARSE_ERROR = -32700;
const SERVER_ERROR = -32000;

const jsonRpcError = (code: number, message: string) => ({
  jsonrpc: "2.0",
  error: { code, message },
  id: null,
});

/**
 * `POST /mcp`: the MCP server over Streamable HTTP, stateless (no session: each request gets its
 * own server and transport, so any instance behind a balancer can answer it) and answering plain
 * JSON rather than an event stream. Access as on REST: a bearer key checked by the same
 * authenticator (a bad key is the REST 401); keyless requests count against the public per-IP
 * limiter, keyed ones against the per-key MCP allowance (429 with Retry-After either way). The
 * caller decides what every tool may show.
 */
export function mcpRouter(
  deps: AppDeps,
  limiters: { publicLimiter: RequestHandler; keyLimiter: RequestHandler },
): Router {
  const router = express.Router();
  router.post(
    MCP_PATH,
    identifyCaller(deps.auth, { deferRefusal: true }),
    countThenRefuse(limiters),
    express.json({ limit: JSON_BODY_LIMIT_BYTES }),
    jsonRpcParseError,
    (async (req, res) => {
      const server = createMcpServer(deps, callerOf(res));
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      res.on("close", () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    }) satisfies RequestHandler,
  );
  // Stateless: no event stream to open (GET) and no session to end (DELETE), as the SDK's examples answer.
  router.all(MCP_PATH, (_req, res) => {
    res.setHeader("Allow", "POST");
    sendJson(res, 405, jsonRpcError(SERVER_ERROR, "Method not allowed."));
  });
  return router;
}

/**
 * Counts the request once the caller is identified (`identifyCaller`, deferring a bad key's
 * refusal): against the key's allowance for a valid key, against the public per-IP allowance
 * otherwise (a bad key included, so guessing keys is limited too); then a bad key gets its 401.
 */
function countThenRefuse({
  publicLimiter,
  keyLimiter,
}: {
  publicLimiter: RequestHandler;
  keyLimiter: RequestHandler;
}): RequestHandler {
  return (req, res, next) => {
    const limiter = callerOf(res).kind === "key" ? keyLimiter : publicLimiter;
    limiter(req, res, (error?: unknown) => {
      if (error !== undefined) return next(error);
      const refusal = deferredRefusalOf(res);
      if (refusal !== undefined) return sendError(res, refusal);
      next();
    });
  };
}

/** A body that is not JSON: JSON-RPC's parse error, as JSON; other body errors go to the app's handler. */
const jsonRpcParseError: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if ((error as { type?: string } | null)?.type !== "entity.parse.failed") return next(error);
  sendJson(res, 400, jsonRpcError(PARSE_ERROR, "Parse error: the request body is not valid JSON."));
};
