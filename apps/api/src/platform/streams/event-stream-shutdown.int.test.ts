import { appendEvents, createAccount, createTestDatabase, insertApiKey } from "@tpi/db";
import { dayPeriod, eventOf } from "@tpi/domain";
import { afterAll, expect, inject, it } from "vitest";
import { generateApiKey } from "../auth/api-key-secret";
import type { RunningServer } from "../server";
import { isLive, openEventStream } from "../../testing/event-stream-client";
import { startInProcessServer } from "../../testing/in-process-server";
import { EVENT_STREAM_PATH } from "./stream-route";

/**
 * A stream never ends by itself, so the server's stop ends the streams first: the drain then
 * finishes at once instead of cutting them after SHUTDOWN_GRACE_MS (main.ts exits 0 once
 * `close()` resolves). The grace here is longer than the test's time limit: a stream left open
 * fails the test.
 */
const { url: databaseUrl, drop } = await createTestDatabase(inject("pgAdminUrl"));
const lines: string[] = [];
let running: RunningServer | undefined;
afterAll(async () => {
  await running?.close();
  await drop();
});

it("ends open streams at shutdown, so the server drains without waiting out the grace", async () => {
  running = await startInProcessServer({
    databaseUrl,
    now: new Date("2026-11-28T22:00:00Z"),
    lines,
    variables: { SEED_SAMPLE_ON_EMPTY: "false", SHUTDOWN_GRACE_MS: "60000" },
  });
  const db = running.runtime.database.db;
  const account = await createAccount(db, { name: "stream", plan: "full", trialEndsAt: null });
  const secret = generateApiKey();
  await insertApiKey(db, {
    accountId: account.id,
    name: "stream key",
    displayPrefix: secret.displayPrefix,
    keyHash: secret.keyHash,
  });
  const opened = await openEventStream(`${running.url}${EVENT_STREAM_PATH}`, {
    authorization: `Bearer ${secret.key}`,
  });
  await opened.waitFor(isLive, "live");
  const event = eventOf(
    {
      type: "value.settled",
      data: {
        market: "gpu",
        series: "H200",
        period: dayPeriod("2026-11-28"),
        values: [{ name: "value", value: 2, unit: "USD per GPU-hour" }],
        methodologyVersion: "1.0",
        sources: [],
        previous: null,
      },
    },
    new Date("2026-11-28T21:05:00Z"),
  );
  await db.$transaction((tx) => appendEvents(tx, [event]));
  // Heard by the notification or the next poll (2 s).
  await opened.waitFor((frame) => frame.kind === "event", "the event");
  const stopping = running.close();
  running = undefined;
  await opened.ended;
  await stopping;
  expect(lines.join("\n")).not.toMatch(/still running after/);
}, 30_000);
