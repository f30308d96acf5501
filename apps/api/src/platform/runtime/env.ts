import type { DbTimeouts } from "@tpi/db";
import { z } from "zod";
import type { SmtpConfig } from "../accounts/smtp";
import type { WebsiteAccountSettings } from "../core/deps";
import type { ServerLimits } from "../http/server-limits";
import type { Market } from "../core/market";
import { PLATFORM_ENV, type Env } from "../core/env";

/** Longest wait for a reply of the SMTP server (milliseconds); the outbox retries after it. */
const SMTP_TIMEOUT_MS = 15_000;

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
  const cleaned = withOutsideSourcesOff(
    markets,
    Object.fromEntries(
      Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
    ) as Record<string, string>,
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

/**
 * With OUTSIDE_SOURCES_ENABLED false, every market's outside-source switch that is not set is set
 * to false (an explicit one wins: a test may turn one source on against a loopback stub).
 */
function withOutsideSourcesOff(
  markets: readonly Market[],
  source: Record<string, string>,
): Record<string, string> {
  const all = PLATFORM_ENV.OUTSIDE_SOURCES_ENABLED.safeParse(source.OUTSIDE_SOURCES_ENABLED);
  // An invalid value is left for the schema to name.
  if (!all.success || all.data) return source;
  const switchedOff = markets
    .flatMap((market) => market.outsideSourceSwitches ?? [])
    .filter((name) => !(name in source))
    .map((name) => [name, "false"] as const);
  return { ...source, ...Object.fromEntries(switchedOff) };
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
    apiUrl: env.TPI_PUBLIC_API_URL,
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
