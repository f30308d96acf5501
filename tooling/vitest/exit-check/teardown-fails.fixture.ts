import { afterAll, expect, test } from "vitest";

// Deliberately failing tear-down: the test itself passes.
afterAll(() => {
  throw new Error("tear-down failed (exit-status check)");
});

test("passes", () => {
  expect(true).toBe(true);
});
