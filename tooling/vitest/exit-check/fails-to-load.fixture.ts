import { test } from "vitest";

// Deliberately broken: the file throws while it is being loaded, before any test is collected.
throw new Error("this test file fails to load (exit-status check)");

test("never collected", () => undefined);
