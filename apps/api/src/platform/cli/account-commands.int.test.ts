import { MARKETS } from "../../markets";
import { createDb, createTestDatabase, findApiKeyByHash, listAdminActions, type Db } from "@tpi/db";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { hashApiKey } from "../auth/api-key-secret";
import { readEnv } from "../runtime/env";
import type { Env } from "../core/env";
import { createLogger } from "../observability/logger";
import { ACCOUNT_COMMANDS } from "./account-commands";
import { UsageError } from "./command";

let env: Env;
let db: Db;
let drop: () => Promise<void>;
const log = createLogger("silent");

beforeAll(async () => {
  const database = await createTestDatabase(inject("pgAdminUrl"));
  drop = database.drop;
  env = readEnv(MARKETS, {
    DATABASE_URL: database.url,
    LOG_LEVEL: "silent",
    TRIAL_PERIOD_HOURS: "24",
    MAX_KEYS_PER_ACCOUNT: "2",
  });
  db = createDb(database.url, 2);
});
afterAll(async () => {
  await db.$disconnect();
  await drop();
});
afterEach(() => vi.restoreAllMocks());

/** Runs a command and returns what it printed. */
async function run(command: "accounts" | "keys", ...args: string[]): Promise<string[]> {
  const printed: string[] = [];
  vi.spyOn(console, "log").mockImplementation((...parts: unknown[]) =>
    printed.push(parts.join(" ")),
  );
  const handler = ACCOUNT_COMMANDS.commands[command];
  if (!handler) throw new Error(`no command ${command}`);
  await handler(args, { env, log, markets: MARKETS });
  vi.restoreAllMocks();
  return printed;
}

const UUID = "[0-9a-f-]{36}";

describe("operator commands", () => {
  it("creates, lists and re-plans accounts, saying what they did", async () => {
    const before = Date.now();
    const [created = ""] = await run(
      "accounts",
      "create",
      "--name",
      "Acme Research",
      "--plan",
      "trial",
    );
    const match = new RegExp(
      `^created account (${UUID}) 'Acme Research' \\(plan trial, trial ends (\\S+)\\)$`,
    ).exec(created);
    expect(match).not.toBeNull();
    const [, accountId = "", trialEnds = ""] = match ?? [];
    const trialMs = new Date(trialEnds).getTime() - before;
    expect(trialMs).toBeGreaterThanOrEqual(24 * 3_600_000 - 1_000); // TRIAL_PERIOD_HOURS=24
    expect(trialMs).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);

    const listed = await run("accounts", "list");
    expect(
      listed.some(
        (line) =>
          line.startsWith(`${accountId} 'Acme Research' (plan trial`) &&
          line.includes("0 active key(s)"),
      ),
    ).toBe(true);
    expect(listed.at(-1)).toMatch(/^\d+ account\(s\)$/);

    const [upgraded = ""] = await run(
      "accounts",
      "set-plan",
      "--account",
      accountId,
      "--plan",
      "premium",
    );
    expect(upgraded).toBe(
      `account ${accountId} 'Acme Research' (plan premium): plan set to premium; every api instance applies it within 4 seconds`,
    );
    const stored = await db.account.findUniqueOrThrow({ where: { id: accountId } });
    expect(stored.plan).toBe("premium");
    expect(stored.trialEndsAt).toBeNull();
    // Recorded in the operators' action log, by the command line.
    const [action] = await listAdminActions(db, 1);
    expect(action).toMatchObject({
      actor: "cli",
      actorAccountId: null,
      action: "set-plan",
      target: `account:${accountId}`,
      details: { from: "trial", to: "premium" },
    });
  });

  it("grants and revokes the admin role by email address or id, recorded as by cli", async () => {
    const account = await db.account.create({
      data: { name: "ops@example.com", plan: "full", email: "ops@example.com" },
    });
    const [granted = ""] = await run("accounts", "grant-admin", "OPS@example.com");
    expect(granted).toBe(
      `granted the admin role to account ${account.id} 'ops@example.com' <ops@example.com> (plan full, admin)`,
    );
    expect((await db.account.findUniqueOrThrow({ where: { id: account.id } })).role).toBe("admin");
    const [revoked = ""] = await run("accounts", "revoke-admin", account.id);
    expect(revoked).toBe(
      `revoked the admin role of account ${account.id} 'ops@example.com' <ops@example.com> (plan full)`,
    );
    expect((await db.account.findUniqueOrThrow({ where: { id: account.id } })).role).toBe("user");
    const actions = await listAdminActions(db, 2);
    expect(actions.map((a) => [a.actor, a.action, a.target])).toEqual([
      ["cli", "revoke-admin", `account:${account.id}`],
      ["cli", "grant-admin", `account:${account.id}`],
    ]);
    await expect(run("accounts", "grant-admin", "nobody@example.com")).rejects.toThrow(
      "no account has the email address 'nobody@example.com'",
    );
    await expect(run("accounts", "grant-admin")).rejects.toThrow(UsageError);
  });

  it("creates a key printed once, lists it without the secret, and revokes it", async () => {
    const printed = await run(
      "keys",
      "create",
      "--name",
      "ci",
      "--account-name",
      "Beta",
      "--plan",
      "full",
    );
    expect(printed[0]).toMatch(new RegExp(`^created account ${UUID} 'Beta' \\(plan full\\)$`));
    const keyLine = new RegExp(
      `^created API key (${UUID}) 'ci' \\((tpi_sk_\\w{6})…\\) for account (${UUID})$`,
    ).exec(printed[1] ?? "");
    expect(keyLine).not.toBeNull();
    const [, keyId = "", prefix = "", accountId = ""] = keyLine ?? [];
    const secret = printed[3] ?? "";
    expect(secret.startsWith(prefix)).toBe(true);
    expect((await findApiKeyByHash(db, hashApiKey(secret)))?.id).toBe(keyId);

    const listed = await run("keys", "list", "--account", accountId);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toContain(`${keyId}  ${prefix}…  'ci'  account ${accountId}`);
    expect(listed[0]).toContain("last used never  active");
    expect(listed.join("\n")).not.toContain(secret);

    const [revoked = ""] = await run("keys", "revoke", "--id", keyId);
    expect(revoked).toMatch(
      new RegExp(
        `^revoked API key ${keyId} 'ci' \\(${prefix}…\\) of account ${accountId}; every api instance applies it within 4 seconds$`,
      ),
    );
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).revokedAt).not.toBeNull();
    const [again = ""] = await run("keys", "revoke", "--id", keyId);
    expect(again).toMatch(/was already revoked at /);
    expect((await run("keys", "list", "--account", accountId))[0]).toMatch(/revoked \d{4}-/);
  });

  it("enforces the keys-per-account limit for operators too", async () => {
    const [created = ""] = await run("accounts", "create", "--name", "Gamma", "--plan", "full");
    const accountId = /account (\S+)/.exec(created)?.[1] ?? "";
    await run("keys", "create", "--name", "one", "--account", accountId);
    await run("keys", "create", "--name", "two", "--account", accountId);
    await expect(run("keys", "create", "--name", "three", "--account", accountId)).rejects.toThrow(
      /already has 2 active API keys/,
    );
  });

  it("purges website accounts never confirmed, only old ones without keys or admin role", async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const make = (email: string, createdAt: Date, extra: Record<string, unknown> = {}) =>
      db.account.create({ data: { name: email, plan: "trial", email, createdAt, ...extra } });
    const stale = await make("stale@example.com", daysAgo(40));
    await db.webSession.create({
      data: {
        accountId: stale.id,
        tokenHash: "purge-test-session",
        createdAt: daysAgo(40),
        expiresAt: daysAgo(26),
        lastSeenAt: daysAgo(40),
      },
    });
    const recent = await make("recent@example.com", daysAgo(3));
    const confirmed = await make("confirmed@example.com", daysAgo(40), {
      emailVerifiedAt: daysAgo(39),
    });
    const admin = await make("old.admin@example.com", daysAgo(40), { role: "admin" });
    const cliAccount = await db.account.create({
      data: { name: "made on the command line", plan: "full", createdAt: daysAgo(40) },
    });

    const printed = await run("accounts", "purge-unverified");
    expect(printed[0]).toMatch(new RegExp(`^deleted ${stale.id} stale@example.com \\(created `));
    expect(printed.at(-1)).toMatch(/^deleted 1 unconfirmed account\(s\) created before \S+Z$/);
    const left = await db.account.findMany({
      where: { id: { in: [stale.id, recent.id, confirmed.id, admin.id, cliAccount.id] } },
    });
    expect(left.map((a) => a.id).sort()).toEqual(
      [recent.id, confirmed.id, admin.id, cliAccount.id].sort(),
    );
    expect(await db.webSession.count({ where: { accountId: stale.id } })).toBe(0);
    const [action] = await listAdminActions(db, 1);
    expect([action?.actor, action?.action, action?.target]).toEqual([
      "cli",
      "purge-unverified",
      "accounts:1",
    ]);

    // A shorter age reaches the recent one; nothing left to delete says so.
    expect((await run("accounts", "purge-unverified", "--older-than-days", "2")).at(-1)).toMatch(
      /^deleted 1 unconfirmed/,
    );
    expect((await run("accounts", "purge-unverified", "--older-than-days", "2")).at(-1)).toMatch(
      /^deleted 0 unconfirmed/,
    );
    for (const bad of ["0", "1.5", "soon", "9".repeat(20)])
      await expect(
        run("accounts", "purge-unverified", "--older-than-days", bad),
      ).rejects.toBeInstanceOf(UsageError);
  });

  it("rejects bad arguments with a usage error", async () => {
    await expect(run("accounts", "create", "--name", "X", "--plan", "gold")).rejects.toBeInstanceOf(
      UsageError,
    );
    await expect(run("keys", "create", "--name", "", "--account", "x")).rejects.toBeInstanceOf(
      UsageError,
    );
    await expect(run("keys", "revoke")).rejects.toBeInstanceOf(UsageError);
    await expect(run("accounts", "rename")).rejects.toBeInstanceOf(UsageError);
    await expect(run("keys", "revoke", "--id", "not-a-uuid")).rejects.toBeInstanceOf(UsageError);
    await expect(
      run("keys", "revoke", "--id", "00000000-0000-0000-0000-000000000000"),
    ).rejects.toThrow(/no API key has the id/);
    await expect(
      run(
        "accounts",
        "set-plan",
        "--account",
        "00000000-0000-0000-0000-000000000000",
        "--plan",
        "full",
      ),
    ).rejects.toThrow(/no account has the id/);
  });
});
