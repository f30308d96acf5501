import {
  CHIP_FAMILIES,
  NEOCLOUD_UNIT,
  SITE_STATUSES,
  US_STATES,
  chipQuantityOf,
  ok,
  type NeocloudSite,
  type SiteStatus,
} from "@tpi/domain";
import type { ChatMarket, MarketIntent } from "../../platform/core/chat";
import { askRoute, citationsOf, sourceOf } from "../../platform/chat/market-kit";
import { neocloudMethodologyRoute, neocloudSitesRoute } from "./routes/neocloud";

/**
 * What the chat knows of the Neo-Cloud Sites market: how many chips of a family are in the sites
 * of a status and US state ("how many H100s are in sites under construction in Texas"). Every
 * number comes from `GET /api/neocloud/sites` for the chat's caller (so Premium and keyless
 * callers get the route's refusal in its words), and every answer ends with the sources'
 * citations (or the sample notice).
 */

const SITE_WORDS =
  /\bsites?\b|\bdata ?cent(?:er|re)s?\b|\bneo-?clouds?\b|\bclusters?\b|\bcampus(?:es)?\b/;
const HOW_MANY = /\bhow many\b|\bnumber of\b|\bcount\b|\btotal\b/;

const STATUS_WORDS: Readonly<Record<SiteStatus, RegExp>> = {
  under_construction: /\bunder construction\b|\bbeing built\b|\bunder_construction\b/,
  operational: /\boperational\b|\bexisting\b|\bonline\b|\blive\b/,
  planned: /\bplanned\b/,
  decommissioned: /\bdecommissioned\b/,
};

/** The chip family a question names ("H100s", "gb200"), longest name first (H100 before H10). */
function familyNamed(lower: string): string | undefined {
  const families = [...CHIP_FAMILIES].sort((a, b) => b.family.length - a.family.length);
  return families.find((family) =>
    new RegExp(`\\b${family.family.toLowerCase().replace(/ /g, " ?")}s?\\b`).test(lower),
  )?.family;
}

function statusNamed(lower: string): SiteStatus | undefined {
  return SITE_STATUSES.find((status) => STATUS_WORDS[status].test(lower));
}

/** A US state named by name ("in Texas") or code ("in TX"). */
function stateNamed(message: string): string | undefined {
  const lower = message.toLowerCase();
  for (const [code, name] of Object.entries(US_STATES)) {
    if (new RegExp(`\\b${name.toLowerCase()}\\b`).test(lower)) return code;
    if (new RegExp(`\\b(?:in|of) ${code}\\b`).test(message)) return code;
  }
  return undefined;
}

const count = (value: number) => value.toLocaleString("en-US");

/** "How many H100s are in sites under construction in Texas": chips of a family in matching sites. */
const CHIPS_IN_SITES_INTENT: MarketIntent = {
  intent: "neocloud_chips_in_sites",
  asks: (question) =>
    familyNamed(question.lower) !== undefined &&
    (SITE_WORDS.test(question.lower) || statusNamed(question.lower) !== undefined) &&
    HOW_MANY.test(question.lower),
  async answer(question, scope) {
    const intent = "neocloud_chips_in_sites";
    const family = familyNamed(question.lower) ?? "H100";
    const status = statusNamed(question.lower);
    const state = stateNamed(question.message);
    const query: Record<string, string> = { scope: "all", limit: "1000" };
    if (status !== undefined) query.status = status;
    if (state !== undefined) query.state = state;
    const answer = await askRoute(neocloudSitesRoute, { query }, scope);
    if (!answer.ok) return { intent, answer: answer.error.message, sources: [] };
    const body = answer.value;
    const withChip = body.data
      .map((site) => ({
        site: site as NeocloudSite,
        quantity: chipQuantityOf(site as NeocloudSite, family),
      }))
      .filter(({ site }) => site.chips.some((chip) => chip.bucket === family));
    const total = withChip.reduce((sum, { quantity }) => sum + (quantity ?? 0), 0);
    const known = withChip.reduce(
      (sum, { site, quantity }) => sum + (site.gpuQtyKnown !== null ? (quantity ?? 0) : 0),
      0,
    );
    const where = [
      status === undefined ? "" : ` ${status.replace("_", " ")}`,
      state === undefined ? "" : ` in ${US_STATES[state]}`,
    ];
    const lines = [
      body.dataSources.sample
        ? "These are the generated SAMPLE sites (no Epoch AI import yet), not market data."
        : null,
      withChip.length === 0
        ? `No site${where[0] === "" ? "" : ` ${where[0]?.trim()}`}${where[1]} lists ${family} chips (of ${body.total} site(s) matching).`
        : `${count(total)} ${family} chips in ${withChip.length} site(s)${where[0] === "" ? "" : ` that are${where[0]}`}${where[1]} (${count(known)} confirmed by Epoch AI, ${count(total - known)} estimated):`,
      ...withChip.map(
        ({ site, quantity }) =>
          `- ${site.siteName} (${site.company ?? "operator unknown"}, ${[site.city, site.state].filter((p) => p !== null).join(", ") || site.country || "place unknown"}): ${quantity === null ? "quantity not given" : count(quantity)} ${family}, ${site.dataset}`,
      ),
      `Source: ${body.dataSources.sources.map((source) => source.source).join(", ") || "none"} (GET /api/neocloud/sites).`,
    ].filter((line): line is string => line !== null);
    return {
      intent,
      answer: lines.join("\n"),
      sources: [
        sourceOf(
          neocloudSitesRoute,
          query,
          withChip.map(({ site, quantity }) => ({
            id: site.id,
            siteName: site.siteName,
            state: site.state,
            status: site.status,
            gpuTypes: site.gpuTypes,
            quantity,
          })),
        ),
      ],
      citations: citationsOf(body.dataSources),
    };
  },
};

/** The method in plain sentences, as the chat explains it. */
export const NEOCLOUD_CHAT_METHODOLOGY =
  "Neo-Cloud Sites: AI data-center sites from Epoch AI's GPU Clusters and Frontier Data Centers datasets (CC BY 4.0), imported daily; a neo-cloud is a company whose main business is renting GPU capacity and that is not a hyperscaler, from a curated operator list (GET /api/neocloud/methodology).";

export const NEOCLOUD_CHAT: ChatMarket = {
  scope: "the Neo-Cloud Sites data (AI data-center sites from Epoch AI)",
  subjectsNoun: "data-center sites",
  asks: "how many GPUs of a chip family are in data-center sites of a status and US state",
  tracked: "Neo-Cloud Sites: Epoch AI's GPU Clusters and Frontier Data Centers.",
  // Its questions are its own intents (sites come and go with the data).
  subjects: [],
  domainWords: /\bneo-?clouds?\b|\bdata ?cent(?:er|re) sites?\b/,
  unit: NEOCLOUD_UNIT,
  format: (value) => `${count(value)} chips`,
  latest: () => Promise.resolve(undefined),
  series: () => Promise.resolve(ok([])),
  seriesSource: () => sourceOf(neocloudSitesRoute, {}, []),
  freeTier: () => ({
    keyless:
      "the Neo-Cloud Sites methodology (GET /api/neocloud/methodology); its sites need a Full plan key",
    keyed: [],
    keyedRoutes: ["the Neo-Cloud sites, aggregates and map (GET /api/neocloud/*, Full plan only)"],
    sources: [],
  }),
  methodology: () => NEOCLOUD_CHAT_METHODOLOGY,
  methodologyRoute: neocloudMethodologyRoute,
  intents: [CHIPS_IN_SITES_INTENT],
};
