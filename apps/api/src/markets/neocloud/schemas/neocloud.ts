import {
  COORDINATE_PRECISIONS,
  DECIMAL_PATTERN,
  NEOCLOUD_AGGREGATE_BY,
  NEOCLOUD_DATASETS,
  NEOCLOUD_SCOPES,
  NEOCLOUD_SITES_LIMIT_DEFAULT,
  NEOCLOUD_SITES_LIMIT_MAX,
  OPERATOR_CATEGORIES,
  SITE_STATUSES,
  parseNeocloudAggregateQuery,
  parseNeocloudMapQuery,
  parseNeocloudSitesQuery,
  NEOCLOUD_AGGREGATE_QUERY_PARAMETERS,
  NEOCLOUD_MAP_QUERY_PARAMETERS,
  NEOCLOUD_SITES_QUERY_PARAMETERS,
} from "@tpi/domain";
import { z } from "zod";
import { successBody } from "../../../platform/openapi/responses";
import { storableText } from "../../../platform/http/input";
import { choiceParameter, domainQuery } from "../../../platform/http/parameters";
import { answerDataSourcesSchema, licenceSchema } from "../../../platform/provenance/data-sources";
import { withReleaseParameter } from "../../../platform/http/release-parameter";

/**
 * The Neo-Cloud Sites routes' parameters and answers. Parameters are plain strings piped into
 * the domain's parsers, which own the order and the text of every 400.
 */

const scopeParameter = choiceParameter(
  "scope",
  NEOCLOUD_SCOPES,
  "`neocloud` (default): neo-cloud sites only (methodology: the curated operator list); `all`: every site.",
).optional();

/** Any text but U+0000 and U+FFFD (see textParameter), as the document states it. */
const FREE_TEXT_PATTERN = "^[^\\u0000\\uFFFD]+$";

/**
 * A free-text filter: text PostgreSQL could not store is the platform's 400, as on every route,
 * and so is U+FFFD, which is what Node makes of percent-encoded bytes that are not UTF-8 (no
 * place is named with it; an empty answer would hide the client's encoding fault).
 */
const textParameter = (field: string, description: string) =>
  storableText(z.string(), field)
    .refine((value) => !value.includes("\uFFFD"), {
      message: `'${field}' must be UTF-8 text: it holds bytes that are not (read as U+FFFD).`,
    })
    .meta({ description, type: "string", minLength: 1, pattern: FREE_TEXT_PATTERN })
    .optional();

const decimalParameter = (description: string) =>
  z.string().meta({ description, type: "string", pattern: DECIMAL_PATTERN }).optional();

const LAT =
  "Latitude in decimal degrees (-90 to 90) of the radius search's centre; needs `lon` and `radiusKm`.";
const LON =
  "Longitude in decimal degrees (-180 to 180) of the radius search's centre; needs `lat` and `radiusKm`.";
const RADIUS =
  "Radius in km (> 0) of the search around `lat`/`lon` (great-circle distance); needs both.";

export const neocloudSitesQuerySchema = withReleaseParameter(
  domainQuery(
    NEOCLOUD_SITES_QUERY_PARAMETERS,
    {
      city: textParameter(
        "city",
        "City name, case-insensitive (`Abilene`); with `state` to tell apart cities of one name.",
      ),
      state: textParameter("state", "US state code or name (`TX`, `Texas`), case-insensitive."),
      country: textParameter(
        "country",
        "Country as Epoch writes it (`United States of America`) or its ISO 3166 alpha-2/alpha-3 code (`US`, `USA`).",
      ),
      lat: decimalParameter(LAT),
      latitude: decimalParameter(`Alias of \`lat\`. ${LAT}`),
      lon: decimalParameter(LON),
      longitude: decimalParameter(`Alias of \`lon\`. ${LON}`),
      lng: decimalParameter(`Alias of \`lon\`. ${LON}`),
      radiusKm: decimalParameter(RADIUS),
      radius: decimalParameter(`Alias of \`radiusKm\`. ${RADIUS}`),
      scope: scopeParameter,
      status: choiceParameter("status", SITE_STATUSES, "Only sites of this status.").optional(),
      limit: z
        .string()
        .meta({
          description: `Most sites returned: 1 to ${NEOCLOUD_SITES_LIMIT_MAX}; default ${NEOCLOUD_SITES_LIMIT_DEFAULT}.`,
          type: "integer",
          minimum: 1,
          maximum: NEOCLOUD_SITES_LIMIT_MAX,
          example: NEOCLOUD_SITES_LIMIT_DEFAULT,
        })
        .optional(),
      offset: z
        .string()
        .meta({
          description: "Sites skipped before the first returned (paging); default 0.",
          type: "integer",
          minimum: 0,
          example: 0,
        })
        .optional(),
    },
    parseNeocloudSitesQuery,
  ),
);

export const neocloudAggregateQuerySchema = domainQuery(
  NEOCLOUD_AGGREGATE_QUERY_PARAMETERS,
  {
    by: choiceParameter("by", NEOCLOUD_AGGREGATE_BY, "`country` or `gpu_type` (chip family)."),
    scope: scopeParameter,
  },
  parseNeocloudAggregateQuery,
);

export const neocloudMapQuerySchema = domainQuery(
  NEOCLOUD_MAP_QUERY_PARAMETERS,
  { scope: scopeParameter },
  parseNeocloudMapQuery,
);

const nullableText = (description: string) => z.string().nullable().meta({ description });
const nullableNumber = (description: string) => z.number().nullable().meta({ description });

const chipSchema = z.object({
  type: z
    .string()
    .meta({ description: "Chip family (`H100`, `GB200`), or Epoch's name when no family matches" }),
  bucket: z.string().meta({ description: "Aggregate bucket: the family, or `Other`" }),
  generation: z.string().nullable(),
  quantity: z
    .number()
    .nullable()
    .meta({ description: "This chip's quantity as the source splits it" }),
  sourceName: z.string().meta({ description: "Epoch's chip type as written" }),
});

export const siteProvenanceSchema = z
  .object({
    dataset: z.enum(NEOCLOUD_DATASETS),
    source: z.string(),
    recordName: z.string().meta({ description: "GPU Clusters `Name` or the hub's `Handle`" }),
    sourceUrls: z.array(z.string()),
    retrievedAt: z
      .string()
      .meta({ description: "When the import that wrote this content read the file(s)" }),
    licence: licenceSchema,
    citation: z.string(),
    sourceLinks: z.array(z.string()).meta({ description: "Epoch's own sources of the record" }),
    confidence: z.record(z.string(), z.string()).meta({
      description:
        "Epoch's confidence tag of each owner and user (`confident`, `likely`, `speculative`)",
    }),
    certainty: z
      .string()
      .nullable()
      .meta({ description: "GPU Clusters `Certainty`; null for the hub" }),
  })
  .meta({ id: "NeocloudSiteProvenance" });

export const neocloudSiteSchema = z
  .object({
    id: z.string().meta({ description: "`<dataset>:<record name or handle>`" }),
    dataset: z.enum(NEOCLOUD_DATASETS),
    company: nullableText("The neo-cloud, else the owner(s)"),
    siteName: z.string(),
    streetAddress: nullableText("The location or address as the source writes it"),
    city: z.string().nullable(),
    state: nullableText("US two-letter state code; null elsewhere"),
    country: nullableText("As Epoch writes it"),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    coordinatePrecision: z.enum(COORDINATE_PRECISIONS).nullable().meta({
      description:
        "`site`: the source's coordinates; `city`: geocoded from the city; null: unknown",
    }),
    dcTier: z.null().meta({ description: "Not in the sources: always null" }),
    ownershipModel: z.enum(["owned", "colocation"]).nullable(),
    coloPartner: z.string().nullable(),
    gpuTypes: z.array(z.string()),
    chips: z.array(chipSchema),
    gpuQtyKnown: nullableNumber("Chips, when Epoch marks the record Confirmed"),
    gpuQtyEst: nullableNumber("Chips, when Epoch's certainty is anything else"),
    h100Equivalents: z.number().nullable(),
    chipGeneration: z.string().nullable(),
    powerCapacity: nullableNumber("MW"),
    category: z.enum(OPERATOR_CATEGORIES),
    isNeocloud: z.boolean(),
    status: z.enum(SITE_STATUSES).nullable(),
    leaseTerm: z.null().meta({ description: "Not in the sources: always null" }),
    keyCustomer: z.string().nullable(),
    contractAnnounced: z.null().meta({ description: "Not in the sources: always null" }),
    gpuOrderDate: z.null().meta({ description: "Not in the sources: always null" }),
    constructionStart: z.string().nullable(),
    phase1LiveDate: z.string().nullable(),
    fullCapacityTarget: z.string().nullable(),
    sourceNotes: z.string().nullable(),
    sample: z.boolean().meta({ description: "True for a generated sample site: not market data" }),
    provenance: siteProvenanceSchema,
    distanceKm: z.number().optional().meta({
      description: "Great-circle distance from the search centre, km (radius searches only)",
    }),
  })
  .meta({ id: "NeocloudSite" });

export const neocloudSitesResponseSchema = successBody("NeocloudSitesResponse", {
  scope: z.enum(NEOCLOUD_SCOPES),
  count: z.number().int().meta({ description: "Sites in `data`" }),
  total: z.number().int().meta({ description: "Sites matching, before `limit` and `offset`" }),
  limit: z.number().int(),
  offset: z.number().int(),
  data: z.array(neocloudSiteSchema),
  dataSources: answerDataSourcesSchema,
});

export type NeocloudSitesResponse = z.infer<typeof neocloudSitesResponseSchema>;

const bucketSchema = z.object({
  key: z.string().meta({ description: "Country (`Unknown` without one) or chip family (`Other`)" }),
  site_count: z.number().int(),
  total_power_mw: z.number(),
  total_gpu_qty: z.number().meta({ description: "Known and estimated chips together" }),
  sites_without_power: z.number().int(),
  sites_without_gpu_qty: z.number().int(),
});

export const neocloudAggregateResponseSchema = successBody("NeocloudAggregateResponse", {
  by: z.enum(NEOCLOUD_AGGREGATE_BY),
  scope: z.enum(NEOCLOUD_SCOPES),
  sites: z.number().int().meta({ description: "Sites in the scope" }),
  sitesWithoutPower: z.number().int(),
  sitesWithoutGpuQty: z.number().int(),
  data: z.array(bucketSchema),
  dataSources: answerDataSourcesSchema,
});

export type NeocloudAggregateResponse = z.infer<typeof neocloudAggregateResponseSchema>;

const featureSchema = z.object({
  type: z.literal("Feature"),
  id: z.string(),
  geometry: z.object({
    type: z.literal("Point"),
    coordinates: z.array(z.number()).meta({ description: "[longitude, latitude] (RFC 7946)" }),
  }),
  properties: z.object({
    siteName: z.string(),
    company: z.string().nullable(),
    dataset: z.enum(NEOCLOUD_DATASETS),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string().nullable(),
    status: z.enum(SITE_STATUSES).nullable(),
    category: z.enum(OPERATOR_CATEGORIES),
    isNeocloud: z.boolean(),
    gpuTypes: z.array(z.string()),
    gpuQty: z.number().nullable(),
    powerCapacity: z.number().nullable(),
    coordinatePrecision: z.enum(COORDINATE_PRECISIONS).nullable(),
    sample: z.boolean(),
  }),
});

export const neocloudMapResponseSchema = z
  .object({
    type: z.literal("FeatureCollection"),
    scope: z.enum(NEOCLOUD_SCOPES),
    features: z.array(featureSchema),
    sitesWithoutCoordinates: z
      .number()
      .int()
      .meta({ description: "Sites of the scope left off the map" }),
    dataSources: answerDataSourcesSchema,
  })
  .meta({ id: "NeocloudMapResponse" });

export type NeocloudMapResponse = z.infer<typeof neocloudMapResponseSchema>;

export const neocloudMethodologyResponseSchema = z
  .object({
    methodologyVersion: z.string(),
    summary: z.string(),
    sources: z.array(
      z.object({
        source: z.string(),
        title: z.string(),
        urls: z.array(z.string()),
        documentation: z.string(),
        citation: z.string(),
        licence: licenceSchema,
        terms: z.string(),
      }),
    ),
    fields: z.record(z.string(), z.string()),
    neocloudDefinition: z.string(),
    operatorCategories: z.record(z.string(), z.string()),
    operators: z.array(
      z.object({
        name: z.string(),
        category: z.string(),
        aliases: z.array(z.string()),
        note: z.string().nullable(),
      }),
    ),
    chipFamilies: z.array(z.object({ family: z.string(), generation: z.string() })),
    rules: z.array(z.string()),
    geocoding: z.string(),
    gazetteer: z.object({
      name: z.string(),
      licence: z.string(),
      attribution: z.string(),
      url: z.string(),
    }),
    imports: z.array(
      z.object({
        dataset: z.string(),
        sourceUrls: z.array(z.string()),
        retrievedAt: z.string(),
        records: z.number().int(),
      }),
    ),
    dataSources: answerDataSourcesSchema,
  })
  .meta({ id: "NeocloudMethodologyResponse" });

export type NeocloudMethodologyResponse = z.infer<typeof neocloudMethodologyResponseSchema>;
