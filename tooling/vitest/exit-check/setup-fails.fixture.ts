import { beforeAll, expect, test } from "vitest";

// Deliberately failing set-up: the test itself would pass.
beforeAll(() => {
  throw new Error("set-up failed (exit-status check)");
});

test("would pass", () => {
  expect(true).toBe(true);
});
