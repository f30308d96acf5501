import { AsyncLocalStorage } from "node:async_hooks";
import { pino, stdTimeFunctions } from "pino";

/**
 * The process's logger: pino, one JSON object per line (`LOG_FORMAT=json`, the api's default),
 * or one readable line (`pretty`: time, level, message, fields as JSON). A line written while a
 * request is handled carries that request's id (`requestId`). Fields whose names suggest a
 * secret are redacted, and so is anything that looks like one of our API keys, wherever it
 * appears in a message or a field.
 */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export type LogFormat = "json" | "pretty";
export type Logger = {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

const SECRET_FIELD = /authorization|api[-_]?key|token|secret|password|cookie/i;
/** Our API keys, and OpenRouter's (`sk-or-v1-…`, the OPENROUTER_API_KEY). */
const SECRET_VALUE = /\b(tpi_sk_|sk-or-(?:v\d+-)?)[A-Za-z0-9]+/g;
const URL_PASSWORD = /(\/\/[^:/@\s]*:)[^@\s]+@/g;

export function redact(text: string): string {
  return text.replace(SECRET_VALUE, "$1[redacted]").replace(URL_PASSWORD, "$1[redacted]@");
}

function redactFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      SECRET_FIELD.test(key) ? "[redacted]" : typeof value === "string" ? redact(value) : value,
    ]),
  );
}

/** The request being handled, for the lines written while it is (see http/request-context.ts). */
const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/**
 * The request whose synchronous part runs right now without `requestScope` (the fast lane's, see
 * `runSynchronouslyWithRequestId`), else undefined. Only that request's own code runs between
 * setting and resetting it: nothing asynchronous runs in the middle of a synchronous call.
 */
let synchronousRequestId: string | undefined;

/** Runs `run` as part of the request `requestId`, including whatever it continues later. */
export function runWithRequestId<T>(requestId: string, run: () => T): T {
  return requestScope.run({ requestId }, run);
}

/**
 * Runs `run` as part of the request `requestId`, for its synchronous part only: what it starts
 * that continues later (after an await, in a callback) no longer has the id, unless it was
 * started inside `keepRequestId`. For a request usually answered in one synchronous call (the
 * fast lane's), this saves entering AsyncLocalStorage, whose store Node 20 carries on every
 * promise and callback made while the store is set.
 */
export function runSynchronouslyWithRequestId<T>(requestId: string, run: () => T): T {
  const outer = synchronousRequestId;
  synchronousRequestId = requestId;
  try {
    return run();
  } finally {
    synchronousRequestId = outer;
  }
}

/**
 * Runs `run`, which may continue later (a limiter asking its store, a handler reading the
 * database), so that its continuations still have the current request's id: enters
 * AsyncLocalStorage when the id is only set for the synchronous part, and costs nothing when it
 * is not (already in the scope, or outside any request).
 */
export function keepRequestId<T>(run: () => T): T {
  const requestId = synchronousRequestId;
  if (requestId === undefined || requestScope.getStore()?.requestId === requestId) return run();
  return requestScope.run({ requestId }, run);
}

/** The id of the request being handled, or undefined outside a request (jobs, start-up). */
export function currentRequestId(): string | undefined {
  return synchronousRequestId ?? requestScope.getStore()?.requestId;
}

/** Keys of pino's own in a JSON line; everything else is a field of the call. */
const PINO_KEYS = new Set(["level", "time", "msg", "pid", "hostname"]);

/** A JSON line in the old readable form: `2026-01-01T00:00:00.000Z WARN message {"field":1}`. */
function prettyLine(json: string): string {
  const { level, time, msg, ...rest } = JSON.parse(json) as Record<string, unknown>;
  const fields = Object.fromEntries(Object.entries(rest).filter(([key]) => !PINO_KEYS.has(key)));
  const extra = Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : "";
  return `${String(time)} ${String(level).toUpperCase()} ${String(msg)}${extra}`;
}

const toStderr = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

/**
 * `write` receives each line without its newline (stderr by default; tests collect lines).
 * Lines are written synchronously, so nothing is lost when the process exits right after.
 */
export function createLogger(
  level: LogLevel,
  write: (line: string) => void = toStderr,
  format: LogFormat = "pretty",
): Logger {
  const destination = {
    write(chunk: string): void {
      const line = chunk.endsWith("\n") ? chunk.slice(0, -1) : chunk;
      write(format === "json" ? line : prettyLine(line));
    },
  };
  const logger = pino(
    {
      level,
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId === undefined ? {} : { requestId };
      },
    },
    destination,
  );
  const at =
    (lineLevel: Exclude<LogLevel, "silent">) =>
    (message: string, fields?: Record<string, unknown>): void => {
      if (!logger.isLevelEnabled(lineLevel)) return;
      logger[lineLevel](fields ? redactFields(fields) : {}, redact(message));
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
