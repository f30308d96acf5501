import {
  CHIP_FAMILIES,
  COUNTRIES,
  CURATED_OPERATORS,
  NEOCLOUD_SITES_LIMIT_MAX,
  NEOCLOUD_UNIT,
  SITE_STATUSES,
  US_STATES,
  chipQuantityOf,
  countryOf,
  ok,
  siteGpuQty,
  type Country,
  type NeocloudSite,
  type SiteStatus,
} from "@tpi/domain";
import { askRoute, citationsOf, escapeRegExp, sourceOf } from "../../platform/chat/market-kit";
import type * as Chat from "../../platform/chat/market-kit";
import {
  neocloudAggregateRoute,
  neocloudMethodologyRoute,
  neocloudSitesRoute,
} from "./routes/neocloud";
import { NEOCLOUD } from "./read-model/state";

/**
 * What the chat knows of the Neo-Cloud Sites market, every number from its routes for the chat's
 * caller (Premium, Trial and keyless callers get the routes' refusal in their words), every
 * answer ending with Epoch AI's citation (or the sample notice):
 * - how many chips of a family are in the sites of a status and US state;
 * - the sites near a place within a radius (`lat`, `lon`, `radiusKm`; a place is a city of the
 *   data, at the mean of its sites' coordinates), in a country, city or US state, of an operator,
 *   with a chip family, or of a status;
 * - the total power of the sites of a country (`/api/neocloud/sites/aggregate?by=country`);
 * - the chip families of the sites, most chips first (`/api/neocloud/sites/aggregate?by=gpu_type`).
 * "Neo-cloud sites" asks the route's default scope (neo-clouds only); other words ask every site.
 */

const SITE_WORDS =
  /\bsites?\b|\bdata ?cent(?:er|re)s?\b|\bneo-?clouds?\b|\bclusters?\b|\bcampus(?:es)?\b/;
const NEOCLOUD_WORDS = /\bneo-?clouds?\b/;
const HOW_MANY = /\bhow many\b|\bnumber of\b|\bcount\b|\btotal\b/;
const POWER = /\bpower\b|\bmegawatts?\b|\bmw\b|\bcapacity\b/;
/** "near Dallas", "within 300 km of Abilene", "around Paris". */
const NEAR =
  /\b(?:near|around|close to|within\s+(\d+(?:\.\d+)?)\s*(km|kilomet(?:er|re)s?|miles?|mi)\s+(?:of|from))\s+([A-Z][\w.'-]*(?:\s[A-Z][\w.'-]*)*)/i;
/** The radius of "near a place" when the question gives none, km. */
const DEFAULT_RADIUS_KM = 100;
const KM_PER_MILE = 1.609344;
/** Sites listed one per line; the rest are counted. */
const LISTED_SITES = 25;

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

/** The US states named by name ("Texas") or code ("in TX"), in the order written. */
function statesNamed(message: string): string[] {
  const lower = message.toLowerCase();
  const places: Array<{ code: string; at: number; end: number }> = [];
  for (const [code, name] of Object.entries(US_STATES)) {
    for (const match of lower.matchAll(new RegExp(`\\b${name.toLowerCase()}\\b`, "g")))
      places.push({ code, at: match.index, end: match.index + match[0].length });
    for (const match of message.matchAll(new RegExp(`\\b(?:in|of) ${code}\\b`, "g")))
      places.push({ code, at: match.index, end: match.index + match[0].length });
  }
  // A name inside a longer one ("Virginia" in "West Virginia") is the longer one's only.
  const inside = (place: { at: number; end: number }) =>
    places.some(
      (other) =>
        other.at <= place.at &&
        place.end <= other.end &&
        other.end - other.at > place.end - place.at,
    );
  const ordered = places.filter((place) => !inside(place)).sort((a, b) => a.at - b.at);
  return [...new Set(ordered.map((place) => place.code))];
}

/** The first US state named ("in Texas", "in TX"). */
const stateNamed = (message: string): string | undefined => statesNamed(message)[0];

const count = (value: number) => value.toLocaleString("en-US");

/** "How many H100s are in sites under construction in Texas": chips of a family in matching sites. */
const CHIPS_IN_SITES_INTENT: Chat.MarketIntent = {
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

type Site = NeocloudSite & { distanceKm?: number };

/**
 * The route's filters a question names besides a place: its country, US state, city (`withCity`:
 * not when a place is asked, whose city is the place) and status, with the words that say them.
 */
function filtersAsked(
  question: Chat.Question,
  sites: readonly Site[],
  withCity: boolean,
  state = stateNamed(question.message),
): { query: SitesQuery; said: string[] } {
  const query: SitesQuery = {};
  const said: string[] = [];
  const country = countryNamed(question.message);
  if (country !== undefined) {
    query.country = country.iso2;
    said.push(`in ${country.name}`);
  }
  if (state !== undefined) {
    query.state = state;
    said.push(`in ${US_STATES[state]}`);
  }
  const city = withCity ? cityNamed(question.lower, sites) : undefined;
  if (city !== undefined) {
    query.city = city;
    said.push(`in ${city}`);
  }
  const status = statusNamed(question.lower);
  if (status !== undefined) {
    query.status = status;
    said.push(`that are ${status.replace("_", " ")}`);
  }
  return { query, said };
}

/** "The largest data center", "the biggest sites", "the top 3": sites ordered by their size. */
const LARGEST =
  /\b(?:largest|biggest|most powerful|top)\b|\bmost (?:stated )?(?:power|gpus|chips|accelerators)\b/;
/** A question about countries' power ("which country has the most power") is the aggregate's. */
const COUNTRY_WORDS = /\bcountr(?:y|ies)\b/;
/** Chips rather than power as the measure of size ("the most GPUs"). */
const CHIP_WORDS = /\b(?:gpus?|chips?|accelerators?)\b/;

/** A site's chips, known or estimated (a site without a quantity counts 0). */
const chipsOf = (site: Site) => siteGpuQty(site) ?? 0;

/**
 * The sites from the largest down when the question asks for the largest: by chips when it
 * speaks of GPUs or chips, else by stated power (a site without one last); with the lead that
 * names the first. Undefined when it does not ask.
 */
function largestAsked(
  lower: string,
  sites: readonly Site[],
): { sites: Site[]; order: string; lead: (what: string) => string } | undefined {
  if (!LARGEST.test(lower)) return undefined;
  const byChips = CHIP_WORDS.test(lower);
  const size = (site: Site) => (byChips ? chipsOf(site) : (site.powerCapacity ?? -1));
  const ordered = [...sites].sort((a, b) => size(b) - size(a));
  const [top] = ordered;
  const measure = byChips ? "chips" : "stated power";
  return {
    sites: ordered,
    order: `the largest first by ${measure}`,
    lead: (what) =>
      top === undefined
        ? ""
        : `The largest of the ${what} by ${measure}: ${top.siteName} (${top.company ?? "operator unknown"}), ${byChips ? `${count(chipsOf(top))} chips` : top.powerCapacity === null ? "power not given" : mw(top.powerCapacity)}.`,
  };
}

type SitesQuery = Record<string, string>;

/** Every site of the route's answer for `query`, page after page, with the first page's body. */
async function allSites(query: SitesQuery, scope: Chat.ChatScope) {
  const first = await askRoute(
    neocloudSitesRoute,
    { query: { ...query, limit: String(NEOCLOUD_SITES_LIMIT_MAX) } },
    scope,
  );
  if (!first.ok) return first;
  const sites = [...first.value.data] as Site[];
  while (sites.length < first.value.total) {
    const page = await askRoute(
      neocloudSitesRoute,
      {
        query: {
          ...query,
          limit: String(NEOCLOUD_SITES_LIMIT_MAX),
          offset: String(sites.length),
        },
      },
      scope,
    );
    if (!page.ok) return page;
    if (page.value.data.length === 0) break;
    sites.push(...(page.value.data as Site[]));
  }
  return ok({ body: first.value, sites });
}

/** The route's scope a question's words ask: neo-clouds only when they say so, else every site. */
const scopeOf = (lower: string) => (NEOCLOUD_WORDS.test(lower) ? "neocloud" : "all");
const scopeText = (scope: string) => (scope === "neocloud" ? "neo-cloud sites" : "sites");

/** A country the question names by name, alias ("United States") or upper-case ISO code ("US"). */
function countryNamed(message: string): Country | undefined {
  const lower = message.toLowerCase();
  return COUNTRIES.find(
    (country) =>
      [country.name, ...(country.aliases ?? [])].some((name) =>
        new RegExp(`\\b${escapeRegExp(name.toLowerCase())}\\b`).test(lower),
      ) || new RegExp(`\\b(?:${country.iso2}|${country.iso3})\\b`).test(message),
  );
}

/** An operator the question names: a curated operator (by its spellings) or a company of the sites. */
function operatorNamed(lower: string, sites: readonly Site[]): string | undefined {
  const companies = [...new Set(sites.flatMap((site) => (site.company ? [site.company] : [])))];
  const written = (name: string) =>
    new RegExp(`(?<![a-z0-9])${escapeRegExp(name.toLowerCase())}(?![a-z0-9])`).test(lower);
  const company = companies.sort((a, b) => b.length - a.length).find((name) => written(name));
  if (company !== undefined) return company;
  return CURATED_OPERATORS.find((operator) => [operator.name, ...operator.aliases].some(written))
    ?.name;
}

const operatorMatches = (site: Site, operator: string) => {
  const company = site.company?.toLowerCase() ?? "";
  const curated = CURATED_OPERATORS.find((candidate) => candidate.name === operator);
  return (
    company === operator.toLowerCase() ||
    (curated?.aliases.some((alias) => company === alias || company.startsWith(`${alias} `)) ??
      false)
  );
};

/** A city of the sites the question names (after "in"), as the data writes it. */
function cityNamed(lower: string, sites: readonly Site[]): string | undefined {
  const cities = [...new Set(sites.flatMap((site) => (site.city ? [site.city] : [])))];
  return cities
    .sort((a, b) => b.length - a.length)
    .find((city) => new RegExp(`\\bin ${escapeRegExp(city.toLowerCase())}\\b`).test(lower));
}

const mw = (value: number) => `${value.toLocaleString("en-US", { maximumFractionDigits: 1 })} MW`;

/** One site as a line: name, operator, place, chips, power, status, distance. */
function siteLine(site: Site): string {
  const place =
    [site.city, site.state, site.country].filter((part) => part !== null).join(", ") ||
    "place unknown";
  const chips =
    site.chips.length === 0
      ? "chips not given"
      : site.chips
          .map((chip) => `${chip.quantity === null ? "" : `${count(chip.quantity)} `}${chip.type}`)
          .join(" + ");
  const power = site.powerCapacity === null ? "power not given" : mw(site.powerCapacity);
  const distance = site.distanceKm === undefined ? "" : `, ${site.distanceKm.toFixed(1)} km away`;
  return `- ${site.siteName} (${site.company ?? "operator unknown"}, ${place}): ${chips}, ${power}, ${site.status?.replace("_", " ") ?? "status unknown"}${distance}`;
}

const SAMPLE_SITES_LINE =
  "These are the generated SAMPLE sites (no Epoch AI import yet), not market data.";
const sampleLine = (sample: boolean) => (sample ? [SAMPLE_SITES_LINE] : []);

/** The place a "near" question names, with its radius: a city of the data, at its sites' mean position. */
function placeAsked(
  message: string,
  sites: readonly Site[],
):
  | { place: string; latitude: number; longitude: number; radiusKm: number }
  | { unknown: string }
  | undefined {
  const match = NEAR.exec(message);
  const written = match?.[3];
  if (match === null || written === undefined) return undefined;
  const amount = match[1] === undefined ? DEFAULT_RADIUS_KM : Number(match[1]);
  const radiusKm = /^mi/i.test(match[2] ?? "") ? amount * KM_PER_MILE : amount;
  const words = written.split(/\s+/);
  // The longest run of the written words that is a city of the data ("New Albany", not "New").
  for (let length = words.length; length > 0; length -= 1) {
    const name = words.slice(0, length).join(" ").toLowerCase();
    const placed = sites.filter(
      (site) =>
        site.city?.toLowerCase() === name && site.latitude !== null && site.longitude !== null,
    );
    if (placed.length > 0) {
      const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
      return {
        place: placed[0]?.city ?? name,
        latitude: mean(placed.map((site) => site.latitude ?? 0)),
        longitude: mean(placed.map((site) => site.longitude ?? 0)),
        radiusKm,
      };
    }
  }
  return { unknown: written };
}

/** A coordinate as the route's parameters take it: decimal, no exponent. */
const decimal = (value: number) => value.toFixed(4);

/**
 * Sites questions: near a place, in a country, city or state, of an operator, with a chip
 * family, of a status; how many there are.
 */
const SITES_INTENT: Chat.MarketIntent = {
  intent: "neocloud_sites",
  asks: (question) =>
    SITE_WORDS.test(question.lower) &&
    (!POWER.test(question.lower) || LARGEST.test(question.lower)) &&
    (question.domain === NEOCLOUD.name ||
      question.subjects.length === 0 ||
      familyNamed(question.lower) !== undefined),
  async answer(question, scope) {
    const states = statesNamed(question.message);
    if (states.length <= 1) return sitesAnswer(question, scope, states[0]);
    // "Texas and California": each state's sites, in the order asked.
    const answers: Chat.EngineAnswer[] = [];
    for (const state of states) answers.push(await sitesAnswer(question, scope, state));
    const lines = answers.flatMap((answer) => answer.answer.split("\n"));
    return {
      intent: "neocloud_sites",
      // The sample line once, first, as a single state's answer has it.
      answer: [
        ...new Set(lines.filter((line) => line === SAMPLE_SITES_LINE)),
        ...lines.filter((line) => line !== SAMPLE_SITES_LINE),
      ].join("\n"),
      sources: answers.flatMap((answer) => answer.sources),
      citations: [...new Set(answers.flatMap((answer) => answer.citations ?? []))],
    };
  },
};

/** The sites a question asks for, in the US state given (of those it names) or in none. */
async function sitesAnswer(
  question: Chat.Question,
  scope: Chat.ChatScope,
  state: string | undefined,
): Promise<Chat.EngineAnswer> {
  const intent = "neocloud_sites";
  // Every site first: the names of the data's cities and operators.
  const every = await allSites({ scope: "all" }, scope);
  if (!every.ok) return { intent, answer: every.error.message, sources: [] };
  const operator = operatorNamed(question.lower, every.value.sites);
  // "Neo-cloud" in an operator's name ("Sample Neocloud B") asks for no scope.
  const siteScope = scopeOf(
    operator === undefined ? question.lower : question.lower.replace(operator.toLowerCase(), ""),
  );
  const query: SitesQuery = { scope: siteScope };
  const said: string[] = [];
  const place = placeAsked(question.message, every.value.sites);
  if (place !== undefined && "unknown" in place) {
    const cities = [
      ...new Set(every.value.sites.flatMap((site) => (site.city ? [site.city] : []))),
    ].sort();
    return {
      intent,
      answer: [
        `${place.unknown} is not a city of the sites in the Neo-Cloud Sites data, so I cannot place it.`,
        ...(cities.length === 0 ? [] : [`Cities with sites: ${cities.join(", ")}.`]),
      ].join(" "),
      sources: [],
      citations: citationsOf(every.value.body.dataSources),
    };
  }
  if (place !== undefined) {
    Object.assign(query, {
      lat: decimal(place.latitude),
      lon: decimal(place.longitude),
      radiusKm: decimal(place.radiusKm),
    });
    said.push(
      `within ${Number(place.radiusKm.toFixed(1))} km of ${place.place} (${decimal(place.latitude)}, ${decimal(place.longitude)})`,
    );
  }
  const filters = filtersAsked(question, every.value.sites, place === undefined, state);
  Object.assign(query, filters.query);
  said.push(...filters.said);
  const answer = await allSites(query, scope);
  if (!answer.ok) return { intent, answer: answer.error.message, sources: [] };
  const family = familyNamed(question.lower);
  const sites = answer.value.sites.filter(
    (site) =>
      (operator === undefined || operatorMatches(site, operator)) &&
      (family === undefined || site.chips.some((chip) => chip.bucket === family)),
  );
  if (operator !== undefined) said.push(`of ${operator}`);
  if (family !== undefined) said.push(`with ${family} chips`);
  const what = `${scopeText(siteScope)}${said.length === 0 ? "" : ` ${said.join(" ")}`}`;
  const largest = largestAsked(question.lower, sites);
  const listed = (largest?.sites ?? sites).slice(0, LISTED_SITES).map(siteLine);
  const more = sites.length - listed.length;
  const power = sites.reduce((sum, site) => sum + (site.powerCapacity ?? 0), 0);
  const lines = [
    ...sampleLine(answer.value.body.dataSources.sample),
    ...(largest === undefined || sites.length === 0 ? [] : [largest.lead(what)]),
    sites.length === 0
      ? `No ${what} in the Neo-Cloud Sites data.`
      : `${count(sites.length)} ${sites.length === 1 ? what.replace(/sites/, "site") : what} (${mw(power)} of stated power)${largest === undefined ? "" : `, ${largest.order}`}:`,
    ...listed,
    ...(more > 0
      ? [`... and ${count(more)} more (GET ${neocloudSitesRoute.path} lists them all).`]
      : []),
  ];
  return {
    intent,
    answer: lines.join("\n"),
    sources: [
      sourceOf(
        neocloudSitesRoute,
        query,
        sites.map((site) => ({
          id: site.id,
          siteName: site.siteName,
          company: site.company,
          city: site.city,
          country: site.country,
          status: site.status,
          powerCapacity: site.powerCapacity,
          gpuTypes: site.gpuTypes,
          ...(site.distanceKm === undefined ? {} : { distanceKm: site.distanceKm }),
        })),
      ),
    ],
    citations: citationsOf(answer.value.body.dataSources),
  };
}

/** "Total power of the sites in France": the country's bucket of the aggregate by country. */
const POWER_INTENT: Chat.MarketIntent = {
  intent: "neocloud_power",
  asks: (question) =>
    POWER.test(question.lower) &&
    (SITE_WORDS.test(question.lower) || countryNamed(question.message) !== undefined) &&
    // "Which site has the most power" asks for a site (SITES_INTENT), not a country's total.
    (COUNTRY_WORDS.test(question.lower) || !LARGEST.test(question.lower)),
  async answer(question, scope) {
    const intent = "neocloud_power";
    const siteScope = scopeOf(question.lower);
    const query = { by: "country", scope: siteScope };
    const answer = await askRoute(neocloudAggregateRoute, { query }, scope);
    if (!answer.ok) return { intent, answer: answer.error.message, sources: [] };
    const body = answer.value;
    const country = countryNamed(question.message);
    const buckets =
      country === undefined
        ? body.data
        : body.data.filter(
            (bucket) => countryOf(bucket.key) === country || bucket.key === country.name,
          );
    const line = (bucket: (typeof body.data)[number]) =>
      `${bucket.key}: ${mw(bucket.total_power_mw)} in ${count(bucket.site_count)} ${scopeText(siteScope)}${bucket.sites_without_power > 0 ? ` (${count(bucket.sites_without_power)} without a stated power, counted as 0)` : ""}.`;
    const total = buckets.reduce((sum, bucket) => sum + bucket.total_power_mw, 0);
    const lines = [
      ...sampleLine(body.dataSources.sample),
      country === undefined
        ? `Total stated power of the ${scopeText(siteScope)}: ${mw(total)}, by country:`
        : buckets.length === 0
          ? `No ${scopeText(siteScope)} in ${country.name} in the Neo-Cloud Sites data.`
          : `Total stated power of the ${scopeText(siteScope)} in ${country.name}:`,
      ...buckets.map(line),
    ];
    return {
      intent,
      answer: lines.join("\n"),
      sources: [sourceOf(neocloudAggregateRoute, query, buckets)],
      citations: citationsOf(body.dataSources),
    };
  },
};

/** "Which operator has the most power", "the companies with the most sites": operators ranked. */
const OPERATOR_WORDS = /\b(?:operators?|compan(?:y|ies)|providers?)\b/;
const RANK_WORDS = /\b(?:most|largest|biggest|top|rank(?:ed|ing)?)\b/;

/**
 * Operators ranked by what the question asks (stated power, chips, or their number of sites),
 * from every site of the scope (the route has no operator aggregate: the chat sums the sites),
 * the first one named in the lead.
 */
const OPERATORS_INTENT: Chat.MarketIntent = {
  intent: "neocloud_operators",
  asks: (question) =>
    /\b(?:which|what|who)\b/.test(question.lower) &&
    OPERATOR_WORDS.test(question.lower) &&
    RANK_WORDS.test(question.lower) &&
    (SITE_WORDS.test(question.lower) || question.domain === NEOCLOUD.name) &&
    familyNamed(question.lower) === undefined,
  async answer(question, scope) {
    const intent = "neocloud_operators";
    const siteScope = scopeOf(question.lower);
    const every = await allSites({ scope: siteScope }, scope);
    if (!every.ok) return { intent, answer: every.error.message, sources: [] };
    // The country, state, city or status asked: the operators of those sites only.
    const filters = filtersAsked(question, every.value.sites, true);
    const query = { scope: siteScope, ...filters.query };
    const answer = filters.said.length === 0 ? every : await allSites(query, scope);
    if (!answer.ok) return { intent, answer: answer.error.message, sources: [] };
    const measure = POWER.test(question.lower)
      ? "power"
      : CHIP_WORDS.test(question.lower)
        ? "chips"
        : "sites";
    const operators = new Map<string, { power: number; chips: number; sites: number }>();
    for (const site of answer.value.sites) {
      const name = site.company ?? "operator unknown";
      const sums = operators.get(name) ?? { power: 0, chips: 0, sites: 0 };
      sums.power += site.powerCapacity ?? 0;
      sums.chips += chipsOf(site);
      sums.sites += 1;
      operators.set(name, sums);
    }
    const ranked = [...operators.entries()].sort(
      ([, a], [, b]) => b[measure] - a[measure] || b.sites - a.sites,
    );
    const what = `${scopeText(siteScope)}${filters.said.length === 0 ? "" : ` ${filters.said.join(" ")}`}`;
    const text = (sums: { power: number; chips: number; sites: number }) =>
      `${mw(sums.power)} of stated power, ${count(sums.chips)} chips, ${count(sums.sites)} site(s)`;
    const [top] = ranked;
    const measureText =
      measure === "power" ? "stated power" : measure === "chips" ? "chips" : "sites";
    const listed = ranked.slice(0, LISTED_SITES);
    const lines = [
      ...sampleLine(answer.value.body.dataSources.sample),
      top === undefined
        ? `No ${what} in the Neo-Cloud Sites data.`
        : `${top[0]} has the most ${measureText} of the operators of the ${what}: ${text(top[1])}.`,
      ...listed.map(([name, sums]) => `- ${name}: ${text(sums)}`),
      ...(ranked.length > listed.length
        ? [`... and ${count(ranked.length - listed.length)} more operators.`]
        : []),
      "Power and chips are as the sites state them (a site without one counts 0).",
    ];
    return {
      intent,
      answer: lines.join("\n"),
      sources: [
        sourceOf(
          neocloudSitesRoute,
          query,
          answer.value.sites.map((site) => ({
            id: site.id,
            siteName: site.siteName,
            company: site.company,
            powerCapacity: site.powerCapacity,
            chips: chipsOf(site),
          })),
        ),
      ],
      citations: citationsOf(answer.value.body.dataSources),
    };
  },
};

/** "Which GPU type is most common", "chips by family", "what chip families": the chip families. */
const CHIP_FAMILY_WORDS =
  /\b(?:gpu|chip|accelerator)s? (?:types?|famil(?:y|ies)|models?)\b|\bby (?:gpu|chip)\b/;

/**
 * "Which GPU type is most common across neo-cloud sites": the aggregate by chip family, the
 * families with the most chips first (a site with two chip types counts in each), led by the
 * family with the most chips and the one in the most sites.
 */
const CHIP_FAMILIES_INTENT: Chat.MarketIntent = {
  intent: "neocloud_chip_families",
  asks: (question) =>
    CHIP_FAMILY_WORDS.test(question.lower) &&
    SITE_WORDS.test(question.lower) &&
    familyNamed(question.lower) === undefined &&
    // The aggregate is over every site of the scope: a question about some of them is a listing.
    !LARGEST.test(question.lower) &&
    countryNamed(question.message) === undefined &&
    stateNamed(question.message) === undefined &&
    statusNamed(question.lower) === undefined,
  async answer(question, scope) {
    const intent = "neocloud_chip_families";
    const every = await allSites({ scope: "all" }, scope);
    if (!every.ok) return { intent, answer: every.error.message, sources: [] };
    // "Which GPU types does CoreWeave have", "... in Abilene": those sites, listed with their chips.
    if (
      operatorNamed(question.lower, every.value.sites) !== undefined ||
      cityNamed(question.lower, every.value.sites) !== undefined
    )
      return SITES_INTENT.answer(question, scope);
    const siteScope = scopeOf(question.lower);
    const query = { by: "gpu_type", scope: siteScope };
    const answer = await askRoute(neocloudAggregateRoute, { query }, scope);
    if (!answer.ok) return { intent, answer: answer.error.message, sources: [] };
    const body = answer.value;
    const byChips = [...body.data].sort(
      (a, b) => b.total_gpu_qty - a.total_gpu_qty || b.site_count - a.site_count,
    );
    const [mostChips] = byChips;
    const [mostSites] = [...body.data].sort((a, b) => b.site_count - a.site_count);
    const lead =
      mostChips === undefined || mostSites === undefined
        ? `No ${scopeText(siteScope)} in the Neo-Cloud Sites data.`
        : mostChips.key === mostSites.key
          ? `The most common chip family in the ${scopeText(siteScope)} is ${mostChips.key}: ${count(mostChips.total_gpu_qty)} chips in ${count(mostChips.site_count)} of ${count(body.sites)} sites.`
          : `By chips, the most common chip family in the ${scopeText(siteScope)} is ${mostChips.key} (${count(mostChips.total_gpu_qty)} chips); by sites, ${mostSites.key} (in ${count(mostSites.site_count)} of ${count(body.sites)} sites).`;
    const line = (bucket: (typeof body.data)[number]) =>
      `${bucket.key}: ${count(bucket.total_gpu_qty)} chips (known and estimated) in ${count(bucket.site_count)} site(s), ${mw(bucket.total_power_mw)} of stated power${bucket.sites_without_gpu_qty > 0 ? ` (${count(bucket.sites_without_gpu_qty)} site(s) without a chip count, counted as 0)` : ""}.`;
    return {
      intent,
      answer: [
        ...sampleLine(body.dataSources.sample),
        lead,
        "A site with two chip families counts in each; Other holds chips no family matches and sites without a chip type.",
        ...byChips.map(line),
      ].join("\n"),
      sources: [sourceOf(neocloudAggregateRoute, query, byChips)],
      citations: citationsOf(body.dataSources),
    };
  },
};

/** The method in plain sentences, as the chat explains it. */
export const NEOCLOUD_CHAT_METHODOLOGY =
  "Neo-Cloud Sites: AI data-center sites from Epoch AI's GPU Clusters and Frontier Data Centers datasets (CC BY 4.0), imported daily; a neo-cloud is a company whose main business is renting GPU capacity and that is not a hyperscaler, from a curated operator list (GET /api/neocloud/methodology).";

export const NEOCLOUD_CHAT: Chat.ChatMarket = {
  scope: "the Neo-Cloud Sites data (AI data-center sites from Epoch AI)",
  subjectsNoun: "data-center sites",
  asks: "data-center sites near a place, in a country, city or US state, of an operator or with a chip family, their total power by country, and how many GPUs of a chip family they hold",
  tracked: "Neo-Cloud Sites: Epoch AI's GPU Clusters and Frontier Data Centers.",
  // Its questions are its own intents (sites come and go with the data).
  subjects: [],
  domainWords: /\bneo-?clouds?\b|\bdata ?cent(?:er|re) sites?\b/,
  recordUnit: ["snapshot", "snapshots"],
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
  intents: [
    OPERATORS_INTENT,
    CHIPS_IN_SITES_INTENT,
    POWER_INTENT,
    CHIP_FAMILIES_INTENT,
    SITES_INTENT,
  ],
};
