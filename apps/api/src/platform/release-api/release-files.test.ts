import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BULK_WRITER } from "./release-files";

describe("the bulk writer recorded in each release", () => {
  it("names the Parquet library version the api depends on (an upgrade may change the bytes)", () => {
    const manifest = JSON.parse(
      readFileSync(new URL("../../../package.json", import.meta.url), "utf8"),
    ) as { dependencies: Record<string, string> };
    expect(BULK_WRITER.version.split("/")[1]).toBe(manifest.dependencies["hyparquet-writer"]);
  });
});
