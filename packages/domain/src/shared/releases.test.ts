import { describe, expect, it } from "vitest";
import {
  bulkRowProblem,
  dueReleaseDay,
  oldestKeptReleaseDay,
  parseReleaseNumber,
  periodInRelease,
  releaseCitation,
  releaseNotFound,
  releaseOfFileName,
} from "./releases";

describe("releases", () => {
  it("cuts yesterday once the delay after midnight UTC has passed, the day before until then", () => {
    expect(dueReleaseDay(new Date("2026-11-29T00:59:59.999Z"), 60)).toBe("2026-11-27");
    expect(dueReleaseDay(new Date("2026-11-29T01:00:00.000Z"), 60)).toBe("2026-11-28");
    expect(dueReleaseDay(new Date("2026-11-29T00:00:00.000Z"), 0)).toBe("2026-11-28");
  });

  it("keeps the releases of the last RELEASE_RETENTION_DAYS days", () => {
    expect(oldestKeptReleaseDay(new Date("2026-11-29T12:00:00Z"), 365)).toBe("2025-11-29");
  });

  it("reads a release number as digits only, `latest` where allowed", () => {
    expect(parseReleaseNumber("Query parameter 'release'", "12")).toEqual({ ok: true, value: 12 });
    expect(parseReleaseNumber("Path parameter 'release'", "latest", true)).toEqual({
      ok: true,
      value: "latest",
    });
    for (const bad of ["0", "-1", "01", "1.5", "1e3", " 1", "latest", "1000000000"]) {
      const parsed = parseReleaseNumber("Query parameter 'release'", bad);
      expect(parsed.ok ? undefined : parsed.error.message).toBe(
        `Query parameter 'release' must be a positive whole number; got '${bad}'.`,
      );
    }
  });

  it("names the releases kept in a 404", () => {
    expect(releaseNotFound(3, { oldest: 5, latest: 9 }).message).toBe(
      "Release 3 does not exist or is past retention. Releases kept: 5 to 9.",
    );
    expect(releaseNotFound(3, null).message).toBe(
      "Release 3 does not exist or is past retention. No release has been cut yet.",
    );
    expect(releaseNotFound("latest", null).message).toBe("No release has been cut yet.");
  });

  it("writes a citation line naming the release, its day, its address and the cited sources once", () => {
    expect(
      releaseCitation(12, "2026-11-28", "https://example.com/api/v1/releases/12", [
        { market: "token", source: "openrouter", citation: "Data: OpenRouter" },
        { market: "workload", source: "openrouter", citation: "Data: OpenRouter" },
        { market: "gpu", source: "vast", citation: null },
      ]),
    ).toBe(
      "Token Price Index, release 12 (2026-11-28), https://example.com/api/v1/releases/12. Sources: Data: OpenRouter; vast.",
    );
  });

  it("ends the line with one full stop when a source's citation ends with its own", () => {
    expect(
      releaseCitation(1, "2026-11-28", "https://example.com/api/v1/releases/1", [
        { market: "neocloud", source: "epoch", citation: "Epoch AI, 'Data on GPU clusters'." },
      ]),
    ).toBe(
      "Token Price Index, release 1 (2026-11-28), https://example.com/api/v1/releases/1. Sources: Epoch AI, 'Data on GPU clusters'.",
    );
  });
});

describe("periodInRelease", () => {
  it("holds days up to the release's day and instants before the next midnight UTC", () => {
    expect(periodInRelease("2026-03-10", "2026-03-10")).toBe(true);
    expect(periodInRelease("2026-03-11", "2026-03-10")).toBe(false);
    expect(periodInRelease("2026-03-10T23:59:59.999Z", "2026-03-10")).toBe(true);
    expect(periodInRelease("2026-03-11T00:00:00.000Z", "2026-03-10")).toBe(false);
  });
});

describe("bulkRowProblem", () => {
  const columns = [
    { name: "id", type: "string", nullable: false, description: "" },
    { name: "usd", type: "decimal", scale: 2, nullable: true, description: "" },
  ] as const;
  it("names a null in a non-null column and a decimal beyond its scale", () => {
    expect(bulkRowProblem(columns, { id: "a", usd: "1.25" })).toBeUndefined();
    expect(bulkRowProblem(columns, { id: "a", usd: null })).toBeUndefined();
    expect(bulkRowProblem(columns, { id: null, usd: "1" })).toEqual({
      column: "id",
      problem: "null in a non-null column",
    });
    expect(bulkRowProblem(columns, { id: "a", usd: "1.255" })?.column).toBe("usd");
    expect(bulkRowProblem(columns, { id: "a", usd: 1.25 })?.column).toBe("usd");
  });
});

describe("releaseOfFileName", () => {
  it("reads the release of a bulk file's name", () => {
    expect(releaseOfFileName("token-lab-index-daily-r12-full.csv")).toBe(12);
    expect(releaseOfFileName("token-lab-index-daily-r12-full.csv.building-x")).toBeUndefined();
  });
});
