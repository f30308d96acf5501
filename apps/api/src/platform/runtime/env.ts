import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  ACCOUNT_PLANS,
  DEFAULT_MAX_KEYS_PER_ACCOUNT,
  DEFAULT_NEW_ACCOUNT_PLAN,
  DEFAULT_TRIAL_PERIOD_HOURS,
  parseEmail,
} from "@tpi/domain";
import {
  DEFAULT_EMBEDDED_PORT,
  DEFAULT_JOB_TIMEOUTS,
  DEFAULT_REQUEST_TIMEOUTS,
  type DbTimeouts,
} from "@tpi/db";
import { z } from "zod";
import type { SmtpConfig } from "../accounts/smtp";
import { DEFAULT_KEY_STALE_GRACE_SECONDS } from "../auth/api-key-authenticator";
import { DEFAULT_WEBSITE_ACCOUNT_SETTINGS, type WebsiteAccountSettings } from "../core/deps";
import { DEFAULT_ANSWER_CACHE_MAX_MB } from "../http/limits";
import type { ServerLimits } from "../http/server-limits";
import type { Market } from "../core/market";

/** Longest wait for a reply of the SMTP server (milliseconds); the outbox retries after it. */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * Every environment variable the api and the CLI read, validated in one place: the platform's
 * below, and each market's own (`Market.env`), merged. Nothing else in the app reads process.env. docs/operations/configuration.md's api table lists the same variables (a test compares them).
 */
export const REPO_ROOT = resolve(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "..",
  "..",
  "..",
);

/** A yes/no variable: true, false, 1, 0, yes or no. */
export const envFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");
const flag = envFlag;
/** A comma-separated list; blanks dropped. */
export const envList = z.string().transform((value) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item.length > 0),
);

/**
 * Express's "trust proxy": off by default, so that X-Forwarded-For is ignored and a client cannot
 * pick the IP address it is rate limited under. A number trusts that many proxy hops; otherwise
 * a comma list of trusted proxy addresses, subnets or the names loopback, linklocal, uniquelocal.
 * "true" (trust every hop) is refused: any client could then spoof its address.
 */
const trustProxy = z.string().transform((value, context): false | number | string[] => {
  const trimmed = value.trim();
  if (trimmed === "false" || trimmed === "0") return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (trimmed === "true") {
    context.addIssue({
      code: "custom",
      message: "'true' would trust any X-Forwarded-For; give a hop count or proxy addresses",
    });
    return z.NEVER;
  }
  return trimmed
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
});

const PLATFORM_ENV = {
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().url().optional(),
  TPI_DATA_DIR: z.string().default(resolve(REPO_ROOT, ".data")),
  TPI_EMBEDDED_PG_PORT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(65_535)
    .default(DEFAULT_EMBEDDED_PORT),
  /** Longest wait for a new database connection, in milliseconds. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(DEFAULT_REQUEST_TIMEOUTS.connectMs),
  /** Longest statement of a request (routes, key checks), in milliseconds; the client waits 1 s more. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(DEFAULT_REQUEST_TIMEOUTS.statementMs),
  /** Longest statement of a job (settlement, prints, syncs, reloads, the CLI), in milliseconds. */
  DATABASE_JOB_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(3_600_000)
    .default(DEFAULT_JOB_TIMEOUTS.statementMs),
  /** The server ends a session idle inside a transaction this long (milliseconds), freeing its locks. */
  DATABASE_IDLE_TX_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(3_600_000)
    .default(DEFAULT_REQUEST_TIMEOUTS.idleInTransactionMs),
  /** While the database is down, a key confirmed within this many seconds keeps its last known state. */
  KEY_STALE_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(86_400)
    .default(DEFAULT_KEY_STALE_GRACE_SECONDS),
  /** On SIGTERM/SIGINT, how long in-flight requests and running jobs may finish (milliseconds). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * During that drain, how long a connection may stay open without a request before it is closed
   * (milliseconds; at most SHUTDOWN_GRACE_MS). A request arriving meanwhile is answered, with
   * `Connection: close`. Longer than the idle timeout of the clients and the proxy in front
   * (nginx's upstream keepalive_timeout: 4 s), so that they close idle connections themselves
   * rather than send a request on one the api is closing.
   */
  SHUTDOWN_IDLE_CLOSE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  SEED_SAMPLE_ON_EMPTY: flag.default(true),
  INDEX_REFRESH_SECONDS: z.coerce.number().min(0.1).default(5),
  INTERNAL_API_TOKEN: z.string().min(16).optional(),
  /** Trial length in hours for accounts created or moved to the trial plan. */
  TRIAL_PERIOD_HOURS: z.coerce.number().positive().default(DEFAULT_TRIAL_PERIOD_HOURS),
  /**
   * What a website sign-up gets: `trial` (TRIAL_PERIOD_HOURS, no key creation; the user requests
   * an upgrade that an admin decides) or a paid plan (`premium`, `full`: keys at once, once the
   * address is confirmed, since an unconfirmed account cannot sign in).
   */
  NEW_ACCOUNT_PLAN: z.enum(ACCOUNT_PLANS).default(DEFAULT_NEW_ACCOUNT_PLAN),
  /** Addresses mailed when a trial account requests an upgrade; unset: every confirmed admin account. */
  OPERATOR_MAIL: envList
    .refine((addresses) => addresses.every((address) => parseEmail(address).ok), {
      message: "must be email addresses separated by commas",
    })
    .transform((addresses) => addresses.map((address) => address.toLowerCase()))
    .default([]),
  /** Unrevoked keys an account may hold; creating one more is refused with 409. */
  MAX_KEYS_PER_ACCOUNT: z.coerce.number().int().min(1).default(DEFAULT_MAX_KEYS_PER_ACCOUNT),
  /** Shared rate-limit store for every api instance; without it, limits are per instance, in memory. */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of the rate-limit keys in Redis, so that several deployments can share one server. */
  RATE_LIMIT_REDIS_PREFIX: z.string().min(1).default("tpi:rl:"),
  /** Browser origins (scheme://host[:port]) whose requests skip the public limiter. See the caveat in docs/operations/rate-limits.md#trusted-origins. */
  RATE_LIMIT_TRUSTED_ORIGINS: envList.default([]),
  /** Origins allowed to call the api from a browser (CORS); none by default. */
  CORS_ORIGINS: envList.default([]),
  TRUST_PROXY: trustProxy.default(false),
  /** Time a client has to send a request's headers (Node answers 408 and closes after it). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Time a client has to send a whole request, headers and body; at least the headers timeout. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /**
   * How long an idle keep-alive connection stays open. Longer than the idle timeout of the proxy
   * in front (nginx's upstream keepalive_timeout and common load balancers: 60 s), so the proxy
   * closes first and never sends a request on a connection the api is closing.
   */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(65_000),
  /** Open connections the api accepts at once; more are closed on arrival. Keep below `ulimit -n`. */
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(4_096),
  /** Repeated settled GETs are served before Express's router (off: every request through Express). */
  HTTP_FAST_LANE: flag.default(true),
  /** Megabytes of settled answers (uncompressed JSON) each instance keeps serialised. */
  ANSWER_CACHE_MAX_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(65_536)
    .default(DEFAULT_ANSWER_CACHE_MAX_MB),
  // --- website accounts ---
  /** The website's public address: the links in account mails point there. */
  TPI_PUBLIC_SITE_URL: z.string().url().default(DEFAULT_WEBSITE_ACCOUNT_SETTINGS.siteUrl),
  /** The website is plain http on loopback: session cookies without Secure (and without `__Host-`). */
  TPI_SITE_PLAIN_HTTP: flag.default(false),
  /**
   * `log` (default: mails written to the log, marked sent) or `smtp` (SMTP_* below). In
   * production the log transport needs MAIL_LOG_LINKS set (see mailSettingsFrom).
   */
  MAIL_TRANSPORT: z.enum(["log", "smtp"]).default("log"),
  /**
   * Whether the log transport writes the one-time links (sign-up confirmation, password reset)
   * with their token. Unset: yes outside production, and in production the api refuses to start
   * with the log transport: a token in the log lets whoever reads it take the account.
   */
  MAIL_LOG_LINKS: flag.optional(),
  /** Sender address of account mails (an address only, no display name). */
  MAIL_FROM: z.email().default("no-reply@localhost"),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(25),
  /** Implicit TLS (port 465). Without it the connection is plain: for a relay on loopback or a private network. */
  SMTP_SECURE: flag.default(false),
  SMTP_USER: z.string().min(1).optional(),
  /** A secret: never logged. */
  SMTP_PASSWORD: z.string().min(1).optional(),
  /** The website to notify (POST /revalidate) when the published index changes. */
  TPI_WEB_URL: z.string().url().optional(),
  /** Optional OpenAI-compatible chat backend; without CHAT_LLM_BASE_URL the built-in engine answers alone. */
  CHAT_LLM_BASE_URL: z.string().url().optional(),
  CHAT_LLM_MODEL: z.string().min(1).default("gpt-4o-mini"),
  CHAT_LLM_API_KEY: z.string().min(1).optional(),
  CHAT_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** The API key `tpi mcp` (stdio) answers for when no --key is given; keyless (the free tier) when unset. */
  TPI_MCP_API_KEY: z.string().min(1).optional(),
  /** `production` in deployments: then the log mail transport needs MAIL_LOG_LINKS set. */
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** `json` (one object per line; the api's default) or `pretty` (one readable line; the CLI's default). */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  /**
   * Test-only: pins the service's clock to this instant (ISO 8601, e.g. 2026-11-22T12:00:00Z).
   * A test that fixes "now" passes it to every process it starts, so that no test depends on the
   * day it runs. Never set it in production: nothing would ever become due.
   */
  TPI_TEST_CLOCK: z.iso.datetime({ offset: true }).optional(),
};

/**
 * The validated environment: the platform's variables typed, the markets' variables carried for
 * their `Market.open` (each market reads its own through its schema's types).
 */
export type Env = z.output<z.ZodObject<typeof PLATFORM_ENV>> & Readonly<Record<string, unknown>>;

/** The schema of the platform's variables and those of `markets`; two owners of one name is a bug. */
function envSchemaOf(markets: readonly Market[]) {
  const shape: Record<string, z.core.$ZodType> = { ...PLATFORM_ENV };
  for (const market of markets)
    for (const [name, schema] of Object.entries(market.env)) {
      if (name in shape) throw new Error(`environment variable ${name} is declared twice`);
      shape[name] = schema;
    }
  return z.object(shape) as unknown as z.ZodObject<typeof PLATFORM_ENV>;
}

export function readEnv(
  markets: readonly Market[],
  source: Record<string, string | undefined> = process.env,
): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchemaOf(markets)
    .refine((env) => env.HTTP_HEADERS_TIMEOUT_MS <= env.HTTP_REQUEST_TIMEOUT_MS, {
      path: ["HTTP_HEADERS_TIMEOUT_MS"],
      message: "must not exceed HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)",
    })
    .refine((env) => !env.TPI_SITE_PLAIN_HTTP || isLoopbackHttp(env.TPI_PUBLIC_SITE_URL), {
      path: ["TPI_SITE_PLAIN_HTTP"],
      message:
        "only for a website on plain http on loopback (TPI_PUBLIC_SITE_URL http://localhost…)",
    })
    .refine((env) => env.MAIL_TRANSPORT !== "smtp" || env.SMTP_HOST !== undefined, {
      path: ["SMTP_HOST"],
      message: "is required with MAIL_TRANSPORT=smtp",
    })
    .refine(
      (env) =>
        env.SMTP_USER === undefined ||
        env.SMTP_SECURE ||
        isLoopbackHost(env.SMTP_HOST ?? "localhost"),
      {
        path: ["SMTP_SECURE"],
        message: "must be true to send SMTP credentials to a host other than loopback",
      },
    )
    .safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data as Env;
}

function isLoopbackHost(host: string): boolean {
  return ["localhost", "127.0.0.1", "[::1]", "::1"].includes(host.toLowerCase());
}

function isLoopbackHttp(url: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol === "http:" && isLoopbackHost(parsed.hostname);
}

/** The website accounts' settings: the links' site, whether cookies are Secure, the trial length. */
export function websiteAccountSettingsFrom(env: Env): WebsiteAccountSettings {
  return {
    siteUrl: env.TPI_PUBLIC_SITE_URL,
    cookieSecure: !env.TPI_SITE_PLAIN_HTTP,
    trialPeriodHours: env.TRIAL_PERIOD_HOURS,
    newAccountPlan: env.NEW_ACCOUNT_PLAN,
    operatorMail: env.OPERATOR_MAIL,
  };
}

/** The SMTP settings with MAIL_TRANSPORT=smtp; undefined for the log transport. */
export function smtpConfigFrom(env: Env): SmtpConfig | undefined {
  if (env.MAIL_TRANSPORT !== "smtp" || env.SMTP_HOST === undefined) return undefined;
  return {
    host: env.SMTP_HOST,
    port: env.SMTP_PORT,
    secure: env.SMTP_SECURE,
    user: env.SMTP_USER,
    password: env.SMTP_PASSWORD,
    from: env.MAIL_FROM,
    timeoutMs: SMTP_TIMEOUT_MS,
  };
}

/** How account mail leaves: SMTP, or the log (with the links' tokens or without). */
export type MailSettings =
  | { transport: "smtp"; smtp: SmtpConfig }
  | { transport: "log"; links: boolean };

export const MAIL_LOG_IN_PRODUCTION_MESSAGE =
  "MAIL_TRANSPORT=log in production (NODE_ENV=production) would write account mails, with their one-time sign-up and password-reset links, to the log, where anyone who reads it can take over an account. Set MAIL_TRANSPORT=smtp (and SMTP_HOST) to send them; or MAIL_LOG_LINKS=false to log mails with the links' tokens redacted (no one receives a working link); or MAIL_LOG_LINKS=true to accept links in the log (one operator, who reads the log alone)";

/**
 * The mail settings the api starts with. In production (NODE_ENV=production) the log transport
 * is refused unless MAIL_LOG_LINKS says what to do with the links: the api does not start.
 * Elsewhere the log carries the links (development), unless MAIL_LOG_LINKS=false.
 */
export function mailSettingsFrom(env: Env): MailSettings {
  const smtp = smtpConfigFrom(env);
  if (smtp !== undefined) return { transport: "smtp", smtp };
  const production = env.NODE_ENV === "production";
  if (production && env.MAIL_LOG_LINKS === undefined)
    throw new Error(`Invalid configuration: ${MAIL_LOG_IN_PRODUCTION_MESSAGE}`);
  return { transport: "log", links: env.MAIL_LOG_LINKS ?? !production };
}

/** The clock every service reads: real time, or the instant pinned by TPI_TEST_CLOCK. */
export function clockFrom(env: Env): () => Date {
  if (env.TPI_TEST_CLOCK === undefined) return () => new Date();
  const pinned = new Date(env.TPI_TEST_CLOCK);
  return () => pinned;
}

/** Bounds on the database pools: short for requests, long for jobs. */
export function databaseTimeoutsFrom(env: Env): { request: DbTimeouts; job: DbTimeouts } {
  const shared = {
    connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    idleInTransactionMs: env.DATABASE_IDLE_TX_TIMEOUT_MS,
  };
  return {
    request: { ...shared, statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS },
    job: { ...shared, statementMs: env.DATABASE_JOB_STATEMENT_TIMEOUT_MS },
  };
}

/** The HTTP server's timeouts and connection cap. */
export function serverLimitsFrom(env: Env): ServerLimits {
  return {
    headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: env.HTTP_MAX_CONNECTIONS,
  };
}

/** Every variable the api reads, by name; docs/operations/configuration.md's api table lists the same (a test compares them). */
export function envVariables(markets: readonly Market[]): string[] {
  return Object.keys(envSchemaOf(markets).shape);
}
