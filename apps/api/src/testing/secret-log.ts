import { createLogger, type Logger } from "../platform/observability/logger";

/**
 * A log that keeps every line it is given (JSON, at debug: everything the api would write at any
 * level), and the secrets a test handled: passwords, session, CSRF and form tokens, mailed link
 * tokens, API keys. `leaks()` lists each line that holds one of them, or something shaped like
 * one (an API key, a link's token), so that a test can require a log nobody could use to take an
 * account over.
 */
export class SecretLog {
  readonly lines: string[] = [];
  readonly log: Logger = createLogger("debug", (line) => this.lines.push(line), "json");
  private readonly secrets = new Map<string, string>();

  /** Remembers `value` as a secret (`what` names it in a failure); returns it. */
  secret<T extends string>(value: T, what: string): T {
    // Shorter values would match by chance; every secret the api makes is far longer.
    if (value.length >= 8) this.secrets.set(value, what);
    return value;
  }

  /**
   * Remembers every string under a field whose name says secret (`password`, `sessionToken`,
   * `csrfToken`, `token`, `formToken`'s copies, a new key's `key`), at any depth.
   */
  secretsIn(value: unknown, what: string, secretParent = false): void {
    if (typeof value === "string") {
      if (secretParent) this.secret(value, what);
      return;
    }
    if (value === null || typeof value !== "object") return;
    for (const [name, inner] of Object.entries(value as Record<string, unknown>))
      this.secretsIn(inner, `${what}.${name}`, secretParent || SECRET_FIELD.test(name));
  }

  /** Every line holding a remembered secret or a secret's shape, with what it holds. */
  leaks(): { line: string; holds: string }[] {
    const found: { line: string; holds: string }[] = [];
    for (const line of this.lines) {
      for (const [value, what] of this.secrets)
        if (line.includes(value) || line.includes(JSON.stringify(value).slice(1, -1)))
          found.push({ line, holds: what });
      for (const [shape, what] of SECRET_SHAPES)
        if (shape.test(line)) found.push({ line, holds: what });
    }
    return found;
  }
}

const SECRET_FIELD = /password|token|secret|^key$|^cookie$|^form$/i;

/** What a secret looks like even when the test never saw it. */
const SECRET_SHAPES: [RegExp, string][] = [
  [/tpi_sk_[A-Za-z0-9]{20,}/, "an API key"],
  [/[?&]token=[A-Za-z0-9_-]{16,}/, "a mailed link's token"],
];
