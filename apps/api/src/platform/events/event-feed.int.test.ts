import { appendEvents, createDb, createTestDatabase, type StoredEvent } from "@tpi/db";
import { dayPeriod, eventOf } from "@tpi/domain";
import { afterAll, expect, inject, it } from "vitest";
import { createLogger } from "../observability/logger";
import { EventFeed } from "./event-feed";

const database = await createTestDatabase(inject("pgAdminUrl"));
const db = createDb(database.url, 2);
const lines: string[] = [];
const feed = new EventFeed(
  db,
  { pollMs: 60_000, batchSize: 100 },
  createLogger("error", (line) => lines.push(line)),
);
afterAll(async () => {
  await feed.close();
  await db.$disconnect();
  await database.drop();
});

const event = eventOf(
  {
    type: "value.settled",
    data: {
      market: "gpu",
      series: "H200",
      period: dayPeriod("2026-11-27"),
      values: [{ name: "value", value: 2, unit: "USD per GPU-hour" }],
      methodologyVersion: "1.0",
      sources: [],
      previous: null,
    },
  },
  new Date("2026-11-28T21:05:00Z"),
);

it("tells every listener a batch when one throws, and ends only the one that threw", async () => {
  const failures: unknown[] = [];
  const heard: (readonly StoredEvent[])[] = [];
  let heardAll: () => void = () => undefined;
  const allHeard = new Promise<void>((resolve) => (heardAll = resolve));
  // The failing listener first: the listeners after it must hear the batch all the same.
  await feed.subscribe(
    () => {
      throw new Error("a stream broke");
    },
    (error) => failures.push(error),
  );
  for (let i = 0; i < 2; i++)
    await feed.subscribe(
      (events) => {
        heard.push(events);
        if (heard.length === 2) heardAll();
      },
      (error) => failures.push(error),
    );
  await db.$transaction((tx) => appendEvents(tx, [event]));
  feed.wake();
  await allHeard;
  expect(heard.map((events) => events.map((stored) => stored.event.id))).toEqual([
    [event.id],
    [event.id],
  ]);
  expect(failures).toEqual([new Error("a stream broke")]);
  expect(lines.join("\n")).toMatch(/a listener failed on a batch; its stream is ended/);
});
