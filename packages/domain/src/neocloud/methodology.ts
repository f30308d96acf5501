import {
  CHIP_FAMILIES,
  CURATED_OPERATORS,
  OPERATOR_CATEGORY_MEANINGS,
  OTHER_CHIP_BUCKET,
} from "./catalog";
import { EARTH_RADIUS_KM } from "./geo";
import { UNKNOWN_COUNTRY_BUCKET } from "./query";
import { EPOCH_LICENCE, EPOCH_LICENCE_TERMS, NEOCLOUD_DATASET_INFO } from "./sources";

/** The Neo-Cloud Sites methodology: how Epoch's records become sites, field by field. */

export const NEOCLOUD_METHODOLOGY_VERSION = "1.0";

export const NEOCLOUD_UNIT = "sites (power in MW, GPU quantities in chips)";

/** Each site field: where it comes from, or why it is null. */
export const NEOCLOUD_FIELD_SOURCES: Readonly<Record<string, string>> = {
  id: "`<dataset>:<record>`: the GPU Clusters `Name` (a repeated name gets ` #2`, ` #3` in file order) or the hub's `Handle`.",
  dataset:
    "`gpu-clusters` or `data-centers`: both datasets are kept as separate records; a site in both appears twice (no cross-dataset merging).",
  company:
    "The neo-cloud among the owners, else the neo-cloud tenant of a developer-owned site, else the owners (`Owner`, confidence tags removed).",
  siteName: "GPU Clusters `Name`; hub `Title`.",
  streetAddress: "GPU Clusters `Location` as written (null when it is coordinates); hub `Address`.",
  city: "Parsed from the location or address (the part before a US state or a country); null when the text names no city.",
  state:
    "US two-letter state code from the location/address, or from the end of the hub's handle; null outside the US.",
  country:
    "GPU Clusters `Country` as Epoch writes it; the hub has no country column: from the address or a US state.",
  latitude:
    "Hub `Latitude`/`Longitude` (DMS), GPU Clusters DMS coordinates in `Location`, else the bundled gazetteer's city (see coordinatePrecision); null when unknown.",
  coordinatePrecision:
    "`site` when the source gives coordinates, `city` when geocoded from the city name, null when unknown. A site without coordinates never matches a radius search.",
  dcTier: "Always null: not in the sources (neither dataset records an Uptime tier).",
  ownershipModel:
    "`colocation` when every owner is a data-center developer and users are named, `owned` when an owner is named, else null.",
  coloPartner: "The developer owner(s) of a colocation site; else null.",
  gpuTypes:
    "Chip families of `Chip type (primary)` and `(secondary)`; Epoch's name when no family matches. Empty for hub sites (the hub records H100 equivalents, not chip types).",
  gpuQtyKnown:
    "The chip quantity (primary + secondary, else `Total number of AI chips`) when Epoch's `Certainty` is `Confirmed`; else null.",
  gpuQtyEst:
    "The same quantity when `Certainty` is anything else (Likely, Unlikely…); else null. Null for hub sites.",
  h100Equivalents: "GPU Clusters `H100 equivalents`; hub `Current H100 equivalents`.",
  chipGeneration: "The generation(s) of the chip families (table below).",
  powerCapacity: "MW: GPU Clusters `Power Capacity (MW)`; hub `Current power (MW)`.",
  category:
    "The operator category (list below) of the neo-cloud when `isNeocloud`, else of the first owner; `unknown` without an owner.",
  isNeocloud:
    "An owner is a neo-cloud, or a user is one and every owner is a data-center developer.",
  status:
    "GPU Clusters: Existing → operational, Planned → planned (under_construction when the record's Note, Quote or date/certainty notes say it is under construction or broke ground), Decommissioned or a past decommissioned date → decommissioned. Hub: from the timeline as of the import day: operational once a past row has power > 0, under_construction when past rows exist without power, planned when every row is a projection.",
  leaseTerm: "Always null: not in the sources.",
  keyCustomer: "`Users`, confidence tags removed.",
  contractAnnounced: "Always null: not in the sources.",
  gpuOrderDate: "Always null: not in the sources.",
  constructionStart:
    'Hub: the first timeline row\'s date (typically "Land clearing begins"). GPU Clusters: null (not recorded).',
  phase1LiveDate:
    "Hub: the first timeline row with power > 0 (possibly projected). GPU Clusters: `First Operational Date`.",
  fullCapacityTarget:
    "Hub: the last timeline row's date when it is a projection (after the import day). GPU Clusters: null.",
  sourceNotes: "GPU Clusters `Note`; hub: the latest past timeline row's construction status.",
  provenance:
    "Per site: dataset, record name or handle, file URLs, retrieved-at, licence, citation, Epoch's own source links, confidence tags, certainty.",
};

export type NeocloudMethodologyDocument = {
  methodologyVersion: string;
  summary: string;
  sources: {
    source: string;
    title: string;
    urls: readonly string[];
    documentation: string;
    citation: string;
    licence: { name: string; url: string };
    terms: string;
  }[];
  fields: Readonly<Record<string, string>>;
  neocloudDefinition: string;
  operatorCategories: Readonly<Record<string, string>>;
  operators: { name: string; category: string; aliases: readonly string[]; note: string | null }[];
  chipFamilies: { family: string; generation: string }[];
  rules: string[];
  geocoding: string;
};

export function neocloudMethodology(input: {
  gazetteer: { name: string; licence: string; attribution: string };
}): NeocloudMethodologyDocument {
  return {
    methodologyVersion: NEOCLOUD_METHODOLOGY_VERSION,
    summary:
      "AI data-center sites from two Epoch AI datasets (GPU Clusters; Frontier Data Centers Hub), imported daily whole, mapped to the contract's site fields, and classified by a curated operator list to find neo-cloud sites.",
    sources: Object.values(NEOCLOUD_DATASET_INFO).map((info) => ({
      source: info.source,
      title: info.title,
      urls: info.defaultUrls,
      documentation: info.documentation,
      citation: info.citation,
      licence: { ...EPOCH_LICENCE },
      terms: EPOCH_LICENCE_TERMS,
    })),
    fields: NEOCLOUD_FIELD_SOURCES,
    neocloudDefinition:
      "A neo-cloud is a company whose main business is renting GPU capacity to others and that is not a hyperscaler, as listed below. A site is a neo-cloud site when an owner is a neo-cloud, or when a user is one and the owners are data-center developers (the neo-cloud then leases it: ownershipModel colocation, coloPartner the developer). `scope=all` lists every site.",
    operatorCategories: OPERATOR_CATEGORY_MEANINGS,
    operators: CURATED_OPERATORS.map((operator) => ({
      name: operator.name,
      category: operator.category,
      aliases: operator.aliases,
      note: operator.note ?? null,
    })),
    chipFamilies: CHIP_FAMILIES.map(({ family, generation }) => ({ family, generation })),
    rules: [
      "Import: both datasets are read and every record validated before anything is written; one transaction writes only records whose content changed (a hash per site), inserts new ones and removes those Epoch no longer lists; a failed import changes nothing. It runs daily and at the first start.",
      `Radius search: great-circle (haversine) distance on a sphere of radius ${EARTH_RADIUS_KM} km, nearest first; sites without coordinates never match.`,
      `Aggregates: by country (\`${UNKNOWN_COUNTRY_BUCKET}\` without one) or by chip family (\`${OTHER_CHIP_BUCKET}\` for an unmatched chip and for sites without a chip type, which includes every hub site). A two-chip site counts in both chip buckets (site count and its whole power in each; each chip's own quantity). Missing power or quantity adds 0 and is counted in sites_without_power / sites_without_gpu_qty. Buckets sorted by total power, then site count, descending, then key.`,
      "GPU quantities: known (Epoch's Certainty = Confirmed) and estimated quantities are reported apart; totals add both.",
      "Chinese rows of GPU Clusters are anonymised by Epoch (names hidden, numbers rounded) and served as Epoch publishes them.",
      'Before the first import a generated sample (names starting with "Sample") is served, marked sample: true.',
    ],
    geocoding: `Sites without source coordinates are placed at their city from the bundled ${input.gazetteer.name} (${input.gazetteer.licence}; ${input.gazetteer.attribution}), matched on the city name with the US state or the country; no match leaves the coordinates null.`,
  };
}
