import { createDb, createTestDatabase, findApiKeyByHash, type Db } from "@tpi/db";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { hashApiKey } from "../auth/api-key-secret";
import { readEnv, type Env } from "../env";
import { createLogger } from "../logger";
import { accountCommands } from "./account-commands";
import { UsageError } from "./command";

let env: Env;
let db: Db;
let drop: () => Promise<void>;
const log = createLogger("silent");

beforeAll(async () => {
  const database = await createTestDatabase(inject("pgAdminUrl"));
  drop = database.drop;
  env = readEnv({
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
  const handler = accountCommands[command];
  if (!handler) throw new Error(`no command ${command}`);
  await handler(args, env, log);
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
