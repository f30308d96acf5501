import { TRPCError } from "@trpc/server";
import { LATITUDE_MESSAGE, SAMPLE_NOTICE } from "@tpi/domain";
import { z } from "zod";
import { FULL_VIEWER, marketFixture, PREMIUM_VIEWER, t } from "../../kit/test-viewers";

/**
 * A router standing in for the api in the Neo-Cloud Sites page's rendering tests, in the api's
 * shapes: `viewer` names the Full reader of `sessions.full` and a Premium reader of
 * `sessions.refused`; `neocloud.planSites` and `neocloud.planAggregate` answer the Full
 * reader as `GET /api/neocloud/sites` (and `/aggregate`) answer a Full key, the Premium reader
 * with the api's 403 and anyone else with its 401; a latitude outside ±90 is the api's 400. Every
 * input is recorded. The browser test runs the page against the real api.
 */
const fixture = marketFixture("neocloud", { full: FULL_VIEWER, refused: PREMIUM_VIEWER });

const NEOCLOUD_PLAN_REFUSAL =
  "Neo-Cloud site data is part of the Full plan; this key's plan is Premium.";
const NEOCLOUD_LAT_ERROR = LATITUDE_MESSAGE;

const NEOCLOUD_CITATION =
  "Epoch AI, 'Frontier Data Centers Hub' and 'GPU Clusters', epoch.ai/data, accessed 2026-11-20. Licensed under CC BY 4.0.";
const LICENCE = { name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" };
const SOURCES = {
  sample: true,
  notice: SAMPLE_NOTICE,
  sources: [
    { source: "sample", sample: true, asOf: null, citation: null, licence: null },
    {
      source: "epoch-data-centers",
      sample: false,
      asOf: "2026-11-20T00:00:00.000Z",
      citation: NEOCLOUD_CITATION,
      licence: LICENCE,
    },
  ],
};

const base = {
  dataset: "data-centers",
  streetAddress: null,
  state: null,
  coordinatePrecision: "city",
  dcTier: null,
  ownershipModel: null,
  coloPartner: null,
  chipGeneration: null,
  chips: [],
  h100Equivalents: null,
  category: "neocloud",
  isNeocloud: true,
  leaseTerm: null,
  keyCustomer: null,
  contractAnnounced: null,
  gpuOrderDate: null,
  constructionStart: null,
  phase1LiveDate: null,
  fullCapacityTarget: null,
  sourceNotes: null,
  sample: false,
};

function provenance(recordName: string, sourceLinks: string[] = []) {
  return {
    dataset: "data-centers",
    source: "epoch-data-centers",
    recordName,
    sourceUrls: ["https://epoch.ai/data/data-centers"],
    retrievedAt: "2026-11-20T00:00:00.000Z",
    licence: LICENCE,
    citation: NEOCLOUD_CITATION,
    sourceLinks,
    confidence: {},
    certainty: null,
  };
}

/** Four neo-cloud sites (one without coordinates) and one hyperscaler's, for `scope=all`. */
const NEOCLOUD_SITES = [
  {
    ...base,
    id: "data-centers:crusoe-abilene",
    company: "Crusoe",
    siteName: "Abilene campus",
    city: "Abilene",
    state: "TX",
    country: "United States",
    latitude: 32.45,
    longitude: -99.73,
    gpuTypes: ["GB200"],
    gpuQtyKnown: null,
    gpuQtyEst: 50000,
    chipGeneration: "Blackwell",
    powerCapacity: 1200,
    status: "under_construction",
    keyCustomer: "OpenAI",
    constructionStart: "2024-07",
    phase1LiveDate: "2025-06",
    sourceNotes: "1.2 GW at full build.",
    provenance: provenance("crusoe-abilene", ["https://example.org/crusoe-abilene"]),
  },
  {
    ...base,
    id: "data-centers:coreweave-plano",
    company: "CoreWeave",
    siteName: "CoreWeave Plano",
    city: "Plano",
    state: "TX",
    country: "United States",
    latitude: 33.02,
    longitude: -96.7,
    gpuTypes: ["H100", "H200"],
    gpuQtyKnown: 8192,
    gpuQtyEst: null,
    powerCapacity: 30,
    status: "operational",
    provenance: provenance("coreweave-plano"),
  },
  {
    ...base,
    id: "data-centers:nebius-mantsala",
    company: "Nebius",
    siteName: "Mäntsälä",
    city: "Mäntsälä",
    country: "Finland",
    latitude: 60.63,
    longitude: 25.32,
    gpuTypes: ["H200"],
    gpuQtyKnown: null,
    gpuQtyEst: null,
    powerCapacity: 75,
    status: "operational",
    provenance: provenance("nebius-mantsala"),
  },
  {
    ...base,
    id: "data-centers:lambda-unplaced",
    company: "Lambda",
    siteName: "Lambda",
    city: null,
    country: "United States",
    latitude: null,
    longitude: null,
    coordinatePrecision: null,
    gpuTypes: [],
    gpuQtyKnown: null,
    gpuQtyEst: null,
    powerCapacity: null,
    status: null,
    provenance: provenance("lambda-unplaced"),
  },
  {
    ...base,
    id: "data-centers:microsoft-fairwater",
    company: "Microsoft",
    siteName: "Fairwater",
    city: "Mount Pleasant",
    state: "WI",
    country: "United States",
    latitude: 42.7,
    longitude: -87.9,
    gpuTypes: ["GB200"],
    gpuQtyKnown: null,
    gpuQtyEst: 100000,
    powerCapacity: 300,
    category: "hyperscaler",
    isNeocloud: false,
    status: "operational",
    provenance: provenance("microsoft-fairwater"),
  },
];

const rad = (degrees: number) => (degrees * Math.PI) / 180;
function km(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(a));
}

const filterInput = {
  scope: z.string().optional(),
  country: z.string().optional(),
  city: z.string().optional(),
  lat: z.string().optional(),
  lon: z.string().optional(),
  radiusKm: z.string().optional(),
};

/** Who reads site data: the Full reader; the Premium reader is refused with the api's 403. */
const SITE_DATA_ACCESS = { reads: "full", forbidden: { refused: NEOCLOUD_PLAN_REFUSAL } } as const;

function sitesOf(input: {
  scope?: string | undefined;
  country?: string | undefined;
  city?: string | undefined;
  lat?: string | undefined;
  lon?: string | undefined;
  radiusKm?: string | undefined;
}) {
  if (input.lat !== undefined && Math.abs(Number(input.lat)) > 90)
    throw new TRPCError({ code: "BAD_REQUEST", message: NEOCLOUD_LAT_ERROR });
  return NEOCLOUD_SITES.filter(
    (site) =>
      (input.scope === "all" || site.isNeocloud) &&
      (input.country === undefined || site.country === input.country) &&
      (input.city === undefined || site.city === input.city) &&
      (input.lat === undefined ||
        (site.latitude !== null &&
          site.longitude !== null &&
          km(Number(input.lat), Number(input.lon), site.latitude, site.longitude) <=
            Number(input.radiusKm))),
  );
}

const neocloudRouter = t.router({
  methodology: t.procedure.query(() => ({
    methodologyVersion: "1.0",
    summary: "AI data-centre sites from two Epoch AI datasets, one row per record.",
    neocloudDefinition:
      "A neo-cloud is a company whose main business is renting GPU capacity to others, and not a hyperscaler.",
    rules: ["Sites are kept as each dataset lists them; no record is merged across datasets."],
    sources: [
      {
        source: "epoch-data-centers",
        title: "Epoch AI, Frontier Data Centers Hub",
        urls: ["https://epoch.ai/data/data-centers"],
        documentation: "",
        citation: NEOCLOUD_CITATION,
        licence: LICENCE,
        terms: "",
      },
    ],
    gazetteer: {
      name: "GeoNames cities15000",
      licence: "CC BY 4.0",
      attribution: "Contains data from GeoNames (geonames.org).",
      url: "https://www.geonames.org/",
    },
    dataSources: SOURCES,
  })),
  planSites: fixture.planQuery(
    "planSites",
    { ...filterInput, limit: z.string().optional(), offset: z.string().optional() },
    SITE_DATA_ACCESS,
    (input) => {
      const all = sitesOf(input);
      const offset = Number(input.offset ?? 0);
      const limit = Number(input.limit ?? 100);
      return {
        success: true as const,
        total: all.length,
        count: Math.max(0, Math.min(limit, all.length - offset)),
        limit,
        offset,
        data: all.slice(offset, offset + limit),
        dataSources: SOURCES,
      };
    },
  ),
  planAggregate: fixture.planQuery(
    "planAggregate",
    { by: z.string(), scope: z.string().optional() },
    SITE_DATA_ACCESS,
    (input) => {
      const sites = sitesOf(input);
      const buckets = new Map<
        string,
        { site_count: number; total_power_mw: number; total_gpu_qty: number }
      >();
      for (const site of sites) {
        const keys =
          input.by === "country"
            ? [site.country]
            : site.gpuTypes.length === 0
              ? ["Other"]
              : site.gpuTypes;
        for (const key of keys) {
          const bucket = buckets.get(key) ?? { site_count: 0, total_power_mw: 0, total_gpu_qty: 0 };
          bucket.site_count += 1;
          bucket.total_power_mw += site.powerCapacity ?? 0;
          bucket.total_gpu_qty += site.gpuQtyKnown ?? site.gpuQtyEst ?? 0;
          buckets.set(key, bucket);
        }
      }
      return {
        success: true as const,
        by: input.by,
        scope: input.scope ?? "neocloud",
        sites: sites.length,
        sitesWithoutPower: sites.filter((site) => site.powerCapacity === null).length,
        sitesWithoutGpuQty: sites.filter(
          (site) => site.gpuQtyKnown === null && site.gpuQtyEst === null,
        ).length,
        data: [...buckets].map(([key, bucket]) => ({
          key,
          ...bucket,
          sites_without_power: 0,
          sites_without_gpu_qty: 0,
        })),
        dataSources: SOURCES,
      };
    },
  ),
});

/** The Neo-Cloud page tests' api: its router, readers, recorded inputs and the values it serves. */
export const neocloud = fixture.testApi(
  { neocloud: neocloudRouter },
  {
    planRefusal: NEOCLOUD_PLAN_REFUSAL,
    latitudeError: NEOCLOUD_LAT_ERROR,
    citation: NEOCLOUD_CITATION,
    sites: NEOCLOUD_SITES,
  },
);
