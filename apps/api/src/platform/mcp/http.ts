import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from "express";
import { openMcpSession, touchMcpSession } from "@tpi/db";
import { DomainError } from "@tpi/domain";
import type { AppDeps } from "../core/deps";
import { isOAuthAccessTokenHeader } from "../auth/oauth-tokens";
import { callerOf, deferredRefusalOf, identifyCaller } from "../http/caller";
import { watchClientGone } from "../http/client-gone";
import { methodNotAllowed, sendError, sendJson } from "../http/errors";
import { STREAM_LIMIT_RETRY_AFTER_SECONDS, tooManyStreamsMessage } from "../streams/stream-route";
import { jsonBody } from "../http/body-limit";
import { JSON_BODY_LIMIT_BYTES, JSON_BODY_LIMIT_TEXT } from "../http/limits";
import { normalizeOrigin } from "../rate-limit/limiters";
import {
  PARSE_ERROR,
  PARSE_ERROR_MESSAGE,
  SERVER_ERROR,
  invalidBodyOf,
  jsonRpcError,
} from "./json-rpc";
import {
  PROTECTED_RESOURCE_METADATA_PATH,
  mcpBearerChallenge,
  protectedResourceMetadata,
} from "./resource-metadata";
import { connectMcpServer, createMcpServer } from "./server";
import { MCP_SESSION_MESSAGES, McpSubscriptions, SESSION_ID_PATTERN } from "./subscriptions";

/** Where the Streamable HTTP transport listens: keyless callers are served the free tier there. */
export const MCP_PATH = "/mcp";
/**
 * The same server for connectors that sign in: a keyless request gets the 401 whose challenge
 * names the protected resource metadata, which starts an MCP client's OAuth flow (a client
 * adding a server by URL signs in only when the server asks). Its tokens are for the MCP
 * resource, `${origin}/mcp`, and work at both addresses.
 */
export const MCP_SIGN_IN_PATH = "/mcp/oauth";
const MCP_PATHS = [MCP_PATH, MCP_SIGN_IN_PATH];

/**
 * `POST /mcp`: the MCP server over Streamable HTTP, stateless (no session: each request gets its
 * own server and transport, so any instance behind a balancer can answer it) and answering plain
 * JSON rather than an event stream. In order:
 *
 *   1. a browser's request from an origin not in CORS_ORIGINS is refused (403), against DNS
 *      rebinding, as the transport's specification requires; requests without `Origin`
 *      (non-browser clients) pass;
 *   2. access as on REST: a bearer key checked by the same authenticator; keyless requests count
 *      against the public per-IP limiter, keyed ones against the per-key MCP allowance (429 with
 *      Retry-After either way); a bad key is the REST 401, with a `WWW-Authenticate` challenge
 *      naming the protected resource metadata (RFC 9728);
 *   3. the body: not JSON is -32700, over the limit 413, JSON that is not a JSON-RPC message
 *      -32600, all as JSON-RPC error bodies;
 *   4. the SDK's transport and the server, which answer for the caller.
 */
export function mcpRouter(
  deps: AppDeps,
  limiters: { publicLimiter: RequestHandler; keyLimiter: RequestHandler },
  options: { authorizationServer?: string } = {},
): Router {
  const router = express.Router();
  router.use(protectedResourceMetadataRoutes(options.authorizationServer));
  const foreignOrigins = refuseForeignOrigins(deps.corsOrigins ?? []);
  const identify = identifyMcpCaller(deps);
  const count = countThenRefuse(limiters);
  const answer: (RequestHandler | ErrorRequestHandler)[] = [
    identify,
    count,
    // Any JSON value, not only objects and arrays: a string or a number is JSON (no parse
    // error) but not a JSON-RPC message (-32600).
    jsonBody({ strict: false }),
    jsonRpcBodyError,
    refuseInvalidBody,
    (async (req, res) => {
      const server = createMcpServer(deps, callerOf(res), await sessionOf(deps, req, res));
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      res.on("close", () => {
        void transport.close();
        void server.close();
      });
      await connectMcpServer(server, transport);
      await transport.handleRequest(req, res, req.body);
    }) satisfies RequestHandler,
  ];
  // A session's event stream: its resource subscriptions' notifications.
  const stream = sessionStream(deps);
  // The same handlers at both addresses (one subscription service, one set of limiters).
  for (const path of MCP_PATHS) {
    router.all(path, foreignOrigins);
    router.post(path, ...answer);
    router.get(path, identify, count, stream);
    // No session to end (DELETE): a session holds nothing but its subscriptions, which expire.
    router.all(path, (_req, res) => {
      res.setHeader("Allow", "GET, POST");
      sendJson(res, 405, jsonRpcError(SERVER_ERROR, "Method not allowed."));
    });
  }
  return router;
}

/**
 * DNS-rebinding protection (MCP Streamable HTTP, "Security Warning"): a page whose host name was
 * rebound to this server calls it from its own origin, so CORS never applies; the `Origin` its
 * browser sends is the only sign. Allowed: requests without `Origin` (non-browser clients) and
 * the origins of CORS_ORIGINS, the api's one list of browser origins. Never the request's own
 * `Host`, which a rebinding page controls.
 */
function refuseForeignOrigins(allowed: readonly string[]): RequestHandler {
  const origins = new Set(allowed.map(normalizeOrigin).filter((origin) => origin !== undefined));
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin === undefined || origins.has(normalizeOrigin(origin) ?? "")) return next();
    sendJson(
      res,
      403,
      jsonRpcError(
        SERVER_ERROR,
        `Forbidden: requests from the origin '${origin}' are not allowed. A browser client's origin must be listed in the server's CORS_ORIGINS.`,
      ),
    );
  };
}

const signInRequired = () =>
  new DomainError(
    "api_key_required",
    `Sign in: ${MCP_SIGN_IN_PATH} needs an OAuth access token or an API key (Authorization: Bearer <token>); ${MCP_PATH} also serves keyless callers the free tier.`,
  );

/**
 * The caller of an MCP request (at ${MCP_SIGN_IN_PATH} without credentials: the 401 that starts
 * a sign-in): an OAuth access token (the `tpi_at_` prefix) is checked against
 * the database for this request's resource (RFC 8707's audience: `${baseUrl}/mcp`, as the
 * protected resource metadata names it); anything else is the API-key check REST uses. A bad
 * token's 401 waits for the limiter, as a bad key's does.
 */
function identifyMcpCaller(deps: AppDeps): RequestHandler {
  const keys = identifyCaller(deps.auth, { deferRefusal: true });
  const tokens = deps.oauthTokens;
  return (req, res, next) => {
    const header = req.headers.authorization;
    if (header === undefined && req.path === MCP_SIGN_IN_PATH) {
      res.locals.callerRefusal = signInRequired();
      return next();
    }
    if (tokens === undefined || !isOAuthAccessTokenHeader(header)) return keys(req, res, next);
    return tokens.authenticate(header ?? "", `${baseUrlOf(req)}${MCP_PATH}`).then((result) => {
      if (result.ok) res.locals.caller = result.value;
      else res.locals.callerRefusal = result.error;
      next();
    }, next);
  };
}

/**
 * Counts the request once the caller is identified (`identifyCaller`, deferring a bad key's
 * refusal): against the key's allowance for a valid key, against the public per-IP allowance
 * otherwise (a bad key included, so guessing keys is limited too); then a bad key gets its 401,
 * with the challenge that names the protected resource metadata.
 */
function countThenRefuse({
  publicLimiter,
  keyLimiter,
}: {
  publicLimiter: RequestHandler;
  keyLimiter: RequestHandler;
}): RequestHandler {
  return (req, res, next) => {
    const caller = callerOf(res);
    // An OAuth token's caller counts per account (all its grants together), a key per key.
    const perCredential =
      caller.kind === "key" || (caller.kind === "session" && caller.grantId !== undefined);
    const limiter = perCredential ? keyLimiter : publicLimiter;
    limiter(req, res, (error?: unknown) => {
      if (error !== undefined) return next(error);
      const refusal = deferredRefusalOf(res);
      if (refusal === undefined) return next();
      res.setHeader("WWW-Authenticate", mcpBearerChallenge(baseUrlOf(req), refusal));
      sendError(res, refusal);
    });
  };
}

/**
 * Body errors as JSON-RPC error bodies: not JSON is the parse error (400, -32700); over the limit
 * 413, and any other refusal of the body parser its own 4xx (an unsupported charset, say), with
 * -32000 as the SDK's transport answers HTTP-level refusals.
 */
const jsonRpcBodyError: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  const { type, status, expose, message } = (error ?? {}) as {
    type?: string;
    status?: number;
    expose?: boolean;
    message?: string;
  };
  if (type === "entity.parse.failed")
    return sendJson(res, 400, jsonRpcError(PARSE_ERROR, PARSE_ERROR_MESSAGE));
  if (type === "entity.too.large" || status === 413) return mcpPayloadTooLarge(res);
  // body-parser's own words for these (an unsupported charset, say) are meant for the client.
  if (typeof status === "number" && status >= 400 && status < 500)
    return sendJson(
      res,
      status,
      jsonRpcError(
        SERVER_ERROR,
        `The request body could not be read${expose === true && message ? `: ${message}` : ""}.`,
      ),
    );
  next(error);
};

/** The 413 of /mcp, as a JSON-RPC error body (also for a body refused from its declared length). */
export function mcpPayloadTooLarge(res: ServerResponse): void {
  sendJson(
    res,
    413,
    jsonRpcError(
      SERVER_ERROR,
      `Payload Too Large: the request body must not exceed ${JSON_BODY_LIMIT_TEXT} (${JSON_BODY_LIMIT_BYTES} bytes).`,
    ),
  );
}

/** JSON that is not a JSON-RPC message (no `method`, say): -32600. Without a JSON body the transport answers (415). */
const refuseInvalidBody: RequestHandler = (req, res, next) => {
  if (req.body === undefined) return next();
  const invalid = invalidBodyOf(req.body);
  if (invalid === undefined) return next();
  sendJson(res, 400, invalid);
};

/** The address clients reach this api at: the scheme and host of the request (through trusted proxies). */
function baseUrlOf(req: Request): string {
  return `${req.protocol}://${req.host}`;
}

const METADATA_PATHS = new Set([
  PROTECTED_RESOURCE_METADATA_PATH,
  `${PROTECTED_RESOURCE_METADATA_PATH}${MCP_PATH}`,
]);

const metadataMethodNotAllowed = methodNotAllowed(["GET"]);

/**
 * `GET /.well-known/oauth-protected-resource` (and `…/mcp`, the address RFC 9728 derives from
 * the /mcp resource): the metadata document, cacheable for an hour; other methods get the JSON
 * 405. Served as middleware, outside the REST route list: it describes /mcp, it is not an
 * operation of the data API.
 */
function protectedResourceMetadataRoutes(authorizationServer: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (!METADATA_PATHS.has(req.path)) return next();
    if (req.method !== "GET" && req.method !== "HEAD")
      return metadataMethodNotAllowed(req, res, next);
    res.setHeader("Cache-Control", "public, max-age=3600");
    sendJson(res, 200, protectedResourceMetadata(baseUrlOf(req), MCP_PATH, authorizationServer));
  };
}

/**
 * The request's session: a new one for `initialize` (its id sent as `Mcp-Session-Id`, which the
 * client sends back on every later request and on its GET stream), else the id the client sent
 * when it has this server's form. A session is only a name for subscriptions: every request is
 * still answered by a fresh server, on any instance. A session opened with a key is recorded as
 * that key's: only that key subscribes in it and opens its stream.
 */
async function sessionOf(deps: AppDeps, req: Request, res: Response): Promise<string | undefined> {
  const body: unknown = req.body;
  const messages = Array.isArray(body) ? body : [body];
  if (
    messages.some((message) => (message as { method?: unknown } | null)?.method === "initialize")
  ) {
    const id = randomUUID();
    const caller = callerOf(res);
    // Unrecorded (the database is down), the session still serves tools and resources; its
    // subscriptions are refused as an unknown session's, and the client initializes again.
    if (caller.kind === "key")
      await openMcpSession(deps.db, id, caller.keyId).catch((error: unknown) =>
        deps.log.warn("MCP: could not record a session; it cannot subscribe", {
          error: String(error),
        }),
      );
    res.setHeader("Mcp-Session-Id", id);
    return id;
  }
  const sent = req.get("mcp-session-id");
  return sent !== undefined && SESSION_ID_PATTERN.test(sent) ? sent : undefined;
}

/**
 * `GET /mcp` with `Mcp-Session-Id`: the session's stream of server messages (Streamable HTTP,
 * "Listening for Messages from the Server"), here the `notifications/resources/updated` of its
 * subscriptions, as Server-Sent Events, with comment lines as heartbeats. Keyed callers only
 * (a keyless one gets 405, which MCP clients read as "no stream offered"), counted against the
 * key's live streams like the REST stream. The session must be one the key opened (else 404,
 * which tells an MCP client to initialize again); a new stream of a session replaces the one
 * this instance held for it, which ends.
 */
function sessionStream(deps: AppDeps): RequestHandler {
  const live = deps.liveEvents;
  const subscriptions = live === undefined ? undefined : new McpSubscriptions(deps, live);
  return async (req, res) => {
    const clientGone = watchClientGone(req, res);
    const caller = callerOf(res);
    if (live === undefined || subscriptions === undefined || caller.kind !== "key") {
      res.setHeader("Allow", "POST");
      return sendJson(
        res,
        405,
        jsonRpcError(
          SERVER_ERROR,
          "Method not allowed: the event stream (resource subscriptions) needs an API key.",
        ),
      );
    }
    const sessionId = req.get("mcp-session-id");
    if (sessionId === undefined || !SESSION_ID_PATTERN.test(sessionId))
      return sendJson(
        res,
        400,
        jsonRpcError(
          SERVER_ERROR,
          "Bad Request: send the Mcp-Session-Id header this server gave in its answer to initialize.",
        ),
      );
    if (!(req.get("accept") ?? "").includes("text/event-stream"))
      return sendJson(
        res,
        406,
        jsonRpcError(SERVER_ERROR, "Not Acceptable: the client must accept text/event-stream."),
      );
    if (!(await touchMcpSession(deps.db, sessionId, caller.keyId)))
      return sendJson(res, 404, jsonRpcError(SERVER_ERROR, MCP_SESSION_MESSAGES.unknown));
    // Its place is given back before this stream asks for one (a client reconnecting after a
    // connection the server has not yet seen die is not refused for the stream it replaces).
    subscriptions.endStream(sessionId);
    const slot = await live.slots.acquire(caller.keyId);
    if (slot === null) {
      res.setHeader("Retry-After", String(STREAM_LIMIT_RETRY_AFTER_SECONDS));
      return sendJson(
        res,
        429,
        jsonRpcError(SERVER_ERROR, tooManyStreamsMessage(live.settings.maxStreamsPerKey)),
      );
    }
    // Left during the awaits: no "close" is coming to give the place back.
    if (clientGone()) return slot.release();
    let ended = false;
    let detach = (): void => undefined;
    const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), live.settings.heartbeatMs);
    heartbeat.unref();
    const end = (): void => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      detach();
      untrack();
      slot.release();
      res.end();
    };
    const untrack = live.track(end);
    res.on("close", end);
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    });
    res.write(`retry: ${live.settings.retryMs}\n\n`);
    try {
      const stop = await subscriptions.attach(
        sessionId,
        caller,
        (message) => {
          if (!ended)
            res.write(
              `event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", ...message })}\n\n`,
            );
        },
        end,
      );
      if (ended) stop();
      else detach = stop;
      res.write(": live\n\n");
    } catch (error) {
      deps.log.warn("MCP event stream: could not start; the client reconnects", {
        error: String(error),
      });
      end();
    }
  };
}
