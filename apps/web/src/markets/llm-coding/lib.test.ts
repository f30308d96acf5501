import { describe, expect, it } from "vitest";
import { answerProvenance } from "../../kit/csv";
import {
  codingHistoryToCsv,
  codingSeries,
  codingUnit,
  codingUnitPhrase,
  formatCodingValue,
  groupProducts,
  provisionalFrom,
  type CodingDataSources,
  type CodingHistoryRow,
  type CodingProduct,
} from "./lib";

const product = (
  id: string,
  category: string,
  kind: "count" | "pct" = "count",
  seriesLabels: [string, string] | null = null,
): CodingProduct => ({
  id,
  label: `${id} label`,
  category,
  kind,
  compare: seriesLabels !== null,
  seriesLabels,
});

const sources: CodingDataSources = {
  sample: false,
  notice: null,
  sources: [
    {
      source: "github-search",
      sample: false,
      latestAsOf: "2026-11-20T01:00:00.000Z",
      citation: "Source: GitHub search API, counts.",
      licence: null,
    },
  ],
};

describe("groupProducts", () => {
  it("groups in the page's order, keeping the api's order within a group", () => {
    const groups = groupProducts([
      product("cc-vs-codex", "compare", "count", ["Claude PRs", "Codex PRs"]),
      product("cc-merge", "merge", "pct"),
      product("codex-prs", "prs"),
      product("cc-prs", "prs"),
      product("cc-commits", "commits"),
    ]);
    expect(groups.map((group) => group.category)).toEqual(["prs", "commits", "merge", "compare"]);
    expect(groups[0]?.entries.map((p) => p.id)).toEqual(["codex-prs", "cc-prs"]);
  });

  it("never hides a product of a category it does not know, and drops empty groups", () => {
    const groups = groupProducts([product("cc-prs", "prs"), product("x-tokens", "tokens")]);
    expect(groups.map((group) => [group.category, group.entries.length])).toEqual([
      ["prs", 1],
      ["tokens", 1],
    ]);
  });
});

describe("formatCodingValue", () => {
  it("groups counts, gives rates one decimal, and says n/a for none", () => {
    expect(formatCodingValue("count", 1234567)).toBe("1,234,567");
    expect(formatCodingValue("count", 0)).toBe("0");
    expect(formatCodingValue("pct", 70.04)).toBe("70.0%");
    expect(formatCodingValue("pct", null)).toBe("n/a");
    expect(formatCodingValue("count", undefined)).toBe("n/a");
  });
});

describe("codingUnit", () => {
  it("names counts and rates, and keeps UTC upper case inside a sentence", () => {
    expect(codingUnit("count", "prs")).toBe("Pull requests per UTC day");
    expect(codingUnit("count", "commits")).toBe("Commits per UTC day");
    expect(codingUnitPhrase("count", "compare")).toBe("pull requests per UTC day");
    expect(codingUnitPhrase("pct", "merge")).toBe("percent of pull requests merged");
  });
});

describe("codingSeries", () => {
  const rows: CodingHistoryRow[] = [
    { date: "2026-11-01", value: 50, value2: 40, status: "settled" },
    { date: "2026-11-02", value: null, value2: 45, status: "settled" },
    { date: "2026-11-03", value: 60, value2: null, status: "provisional" },
  ];

  it("gives a compare product two series labelled by seriesLabels, skipping days without a value", () => {
    const series = codingSeries(
      product("cc-vs-codex", "compare", "count", ["Claude PRs", "Codex PRs"]),
      rows,
    );
    expect(series.map((one) => one.label)).toEqual(["Claude PRs", "Codex PRs"]);
    expect(series.map((one) => one.key)).toEqual(["value", "value2"]);
    expect(series[0]?.points).toEqual([
      { date: "2026-11-01", value: 50 },
      { date: "2026-11-03", value: 60 },
    ]);
    expect(series[1]?.points.map((point) => point.date)).toEqual(["2026-11-01", "2026-11-02"]);
  });

  it("gives a single product one series and charts a merge rate as a fraction", () => {
    const series = codingSeries(product("cc-merge", "merge", "pct"), rows);
    expect(series).toHaveLength(1);
    expect(series[0]?.label).toBe("cc-merge label");
    expect(series[0]?.points[0]?.value).toBeCloseTo(0.5, 12);
  });
});

describe("provisionalFrom", () => {
  it("is the first of the trailing provisional days, whatever the order", () => {
    expect(
      provisionalFrom([
        { date: "2026-11-03", value: 1, status: "provisional" },
        { date: "2026-11-01", value: 1, status: "settled" },
        { date: "2026-11-02", value: 1, status: "provisional" },
      ]),
    ).toBe("2026-11-02");
  });

  it("is undefined when the newest day is settled", () => {
    expect(
      provisionalFrom([
        { date: "2026-11-01", value: 1, status: "provisional" },
        { date: "2026-11-02", value: 1, status: "settled" },
      ]),
    ).toBeUndefined();
    expect(provisionalFrom([])).toBeUndefined();
  });
});

describe("codingHistoryToCsv", () => {
  it("writes date,value,status,sample,source,citation with the api's values", () => {
    const csv = codingHistoryToCsv(
      [
        { date: "2026-11-01", value: 70.25, status: "settled" },
        { date: "2026-11-02", value: null, status: "provisional" },
      ],
      false,
      sources,
    );
    expect(csv).toBe(
      [
        "date,value,status,sample,source,citation",
        '2026-11-01,70.25,settled,false,github-search,"Source: GitHub search API, counts."',
        '2026-11-02,,provisional,false,github-search,"Source: GitHub search API, counts."',
        "",
      ].join("\r\n"),
    );
  });

  it("adds value2 for a compare product and marks sample data", () => {
    const csv = codingHistoryToCsv(
      [{ date: "2026-11-01", value: 5, value2: 7, status: "provisional" }],
      true,
      {
        sample: true,
        notice: "Sample data",
        sources: [
          { source: "sample", sample: true, latestAsOf: null, citation: null, licence: null },
        ],
      },
    );
    expect(csv).toBe(
      "date,value,value2,status,sample,source,citation\r\n2026-11-01,5,7,provisional,true,sample,\r\n",
    );
  });

  it("joins several sources and their citations", () => {
    expect(
      answerProvenance({
        ...sources,
        sources: [
          ...sources.sources,
          { source: "openrouter", sample: false, latestAsOf: null, citation: "OR.", licence: null },
        ],
      }),
    ).toEqual({
      sample: false,
      source: "github-search+openrouter",
      citation: "Source: GitHub search API, counts. OR.",
    });
  });
});
