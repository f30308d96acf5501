import { expect, test } from "vitest";

// The control: through the same configuration a passing file must exit 0, so a non-zero status
// for the other fixtures means "a failure was reported", not "the configuration is broken".
test("a passing assertion", () => {
  expect(1).toBe(1);
});
