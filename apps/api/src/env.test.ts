// @module-tag zone
import { MARKETS } from "./markets";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { methodologyRulesFrom as rulesOfTokenEnv, tokenEnvOf } from "./markets/token/jobs/settings";
import { openRouterConfigFrom as openRouterOfTokenEnv } from "./platform/ingest/openrouter-config";

/** The token market's settings from the validated environment (readEnv checked its variables). */
const methodologyRulesFrom = (env: Record<string, unknown>) => rulesOfTokenEnv(tokenEnvOf(env));
const openRouterConfigFrom = (env: Record<string, unknown>) =>
  openRouterOfTokenEnv(tokenEnvOf(env));
import { REPO_ROOT } from "./platform/core/env";
import {
  databaseTimeoutsFrom,
  mailSettingsFrom,
  readEnv,
  smtpConfigFrom,
  websiteAccountSettingsFrom,
} from "./platform/runtime/env";

describe("rate-limit, key and CORS configuration", () => {
  it("defaults: trust proxy off, no trusted or CORS origins, 72-hour trials, 10 keys, no Redis", () => {
    const env = readEnv(MARKETS, {});
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.RATE_LIMIT_TRUSTED_ORIGINS).toEqual([]);
    expect(env.CORS_ORIGINS).toEqual([]);
    expect(env.TRIAL_PERIOD_HOURS).toBe(72);
    expect(env.MAX_KEYS_PER_ACCOUNT).toBe(10);
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.RATE_LIMIT_REDIS_PREFIX).toBe("tpi:rl:");
  });

  it("reads LOG_FORMAT as json or pretty (each entry point picks its default) and refuses others", () => {
    expect(readEnv(MARKETS, {}).LOG_FORMAT).toBeUndefined();
    expect(readEnv(MARKETS, { LOG_FORMAT: "pretty" }).LOG_FORMAT).toBe("pretty");
    expect(() => readEnv(MARKETS, { LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
  });

  it("reads trust proxy as a hop count or a list of proxies, and refuses 'true'", () => {
    expect(readEnv(MARKETS, { TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(readEnv(MARKETS, { TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(readEnv(MARKETS, { TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
    ]);
    expect(() => readEnv(MARKETS, { TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
  });

  it("reads origin lists and limits", () => {
    const env = readEnv(MARKETS, {
      RATE_LIMIT_TRUSTED_ORIGINS: "https://a.example.com, https://b.example.com",
      CORS_ORIGINS: "https://app.example.com",
      TRIAL_PERIOD_HOURS: "24",
      MAX_KEYS_PER_ACCOUNT: "3",
      REDIS_URL: "redis://127.0.0.1:6379",
    });
    expect(env.RATE_LIMIT_TRUSTED_ORIGINS).toEqual([
      "https://a.example.com",
      "https://b.example.com",
    ]);
    expect(env.CORS_ORIGINS).toEqual(["https://app.example.com"]);
    expect(env.TRIAL_PERIOD_HOURS).toBe(24);
    expect(env.MAX_KEYS_PER_ACCOUNT).toBe(3);
    expect(() => readEnv(MARKETS, { MAX_KEYS_PER_ACCOUNT: "0" })).toThrow(/MAX_KEYS_PER_ACCOUNT/);
  });
});

describe("outside sources", () => {
  const switches = MARKETS.flatMap((market) => market.outsideSourceSwitches ?? []);
  const valuesOf = (env: Record<string, unknown>) =>
    Object.fromEntries(switches.map((name) => [name, env[name]]));

  it("are on by default: every market's switch reads true", () => {
    expect(switches.length).toBeGreaterThan(0);
    expect(valuesOf(readEnv(MARKETS, {}))).toEqual(
      Object.fromEntries(switches.map((name) => [name, true])),
    );
  });

  it("OUTSIDE_SOURCES_ENABLED=false turns every market's switch off; one set explicitly wins", () => {
    expect(valuesOf(readEnv(MARKETS, { OUTSIDE_SOURCES_ENABLED: "false" }))).toEqual(
      Object.fromEntries(switches.map((name) => [name, false])),
    );
    const [first = "", ...others] = switches;
    const env = readEnv(MARKETS, { OUTSIDE_SOURCES_ENABLED: "no", [first]: "true" });
    expect(valuesOf(env)).toEqual(
      Object.fromEntries([[first, true], ...others.map((name) => [name, false])]),
    );
  });

  it("refuses a value that is not a yes or no, naming the variable", () => {
    expect(() => readEnv(MARKETS, { OUTSIDE_SOURCES_ENABLED: "maybe" })).toThrow(
      /OUTSIDE_SOURCES_ENABLED/,
    );
  });

  it("every switch is a yes/no variable of its own market", () => {
    for (const market of MARKETS)
      for (const name of market.outsideSourceSwitches ?? [])
        expect(Object.keys(market.env), `${market.name}: ${name}`).toContain(name);
  });
});

describe("methodology configuration", () => {
  it("estimates total-only splits with 0.75 unless ESTIMATED_INPUT_SHARE says otherwise", () => {
    expect(methodologyRulesFrom(readEnv(MARKETS, {})).estimatedInputShare).toBe(0.75);
    expect(
      methodologyRulesFrom(readEnv(MARKETS, { ESTIMATED_INPUT_SHARE: "0.8" })).estimatedInputShare,
    ).toBe(0.8);
  });

  it("refuses a share outside (0, 1) or with more than 4 decimals, naming the variable", () => {
    for (const value of ["1", "0", "-0.2", "0.12345", "abc"])
      expect(() => readEnv(MARKETS, { ESTIMATED_INPUT_SHARE: value }), value).toThrow(
        /ESTIMATED_INPUT_SHARE/,
      );
  });
});

describe("OpenRouter configuration", () => {
  it("is off without a key; with one, the connector's settings and their defaults", () => {
    expect(openRouterConfigFrom(readEnv(MARKETS, {}))).toBeUndefined();
    const env = readEnv(MARKETS, { OPENROUTER_API_KEY: "sk-or-v1-abc" });
    expect(openRouterConfigFrom(env)).toMatchObject({
      baseUrl: "https://openrouter.ai",
      apiKey: "sk-or-v1-abc",
      minRequestIntervalMs: 2_100,
      dailyRequestBudget: 500,
    });
    expect(env.OPENROUTER_STARTUP_DAYS).toBe(30);
    expect(env.OPENROUTER_SYNC_HOUR_UTC).toBe(3);
    expect(env.OPENROUTER_BACKFILL_FROM).toBeUndefined();
  });

  it("refuses a back-fill day before the dataset or not a real day, and an hour outside 0 to 23", () => {
    expect(
      readEnv(MARKETS, { OPENROUTER_BACKFILL_FROM: "2025-03-01" }).OPENROUTER_BACKFILL_FROM,
    ).toBe("2025-03-01");
    expect(() => readEnv(MARKETS, { OPENROUTER_BACKFILL_FROM: "2024-12-31" })).toThrow(
      /OPENROUTER_BACKFILL_FROM/,
    );
    expect(() => readEnv(MARKETS, { OPENROUTER_BACKFILL_FROM: "2025-02-30" })).toThrow(
      /OPENROUTER_BACKFILL_FROM/,
    );
    expect(() => readEnv(MARKETS, { OPENROUTER_SYNC_HOUR_UTC: "24" })).toThrow(
      /OPENROUTER_SYNC_HOUR_UTC/,
    );
  });

  it("never puts the key in a configuration error", () => {
    const key = "sk-or-v1-secret-value";
    expect(() =>
      readEnv(MARKETS, { OPENROUTER_API_KEY: key, OPENROUTER_SYNC_HOUR_UTC: "x" }),
    ).toThrow(expect.objectContaining({ message: expect.not.stringContaining(key) }));
  });
});

describe("database timeouts, key grace and shutdown", () => {
  it("defaults: seconds for requests, two minutes for jobs, five minutes of key grace, 10 s drain", () => {
    const env = readEnv(MARKETS, {});
    expect(databaseTimeoutsFrom(env)).toEqual({
      request: { connectMs: 3_000, statementMs: 5_000, idleInTransactionMs: 60_000 },
      job: { connectMs: 3_000, statementMs: 120_000, idleInTransactionMs: 60_000 },
    });
    expect(env.KEY_STALE_GRACE_SECONDS).toBe(300);
    expect(env.SHUTDOWN_GRACE_MS).toBe(10_000);
    expect(env.SHUTDOWN_IDLE_CLOSE_MS).toBe(5_000);
  });

  it("reads each and refuses values outside their bounds", () => {
    const env = readEnv(MARKETS, {
      DATABASE_CONNECT_TIMEOUT_MS: "1500",
      DATABASE_STATEMENT_TIMEOUT_MS: "2000",
      DATABASE_JOB_STATEMENT_TIMEOUT_MS: "600000",
      DATABASE_IDLE_TX_TIMEOUT_MS: "30000",
      KEY_STALE_GRACE_SECONDS: "0",
      SHUTDOWN_GRACE_MS: "0",
      SHUTDOWN_IDLE_CLOSE_MS: "0",
    });
    expect(databaseTimeoutsFrom(env)).toEqual({
      request: { connectMs: 1_500, statementMs: 2_000, idleInTransactionMs: 30_000 },
      job: { connectMs: 1_500, statementMs: 600_000, idleInTransactionMs: 30_000 },
    });
    expect(env.KEY_STALE_GRACE_SECONDS).toBe(0);
    expect(env.SHUTDOWN_GRACE_MS).toBe(0);
    expect(env.SHUTDOWN_IDLE_CLOSE_MS).toBe(0);
    expect(() => readEnv(MARKETS, { DATABASE_STATEMENT_TIMEOUT_MS: "0" })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
    expect(() => readEnv(MARKETS, { DATABASE_CONNECT_TIMEOUT_MS: "-1" })).toThrow(
      /DATABASE_CONNECT_TIMEOUT_MS/,
    );
    expect(() => readEnv(MARKETS, { KEY_STALE_GRACE_SECONDS: "1.5" })).toThrow(
      /KEY_STALE_GRACE_SECONDS/,
    );
    expect(() => readEnv(MARKETS, { SHUTDOWN_GRACE_MS: "600001" })).toThrow(/SHUTDOWN_GRACE_MS/);
    expect(() => readEnv(MARKETS, { SHUTDOWN_IDLE_CLOSE_MS: "-1" })).toThrow(
      /SHUTDOWN_IDLE_CLOSE_MS/,
    );
  });
});

describe("HTTP server limits", () => {
  it("defaults: 10 s for headers, 30 s per request, 65 s keep-alive, 4096 connections", () => {
    const env = readEnv(MARKETS, {});
    expect(env.HTTP_HEADERS_TIMEOUT_MS).toBe(10_000);
    expect(env.HTTP_REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(env.HTTP_KEEP_ALIVE_TIMEOUT_MS).toBe(65_000);
    expect(env.HTTP_MAX_CONNECTIONS).toBe(4_096);
  });

  it("refuses values out of bounds and a headers timeout longer than the request timeout", () => {
    expect(() => readEnv(MARKETS, { HTTP_MAX_CONNECTIONS: "0" })).toThrow(/HTTP_MAX_CONNECTIONS/);
    expect(() => readEnv(MARKETS, { HTTP_KEEP_ALIVE_TIMEOUT_MS: "50" })).toThrow(
      /HTTP_KEEP_ALIVE_TIMEOUT_MS/,
    );
    expect(() =>
      readEnv(MARKETS, { HTTP_HEADERS_TIMEOUT_MS: "20000", HTTP_REQUEST_TIMEOUT_MS: "10000" }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS/);
  });
});

describe("website accounts and mail", () => {
  it("NEW_ACCOUNT_PLAN and OPERATOR_MAIL: read, checked, passed to the accounts", () => {
    const env = readEnv(MARKETS, {
      NEW_ACCOUNT_PLAN: "premium",
      OPERATOR_MAIL: "Ops@Example.com, boss@example.org",
    });
    expect(websiteAccountSettingsFrom(env)).toMatchObject({
      newAccountPlan: "premium",
      operatorMail: ["ops@example.com", "boss@example.org"],
    });
    expect(() => readEnv(MARKETS, { NEW_ACCOUNT_PLAN: "gold" })).toThrow(/NEW_ACCOUNT_PLAN/);
    expect(() => readEnv(MARKETS, { OPERATOR_MAIL: "ops@example.com, nobody" })).toThrow(
      /OPERATOR_MAIL: must be email addresses/,
    );
  });

  it("defaults: Secure cookies, mails to the log, links to the local website", () => {
    const env = readEnv(MARKETS, {});
    expect(websiteAccountSettingsFrom(env)).toEqual({
      siteUrl: "http://localhost:3000",
      cookieSecure: true,
      trialPeriodHours: 72,
      newAccountPlan: "trial",
      operatorMail: [],
    });
    expect(env.MAIL_TRANSPORT).toBe("log");
    expect(smtpConfigFrom(env)).toBeUndefined();
    // Outside production (development, tests) the log carries the links: that is how they arrive.
    expect(mailSettingsFrom(env)).toEqual({ transport: "log", links: true });
  });

  it("refuses the log transport in production unless MAIL_LOG_LINKS says what to do with the links", () => {
    const production = { NODE_ENV: "production" };
    expect(() => mailSettingsFrom(readEnv(MARKETS, production))).toThrow(
      /MAIL_TRANSPORT=log in production .*MAIL_TRANSPORT=smtp.*MAIL_LOG_LINKS=false.*MAIL_LOG_LINKS=true/,
    );
    expect(() =>
      mailSettingsFrom(readEnv(MARKETS, { ...production, MAIL_TRANSPORT: "log" })),
    ).toThrow(/MAIL_LOG_LINKS/);
    expect(mailSettingsFrom(readEnv(MARKETS, { ...production, MAIL_LOG_LINKS: "false" }))).toEqual({
      transport: "log",
      links: false,
    });
    expect(mailSettingsFrom(readEnv(MARKETS, { ...production, MAIL_LOG_LINKS: "true" }))).toEqual({
      transport: "log",
      links: true,
    });
    expect(mailSettingsFrom(readEnv(MARKETS, { MAIL_LOG_LINKS: "false" }))).toEqual({
      transport: "log",
      links: false,
    });
    expect(
      mailSettingsFrom(
        readEnv(MARKETS, { ...production, MAIL_TRANSPORT: "smtp", SMTP_HOST: "127.0.0.1" }),
      ),
    ).toMatchObject({ transport: "smtp", smtp: { host: "127.0.0.1" } });
    expect(() => readEnv(MARKETS, { MAIL_LOG_LINKS: "maybe" })).toThrow(/MAIL_LOG_LINKS/);
  });

  it("allows cookies without Secure only for a website on plain http on loopback", () => {
    expect(
      websiteAccountSettingsFrom(
        readEnv(MARKETS, {
          TPI_SITE_PLAIN_HTTP: "true",
          TPI_PUBLIC_SITE_URL: "http://127.0.0.1:3000",
        }),
      ).cookieSecure,
    ).toBe(false);
    expect(() =>
      readEnv(MARKETS, {
        TPI_SITE_PLAIN_HTTP: "true",
        TPI_PUBLIC_SITE_URL: "https://tpi.example.org",
      }),
    ).toThrow(/TPI_SITE_PLAIN_HTTP/);
    expect(() =>
      readEnv(MARKETS, {
        TPI_SITE_PLAIN_HTTP: "true",
        TPI_PUBLIC_SITE_URL: "http://tpi.example.org",
      }),
    ).toThrow(/TPI_SITE_PLAIN_HTTP/);
  });

  it("needs SMTP_HOST for SMTP, and TLS to send credentials beyond loopback", () => {
    expect(() => readEnv(MARKETS, { MAIL_TRANSPORT: "smtp" })).toThrow(/SMTP_HOST: is required/);
    expect(() =>
      readEnv(MARKETS, { MAIL_TRANSPORT: "smtp", SMTP_HOST: "mail.example.org", SMTP_USER: "u" }),
    ).toThrow(/SMTP_SECURE/);
    const env = readEnv(MARKETS, {
      MAIL_TRANSPORT: "smtp",
      SMTP_HOST: "mail.example.org",
      SMTP_PORT: "465",
      SMTP_SECURE: "true",
      SMTP_USER: "u",
      SMTP_PASSWORD: "p",
      MAIL_FROM: "accounts@example.org",
    });
    expect(smtpConfigFrom(env)).toMatchObject({
      host: "mail.example.org",
      port: 465,
      secure: true,
      user: "u",
      password: "p",
      from: "accounts@example.org",
    });
    expect(
      readEnv(MARKETS, { MAIL_TRANSPORT: "smtp", SMTP_HOST: "127.0.0.1", SMTP_USER: "u" })
        .SMTP_SECURE,
    ).toBe(false);
  });
});

describe("deploy/tpi.env.example", () => {
  it("starts a production api that sends account mail over TLS to the public site's links", () => {
    const example = readFileSync(join(REPO_ROOT, "deploy", "tpi.env.example"), "utf8");
    const variables = Object.fromEntries(
      example
        .split("\n")
        .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    // The systemd unit adds NODE_ENV=production.
    const env = readEnv(MARKETS, { ...variables, NODE_ENV: "production" });
    expect(mailSettingsFrom(env)).toMatchObject({
      transport: "smtp",
      smtp: { secure: true, port: 465 },
    });
    expect(websiteAccountSettingsFrom(env).siteUrl).toMatch(/^https:\/\//);
    // The website's own variable: one proxy (nginx) appends the visitor's address.
    expect(variables.TPI_TRUST_PROXY).toBe("1");
  });
});
