import { createDb, createTestDatabase, type Db } from "@tpi/db";
import { WEBHOOK_MESSAGES } from "@tpi/domain";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { MARKETS } from "../../markets";
import type { Env } from "../core/env";
import { createLogger } from "../observability/logger";
import { readEnv } from "../runtime/env";
import { jsonStubForFile } from "../../testing/file-fixtures";
import { UsageError } from "./command";
import { WEBHOOK_COMMANDS } from "./webhook-commands";

const receiver = await jsonStubForFile(() => ({ status: 200, body: { received: true } }));

let env: Env;
let db: Db;
let drop: () => Promise<void>;
const log = createLogger("silent");
const EMAIL = "ops-webhooks@example.com";

beforeAll(async () => {
  const database = await createTestDatabase(inject("pgAdminUrl"));
  drop = database.drop;
  env = readEnv(MARKETS, {
    DATABASE_URL: database.url,
    LOG_LEVEL: "silent",
    WEBHOOK_ALLOW_HTTP: "true",
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
  });
  db = createDb(database.url, 2);
  await db.account.create({ data: { name: "Ops", plan: "premium", email: EMAIL } });
});
afterAll(async () => {
  await db.$disconnect();
  await drop();
});
afterEach(() => vi.restoreAllMocks());

/** Runs `tpi webhooks ...` and returns what it printed. */
async function webhooks(...args: string[]): Promise<string[]> {
  const printed: string[] = [];
  vi.spyOn(console, "log").mockImplementation((...parts: unknown[]) =>
    printed.push(parts.join(" ")),
  );
  const handler = WEBHOOK_COMMANDS.commands["webhooks"];
  if (!handler) throw new Error("no webhooks command");
  try {
    await handler(args, { env, log, markets: MARKETS });
  } finally {
    vi.restoreAllMocks();
  }
  return printed;
}

describe("tpi webhooks", () => {
  it("creates, lists, pauses, tests, reads the log of and deletes a subscription, saying what each did", async () => {
    const url = `${receiver.url}/ops`;
    const created = await webhooks(
      "create",
      "--email",
      EMAIL,
      "--url",
      url,
      "--filter",
      '{"types":["value.settled"],"markets":["gpu"]}',
    );
    const id =
      /^created webhook subscription (\S+) {2}active {2}/.exec(created[0] ?? "")?.[1] ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created[1]).toMatch(/^signing secret \(shown once\): whsec_/);
    expect(await webhooks("list", "--email", EMAIL)).toEqual([
      expect.stringContaining(
        `${id}  active  ${url}  filter {"types":["value.settled"],"markets":["gpu"]`,
      ),
      "1 of 5 subscription(s) on plan premium; 0 of 5000 deliveries today (UTC)",
    ]);
    expect(await webhooks("pause", "--email", EMAIL, "--id", id)).toEqual([
      expect.stringMatching(
        /^paused: \S+ {2}paused {2}.*; no events are queued for it until it is resumed$/,
      ),
    ]);
    const [tested] = await webhooks("test", "--email", EMAIL, "--id", id);
    expect(tested).toMatch(
      new RegExp(`^test delivery to ${id}: delivered \\(answered 200, \\d+ ms\\)$`),
    );
    expect(receiver.requests.map((request) => request.path)).toEqual(["/ops"]);
    const log = await webhooks("deliveries", "--email", EMAIL, "--id", id);
    expect(log).toEqual([
      expect.stringMatching(/^test \S+ {2}delivered {2}status 200 {2}\d+ ms$/),
      "0 deliveries",
    ]);
    const [rotated, overlap] = await webhooks("rotate-secret", "--email", EMAIL, "--id", id);
    expect(rotated).toMatch(new RegExp(`^new signing secret for ${id} \\(shown once\\): whsec_`));
    expect(overlap).toMatch(/^the previous secret also signs until \S+Z$/);
    expect(await webhooks("delete", "--email", EMAIL, "--id", id)).toEqual([
      `deleted webhook subscription ${id} with its queued deliveries and log`,
    ]);
  });

  it("fails with the api's words on a refusal, and as a usage error on a mistyped call", async () => {
    await expect(
      webhooks("pause", "--email", EMAIL, "--id", "00000000-0000-4000-8000-000000000000"),
    ).rejects.toThrow(WEBHOOK_MESSAGES.notFound);
    await expect(webhooks("list", "--email", "nobody@example.com")).rejects.toThrow(
      "no account has the email address 'nobody@example.com'",
    );
    await expect(webhooks("list")).rejects.toThrow(UsageError);
    await expect(webhooks("frobnicate")).rejects.toThrow(UsageError);
    await expect(
      webhooks("create", "--email", EMAIL, "--url", `${receiver.url}/x`, "--filter", "{"),
    ).rejects.toThrow("--filter must be a JSON object");
    await expect(
      webhooks(
        "create",
        "--email",
        EMAIL,
        "--url",
        `${receiver.url}/x`,
        "--filter",
        '{"markets":["bananas"]}',
      ),
    ).rejects.toThrow("Invalid market 'bananas'");
  });
});
