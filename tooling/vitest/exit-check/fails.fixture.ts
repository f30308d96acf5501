import { expect, test } from "vitest";

// Deliberately failing: the run must exit non-zero.
test("a failing assertion", () => {
  expect(1).toBe(2);
});
