import { LLM_CODING_PRODUCTS, addDays, productCatalogEntry } from "@tpi/domain";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { ENDED_TRIAL_VIEWER, FULL_VIEWER, marketFixture, t } from "../../kit/test-viewers";

/**
 * A router standing in for the api in the LLM Coding rendering tests, in the api's shapes: the
 * public catalog and methodology, and the plan procedures answering as the REST routes answer a
 * key of the session's plan (`coding.sessions.full` a Full reader; `coding.sessions.ended` an
 * ended trial, which the api answers as a caller without a key: its 401, like no session). Every
 * plan input is recorded.
 * The api's own tests hold these shapes to the REST routes.
 */
const fixture = marketFixture("coding", { full: FULL_VIEWER, ended: ENDED_TRIAL_VIEWER });

const CODING_CITATION =
  "Source: GitHub search API (api.github.com/search/issues and /search/commits), counts of public pull requests and commits per UTC day.";
/** The first and last day of every product's history; the last 7 are provisional. */
const CODING_FIRST_DAY = "2026-09-01";
const CODING_LAST_DAY = "2026-11-24";
const CODING_FIRST_PROVISIONAL_DAY = addDays(CODING_LAST_DAY, -6);

const DATA_SOURCES = {
  sample: false,
  notice: null,
  sources: [
    {
      source: "github-search",
      sample: false,
      firstDay: CODING_FIRST_DAY,
      lastDay: CODING_LAST_DAY,
      days: 85,
      latestAsOf: "2026-11-25T02:00:00.000Z",
      citation: CODING_CITATION,
      licence: null,
    },
  ],
};

const products = LLM_CODING_PRODUCTS.map(productCatalogEntry);

/** A product's rows: 100 + n pull requests (or 50 + n/10 percent), and 80 + n for `value2`. */
function historyOf(product: string) {
  const entry = products.find((one) => one.id === product);
  const rows = [];
  for (let day = CODING_FIRST_DAY, n = 0; day <= CODING_LAST_DAY; day = addDays(day, 1), n++)
    rows.push({
      date: day,
      value: entry?.kind === "pct" ? 50 + n / 10 : 100 + n,
      ...(entry?.compare === true ? { value2: entry.kind === "pct" ? 40 + n / 10 : 80 + n } : {}),
      status: day >= CODING_FIRST_PROVISIONAL_DAY ? "provisional" : "settled",
    });
  return rows;
}

/** What the plan procedures take beside the session: one product, by id. */
const PRODUCT_INPUT = { product: z.string() };

const codingRouters = {
  llmCoding: t.router({
    products: t.procedure.query(() => ({ success: true as const, data: products })),
    methodology: t.procedure.query(() => ({
      success: true as const,
      version: "1",
      unit: "pull requests or commits per UTC day; merge rates in percent",
      maturationDays: 7,
      mergeRate: "100 * merged / opened for the same creation day",
      rules: ["Counts come from GitHub's search API.", "Merge rate = 100 * merged / opened."],
      queries: [],
      sources: [
        {
          id: "github-search",
          name: "GitHub search API",
          url: "https://docs.github.com/rest/search/search",
          measures: "Pull requests and commits per agent and UTC day.",
          citation: CODING_CITATION,
          licence: null,
        },
      ],
      dataSources: DATA_SOURCES,
    })),
    planHistory: fixture.planQuery("planHistory", PRODUCT_INPUT, { reads: "full" }, (input) => {
      const entry = products.find((one) => one.id === input.product);
      const data = historyOf(input.product);
      return {
        success: true as const,
        product: input.product,
        compare: entry?.compare ?? false,
        ...(entry?.seriesLabels == null ? {} : { seriesLabels: entry.seriesLabels }),
        count: data.length,
        dataSources: DATA_SOURCES,
        data,
      };
    }),
    planIndex: fixture.planQuery("planIndex", PRODUCT_INPUT, { reads: "full" }, (input) => {
      const entry = products.find((one) => one.id === input.product);
      const newest = historyOf(input.product).at(-1);
      if (entry === undefined || newest === undefined) throw new TRPCError({ code: "NOT_FOUND" });
      return {
        success: true as const,
        data: {
          product: entry.id,
          label: entry.label,
          kind: entry.kind,
          value: newest.value,
          changePct: 1,
          date: newest.date,
          updatedAt: "2026-11-25T02:00:00.000Z",
          status: newest.status,
        },
        dataSources: DATA_SOURCES,
      };
    }),
  }),
};

/** The LLM Coding page tests' api: its router, readers, recorded inputs and the values it serves. */
export const coding = fixture.testApi(codingRouters, {
  citation: CODING_CITATION,
  lastDay: CODING_LAST_DAY,
  firstProvisionalDay: CODING_FIRST_PROVISIONAL_DAY,
});
