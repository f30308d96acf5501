import { SAMPLE_NOTICE } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import {
  answerDataSourcesOf,
  dataSourceSpanOf,
  dataSourcesOf,
  sourcesBetween,
} from "./data-sources";

const summaries = dataSourcesOf([
  {
    source: "sample",
    firstDay: "2026-01-01",
    lastDay: "2026-01-31",
    days: 31,
    latestAsOf: new Date("2026-01-31T02:00:00.000Z"),
  },
  {
    source: "openrouter",
    firstDay: "2026-02-01",
    lastDay: "2026-03-01",
    days: 29,
    latestAsOf: new Date("2026-03-01T00:12:00.000Z"),
  },
]);

describe("an answer's data sources", () => {
  it("names the sources with data on the answer's days only", () => {
    expect(sourcesBetween(summaries, "2026-02-10", "2026-02-12").map((s) => s.source)).toEqual([
      "openrouter",
    ]);
    expect(sourcesBetween(summaries, "2026-01-31", "2026-02-01").map((s) => s.source)).toEqual([
      "sample",
      "openrouter",
    ]);
  });

  it("names every source when none is recorded for the days, so that the sample is never hidden", () => {
    expect(sourcesBetween(summaries, "2025-06-01", "2025-06-02").map((s) => s.source)).toEqual([
      "sample",
      "openrouter",
    ]);
  });

  it("says sample, with the notice, as soon as one source is the sample", () => {
    const mixed = answerDataSourcesOf(sourcesBetween(summaries, "2026-01-31", "2026-02-01"));
    expect(mixed).toMatchObject({ sample: true, notice: SAMPLE_NOTICE });
    expect(mixed.sources[0]).toEqual({
      source: "sample",
      sample: true,
      asOf: "2026-01-31T02:00:00.000Z",
      citation: SAMPLE_NOTICE,
      licence: null,
    });
    const real = answerDataSourcesOf(sourcesBetween(summaries, "2026-02-10", "2026-02-12"));
    expect(real).toMatchObject({ sample: false, notice: null });
    expect(real.sources[0]?.licence).not.toBeNull();
  });
});

describe("a source's span, as an operator checks it", () => {
  it("keeps the days and the newest as-of time, in the schema's order, without citation and licence", () => {
    const [, openRouter] = summaries.sources;
    if (openRouter === undefined) throw new Error("two sources are summarised");
    const span = dataSourceSpanOf(openRouter);
    expect(Object.keys(span)).toEqual([
      "source",
      "sample",
      "firstDay",
      "lastDay",
      "days",
      "latestAsOf",
    ]);
    expect(span).toEqual({
      source: "openrouter",
      sample: false,
      firstDay: "2026-02-01",
      lastDay: "2026-03-01",
      days: 29,
      latestAsOf: "2026-03-01T00:12:00.000Z",
    });
  });
});
