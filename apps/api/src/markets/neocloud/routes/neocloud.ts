import { marketReads } from "../../../platform/openapi/market-reads";
import {
  COORDINATE_PARAMETERS,
  EARTH_RADIUS_KM,
  NEOCLOUD_REQUIRES_FULL_MESSAGE,
  NEOCLOUD_SITES_LIMIT_DEFAULT,
  NEOCLOUD_SITES_LIMIT_MAX,
} from "@tpi/domain";
import { fullPlanOnly } from "../../../platform/openapi/full-plan-only";
import { NEOCLOUD, NEOCLOUD_FRESHNESS } from "../read-model/state";
import {
  neocloudAggregateQuerySchema,
  neocloudAggregateResponseSchema,
  neocloudMapQuerySchema,
  neocloudMapResponseSchema,
  neocloudMethodologyResponseSchema,
  neocloudSitesQuerySchema,
  neocloudSitesResponseSchema,
} from "../schemas/neocloud";
import {
  answerNeocloudAggregate,
  answerNeocloudMap,
  answerNeocloudSites,
  neocloudMethodologyDocument,
} from "../services/neocloud";
import { neocloudSitesAsOf } from "../bulk/as-of-release";

/**
 * The Neo-Cloud Sites routes: AI data-center sites from Epoch AI's GPU Clusters and Frontier Data
 * Centers datasets, neo-cloud sites by default. Full plan keys only (as the hourly GPU routes:
 * keyless 401, Premium and Trial keys 403); the methodology is public.
 */

export const NEOCLOUD_TAG = "Neo-Cloud Sites";

/** Premium and Trial keys get the 403 naming the Full plan; keyless callers the 401. */
const FULL_PLAN_ONLY = fullPlanOnly(NEOCLOUD_REQUIRES_FULL_MESSAGE);
const SOURCES_TEXT =
  "`dataSources` names Epoch AI's datasets with their retrieval time (as-of), licence (CC BY 4.0) and the citation to show; `sample` is true for the generated sample served before the first import.";

const neocloudReads = marketReads({
  state: NEOCLOUD,
  freshness: NEOCLOUD_FRESHNESS,
  tag: NEOCLOUD_TAG,
  access: FULL_PLAN_ONLY.access,
  authorizeCaller: FULL_PLAN_ONLY.authorizeCaller,
  responses: { 403: FULL_PLAN_ONLY.forbiddenResponse },
});

/** Every spelling of the radius search's three parameters. */
const RADIUS_SEARCH_NAMES = new Set<string>(Object.values(COORDINATE_PARAMETERS).flat());

export const neocloudSitesRoute = neocloudReads.history({
  path: "/api/neocloud/sites",
  operationId: "listNeocloudSites",
  tool: {
    name: "search_neocloud_sites",
    title: "Neo-cloud data-center sites",
    description: `AI data-center sites (neo-clouds by default; \`scope=all\` for every operator) from Epoch AI's GPU Clusters and Frontier Data Centers datasets: company, address, city, state, country, coordinates, chip types and quantities (known/estimated), power (MW), status (operational, under_construction, planned, decommissioned), dates and provenance. Filter by \`city\` (+ \`state\`), \`country\` (name or ISO code), \`status\`, or \`lat\` + \`lon\` + \`radiusKm\` (nearest first, with \`distanceKm\`); \`limit\` (default ${NEOCLOUD_SITES_LIMIT_DEFAULT}) and \`offset\`. Cite Epoch AI (CC BY 4.0) with the data`,
    access: FULL_PLAN_ONLY.toolAccess,
  },
  query: neocloudSitesQuerySchema,
  rulesInProse: [
    {
      rule: "a radius search needs its three numbers (once each, in range); a latitude or longitude alone is half of one",
      mayRefuse: ({ query }) => query.some(([name]) => RADIUS_SEARCH_NAMES.has(name)),
    },
  ],
  responses: {
    200: { description: "Sites, with paging and sources", schema: neocloudSitesResponseSchema },
  },
  docs: {
    summary: "Neo-cloud (or all) AI data-center sites by city, country or radius",
    description: [
      "Every filter given applies: `city` (case-insensitive, with an optional `state`), `state`, `country` (Epoch's name or ISO 3166 alpha-2/alpha-3), `status`, and a radius search `lat` + `lon` + `radiusKm` (aliases `latitude`, `longitude`/`lng`, `radius`), which needs all three (400 otherwise, as for a radius ≤ 0 or a latitude or longitude out of range).",
      `Radius searches use the great-circle (haversine) distance on a sphere of ${EARTH_RADIUS_KM} km and sort nearest first, each site with \`distanceKm\`; a site without coordinates never matches one. Other answers sort by site name.`,
      `Without filters: every site of the scope. \`scope\` is \`neocloud\` (default) or \`all\`. \`limit\` defaults to ${NEOCLOUD_SITES_LIMIT_DEFAULT} (at most ${NEOCLOUD_SITES_LIMIT_MAX}); \`total\` counts every match.`,
      "Fields not in the sources (`dcTier`, `leaseTerm`, `contractAnnounced`, `gpuOrderDate`) are always null; the methodology says where each field comes from.",
      SOURCES_TEXT,
      "With `release`, the same search over the sites as that release holds them (`dataSources` as of their retrieval).",
    ].join(" "),
    examples: () => [
      {
        label: "Neo-cloud sites in the US",
        pathAndQuery: "/api/neocloud/sites?country=US",
      },
      {
        label: "Every site within 100 km of Dallas",
        pathAndQuery: "/api/neocloud/sites?lat=32.7767&lon=-96.797&radiusKm=100&scope=all",
      },
    ],
  },
  answer: ({ sites }, { query }) => answerNeocloudSites(query, sites),
  asOfRelease: neocloudSitesAsOf,
});

export const neocloudAggregateRoute = neocloudReads.read({
  path: "/api/neocloud/sites/aggregate",
  operationId: "aggregateNeocloudSites",
  tool: {
    name: "aggregate_neocloud_sites",
    title: "Neo-cloud sites by country or chip",
    description:
      "Neo-cloud (or, with `scope=all`, all) AI data-center sites grouped `by` `country` or `gpu_type`: per bucket the site count, total power (MW) and total GPU quantity (known + estimated). A two-chip site counts in both chip buckets; an unknown chip is `Other`; no country is `Unknown`; sites lacking power or quantity add 0 and are counted. Cite Epoch AI (CC BY 4.0)",
    access: FULL_PLAN_ONLY.toolAccess,
  },
  query: neocloudAggregateQuerySchema,
  responses: {
    200: { description: "Buckets", schema: neocloudAggregateResponseSchema },
  },
  docs: {
    summary: "Site count, power and GPUs by country or chip family",
    description: [
      "`by=country`: one bucket per country (`Unknown` for sites without one). `by=gpu_type`: one bucket per chip family; a site with two chip types counts in each (its site count and its whole power in each, and each chip's own quantity where the source splits it); a chip no family matches, and a site without a chip type (every Frontier Data Centers site), count as `Other`.",
      "`total_gpu_qty` adds known and estimated quantities; a site without power or quantity adds 0 and is counted in `sites_without_power` / `sites_without_gpu_qty` (per bucket) and `sitesWithoutPower` / `sitesWithoutGpuQty` (overall).",
      "Buckets are sorted by total power, then site count, descending, then key.",
      SOURCES_TEXT,
    ].join(" "),
    examples: () => [
      {
        label: "Neo-cloud sites by country",
        pathAndQuery: "/api/neocloud/sites/aggregate?by=country",
      },
      {
        label: "Every site by chip family",
        pathAndQuery: "/api/neocloud/sites/aggregate?by=gpu_type&scope=all",
      },
    ],
  },
  answer: ({ sites }, { query }) => answerNeocloudAggregate(query, sites),
});

export const neocloudMapRoute = neocloudReads.read({
  path: "/api/neocloud/map",
  operationId: "getNeocloudMap",
  query: neocloudMapQuerySchema,
  responses: {
    200: { description: "A GeoJSON FeatureCollection", schema: neocloudMapResponseSchema },
  },
  docs: {
    summary: "The sites as a GeoJSON FeatureCollection",
    description: [
      "RFC 7946: one `Point` feature per site with coordinates (`[longitude, latitude]`), its properties a summary of the site; `sitesWithoutCoordinates` counts the sites of the scope left off the map.",
      "`scope` as for the sites. `scope` and `dataSources` are foreign members of the collection.",
      SOURCES_TEXT,
    ].join(" "),
    examples: () => [
      { label: "Neo-cloud sites", pathAndQuery: "/api/neocloud/map" },
      { label: "Every site", pathAndQuery: "/api/neocloud/map?scope=all" },
    ],
  },
  answer: ({ sites }, { query }) => answerNeocloudMap(query, sites),
});

export const neocloudMethodologyRoute = neocloudReads.document({
  path: "/api/neocloud/methodology",
  operationId: "getNeocloudMethodology",
  response: {
    description: "The Neo-Cloud Sites methodology",
    schema: neocloudMethodologyResponseSchema,
  },
  docs: {
    summary:
      "The Neo-Cloud Sites methodology: sources and citations, field mapping, the neo-cloud definition and operator list, chip families, geocoding",
    description:
      "Public. `imports` lists each dataset's last import; `dataSources.sample` is true while the generated sample is served.",
    exampleLabel: "The Neo-Cloud Sites methodology",
  },
  answer: ({ sites }) => neocloudMethodologyDocument(sites),
});
