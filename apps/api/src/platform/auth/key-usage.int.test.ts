import {
  createAccount,
  createDb,
  createTestDatabase,
  insertApiKey,
  listKeyUsage,
  type Db,
} from "@tpi/db";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiKeyAuthenticator } from "./api-key-authenticator";
import { generateApiKey } from "./api-key-secret";

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  const database = await createTestDatabase(inject("pgAdminUrl"));
  drop = database.drop;
  db = createDb(database.url, 2);
});
afterAll(async () => {
  await db.$disconnect();
  await drop();
});

describe("per-key daily usage", () => {
  it("is counted in memory per UTC day and added, not set, by every instance's flush", async () => {
    const account = await createAccount(db, { name: "meter", plan: "full", trialEndsAt: null });
    const secret = generateApiKey();
    const key = await insertApiKey(db, {
      accountId: account.id,
      name: "k",
      displayPrefix: secret.displayPrefix,
      keyHash: secret.keyHash,
    });
    const clock = { now: new Date("2026-11-19T23:59:59.000Z") };
    const one = new ApiKeyAuthenticator(db, () => clock.now);
    const two = new ApiKeyAuthenticator(db, () => clock.now);
    const header = `Bearer ${secret.key}`;
    expect((await one.authenticate(header)).ok).toBe(true);
    expect(one.authenticateFromCache(header)?.ok).toBe(true); // the fast lane's path counts too
    expect((await two.authenticate(header)).ok).toBe(true);
    clock.now = new Date("2026-11-20T00:00:01.000Z");
    expect(one.authenticateFromCache(header)?.ok).toBe(true);
    // Nothing is written before a flush.
    expect(await listKeyUsage(db, [key.id], "2026-11-01")).toEqual([]);
    await one.flushLastUsed();
    await two.flushLastUsed();
    await two.flushLastUsed(); // an empty flush adds nothing
    expect(await listKeyUsage(db, [key.id], "2026-11-01")).toEqual([
      { keyId: key.id, day: "2026-11-19", count: 3 },
      { keyId: key.id, day: "2026-11-20", count: 1 },
    ]);
    const stored = await db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(stored.lastUsedAt).toEqual(new Date("2026-11-20T00:00:01.000Z"));
  });
});
