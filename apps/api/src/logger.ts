/**
 * A small line logger. Fields whose names suggest a secret are redacted, and so is anything
 * that looks like one of our API keys, wherever it appears in a message.
 */
export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export type Logger = {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
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

export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Logger {
  const at =
    (lineLevel: Exclude<LogLevel, "silent">) =>
    (message: string, fields?: Record<string, unknown>): void => {
      if (ORDER[lineLevel] < ORDER[level]) return;
      const extra =
        fields && Object.keys(fields).length > 0 ? ` ${JSON.stringify(redactFields(fields))}` : "";
      write(`${new Date().toISOString()} ${lineLevel.toUpperCase()} ${redact(message)}${extra}`);
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
