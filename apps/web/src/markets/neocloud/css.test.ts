import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { STATUS_GROUPS } from "./lib";

describe("the map's status colours", () => {
  it("has a fill in the stylesheet for every status group (else its points and swatch draw black)", () => {
    const css = readFileSync(
      fileURLToPath(new URL("../../../app/globals.css", import.meta.url)),
      "utf8",
    );
    for (const { group } of STATUS_GROUPS)
      expect(css, group).toMatch(
        new RegExp(`\\.neocloud-${group} \\{\\s*fill: var\\(--[a-z0-9-]+\\);`),
      );
  });
});
