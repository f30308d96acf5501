import { describe, expect, it } from "vitest";
import { EVENT_PAYLOAD_VERSION, EVENT_TYPE_NAMES, isEventType } from "./catalogue";

describe("the event catalogue", () => {
  it("names each type as the Standard Webhooks specification recommends: noun.verb of [a-zA-Z0-9_]", () => {
    expect(EVENT_TYPE_NAMES).toEqual([
      "value.settled",
      "print.published",
      "value.revised",
      "threshold.crossed",
      "source.degraded",
      "source.recovered",
    ]);
    for (const type of EVENT_TYPE_NAMES) expect(type).toMatch(/^[a-zA-Z0-9_]+(\.[a-zA-Z0-9_]+)+$/);
  });

  it("knows its own types only, case-sensitively, and not an object's inherited keys", () => {
    expect(isEventType("value.settled")).toBe(true);
    expect(isEventType("Value.Settled")).toBe(false);
    expect(isEventType("value.restated")).toBe(false);
    expect(isEventType("toString")).toBe(false);
  });

  it("starts the payload layout at version 1", () => {
    expect(EVENT_PAYLOAD_VERSION).toBe(1);
  });
});
