import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  ACCOUNT_PLANS,
  DEFAULT_MAX_KEYS_PER_ACCOUNT,
  DEFAULT_NEW_ACCOUNT_PLAN,
  DEFAULT_RELEASE_CUT_DELAY_MINUTES,
  DEFAULT_RELEASE_RETENTION_DAYS,
  DEFAULT_TRIAL_PERIOD_HOURS,
  parseEmail,
} from "@tpi/domain";
import { DEFAULT_EMBEDDED_PORT, DEFAULT_JOB_TIMEOUTS, DEFAULT_REQUEST_TIMEOUTS } from "@tpi/db";
import { z } from "zod";
import { DEFAULT_KEY_STALE_GRACE_SECONDS } from "../auth/api-key-authenticator";
import { DEFAULT_WEBSITE_ACCOUNT_SETTINGS } from "./deps";

/** Default of ANSWER_CACHE_MAX_MB: megabytes of settled answers (uncompressed) kept per instance. */
export const DEFAULT_ANSWER_CACHE_MAX_MB = 64;

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

export const PLATFORM_ENV = {
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
  /**
   * false: no market reads an outside source (each market's `outsideSourceSwitches` defaults to
   * false); a switch set explicitly still wins. For the test suites, benchmarks and an api
   * without network: one variable, whatever markets there are.
   */
  OUTSIDE_SOURCES_ENABLED: flag.default(true),
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
  /**
   * Webhook targets on plain http as well as https. For private deployments and tests only: a
   * delivery over http is readable (and its signature replayable) by anyone on the path.
   */
  WEBHOOK_ALLOW_HTTP: flag.default(false),
  /**
   * Webhook targets on loopback, private, link-local and other non-public addresses (a cloud's
   * metadata address stays refused). For private deployments and tests only: otherwise a
   * subscriber could make the api post to the operator's own network.
   */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: flag.default(false),
  /**
   * The OAuth authorization server fetches a client's metadata document (its https `client_id`)
   * from loopback addresses too. For tests only: otherwise anyone calling /oauth/authorize could
   * make the api request its own host. Private and other non-public addresses stay refused.
   */
  OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: flag.default(false),
  /** Milliseconds between the webhook dispatcher's runs on this instance; 0 turns it off here. */
  WEBHOOK_DISPATCH_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2_000),
  /**
   * Milliseconds a webhook delivery may take (resolution, connection, answer), 1 s to 30 s; 15 s by
   * default, the lower end of the specification's 15 to 30 s. A delivering instance's claim lasts
   * four times this, so a live instance always records its outcome first, and an instance killed
   * mid-delivery has its delivery taken over that long after it claimed it. Below 15 s for tests
   * and private deployments whose receivers answer at once.
   */
  WEBHOOK_DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(30_000).default(15_000),
  /** Minutes after midnight UTC before the day just ended is cut into a release (its settlements ran). */
  RELEASE_CUT_DELAY_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60 - 1)
    .default(DEFAULT_RELEASE_CUT_DELAY_MINUTES),
  /** Days of releases kept (the latest always stays); older releases and the vintage rows only they read are removed. */
  RELEASE_RETENTION_DAYS: z.coerce.number().int().min(1).default(DEFAULT_RELEASE_RETENTION_DAYS),
  /**
   * The nginx `internal` location that serves TPI_DATA_DIR/releases (deploy/nginx/tpi.conf), e.g.
   * `/internal/release-files/`: a release file's download is then checked by the api and its
   * bytes sent by nginx (X-Accel-Redirect). Unset (the default, and the one-command start, which
   * has no nginx): the api sends the bytes itself.
   */
  TPI_RELEASE_FILES_ACCEL_PREFIX: z
    .string()
    .regex(
      /^\/[A-Za-z0-9._~/-]*\/$/,
      "a path starting and ending with /, e.g. /internal/release-files/",
    )
    .optional(),
  /** The website's public address: the links in account mails point there. */
  TPI_PUBLIC_SITE_URL: z.string().url().default(DEFAULT_WEBSITE_ACCOUNT_SETTINGS.siteUrl),
  /**
   * The api's public address (scheme, host, port), as its users reach it: the MCP OAuth issuer,
   * and the resource its tokens are for. Unset: the website's (TPI_PUBLIC_SITE_URL), for a
   * deployment that serves the api under the site's name.
   */
  TPI_PUBLIC_API_URL: z.string().url().optional(),
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
