import {
  NEOCLOUD_FIELD_SOURCES,
  NEOCLOUD_METHODOLOGY_VERSION,
  itemOfRow,
  provenanceOfRow,
  requireNeocloudPlan,
  rowOfItem,
  type BulkColumn,
  type BulkColumnType,
  type BulkRow,
  type ItemFields,
  type NeocloudSite,
} from "@tpi/domain";
import { inStoredSiteOrder, readNeocloudSitePage, type Db } from "@tpi/db";
import { keysetRows, type MarketBulkDataset } from "../../../platform/bulk/dataset";
import type {} from "../../../platform/http/release-parameter";
import type {} from "../schemas/neocloud";
import {} from "../services/neocloud";

/**
 * The site register (`GET /api/neocloud/sites`, every site of every scope) as one table: one row
 * per stored site, its fields as the route serves them (arrays and objects as JSON text), after
 * the id (the series) and `firstSeen`.
 *
 * The register has no periods. Its period column is `firstSeen`, the UTC day this service first
 * stored the site: it does not move when the site's record changes, so a row's key (id,
 * firstSeen) stays the same and a changed record is a restatement of that row, read with its old
 * content as of an earlier release. The retrieval time of the content would move with every
 * change, making each one look like a removed site and a new one.
 *
 * The item's `sample` is the provenance column of the same name, written once. The generated
 * sample is never stored, so it is in no file.
 */

/** Sites read per page: a page of site JSON is a few megabytes at most. */
const SITES_PER_PAGE = 1_000;

/** Every value is Epoch AI's, as imported from its CSV files. */
const BASIS = "imported";

/** Fields the column types cannot hold: written as their JSON text. */
const JSON_FIELDS = ["gpuTypes", "chips", "provenance"] as const;

/** A site field as a column, described as the methodology describes it. */
const field = (name: keyof NeocloudSite, type: BulkColumnType, nullable: boolean): BulkColumn => ({
  name,
  type,
  nullable,
  description: `${(JSON_FIELDS as readonly string[]).includes(name) ? "JSON text. " : ""}${NEOCLOUD_FIELD_SOURCES[name] ?? ""}`,
});

const FIELDS: ItemFields = {
  columns: [
    field("id", "string", false),
    {
      name: "firstSeen",
      type: "date",
      nullable: false,
      description:
        "The UTC day this service first stored the site: the row's period (the register has none), fixed for the site's life (not a field of the route's sites)",
    },
    field("dataset", "string", false),
    field("company", "string", true),
    { ...field("siteName", "string", false) },
    field("streetAddress", "string", true),
    field("city", "string", true),
    field("state", "string", true),
    field("country", "string", true),
    field("latitude", "double", true),
    { ...field("longitude", "double", true), description: "Decimal degrees; with `latitude`." },
    field("coordinatePrecision", "string", true),
    field("dcTier", "string", true),
    field("ownershipModel", "string", true),
    field("coloPartner", "string", true),
    field("gpuTypes", "string", false),
    {
      ...field("chips", "string", false),
      description:
        "JSON text: each chip type of the site (type, bucket, generation, quantity, sourceName).",
    },
    field("gpuQtyKnown", "double", true),
    field("gpuQtyEst", "double", true),
    field("h100Equivalents", "double", true),
    field("chipGeneration", "string", true),
    field("powerCapacity", "double", true),
    field("category", "string", false),
    field("isNeocloud", "boolean", false),
    field("status", "string", true),
    field("leaseTerm", "string", true),
    field("keyCustomer", "string", true),
    field("contractAnnounced", "string", true),
    field("gpuOrderDate", "string", true),
    field("constructionStart", "string", true),
    field("phase1LiveDate", "string", true),
    field("fullCapacityTarget", "string", true),
    field("sourceNotes", "string", true),
    field("provenance", "string", false),
  ],
  jsonText: JSON_FIELDS,
};

/** The row of a stored site. */
export function siteRow(site: NeocloudSite, firstSeen: string): BulkRow {
  const { sample, ...fields } = site;
  return rowOfItem(
    FIELDS,
    { ...fields, firstSeen },
    {
      source: site.provenance.source,
      asOf: site.provenance.retrievedAt,
      sample,
      basis: BASIS,
      methodologyVersion: NEOCLOUD_METHODOLOGY_VERSION,
      citation: site.provenance.citation,
    },
  );
}

/**
 * A row back as the route's site, `sample` from its provenance column, its fields in the order
 * the route serves a stored site's (not the columns'), so the answers read alike to the byte.
 */
export function siteOfRow(row: BulkRow): NeocloudSite {
  const { firstSeen: _firstSeen, ...site } = itemOfRow(FIELDS, row);
  return inStoredSiteOrder({ ...site, sample: provenanceOfRow(row).sample } as NeocloudSite);
}

/** Every stored site's row, by id, read `sitesPerPage` sites at a time. */
export async function* siteRows(
  db: Db,
  stopping?: AbortSignal,
  sitesPerPage = SITES_PER_PAGE,
): AsyncGenerator<BulkRow> {
  // A site is its own series (one period each): the key's site id is enough to read on from.
  const sites = keysetRows(
    (key, limit) => readNeocloudSitePage(db, { afterId: key?.series, limit }),
    ({ site, firstSeenDay }) => ({ series: site.id, period: firstSeenDay }),
    sitesPerPage,
    stopping,
  );
  for await (const { site, firstSeenDay } of sites) yield siteRow(site, firstSeenDay);
}

export const neocloudSites: MarketBulkDataset = {
  market: "neocloud",
  name: "sites",
  title: "Neo-Cloud Sites register",
  description:
    "One row per AI data-center site of Epoch AI's GPU Clusters and Frontier Data Centers datasets (every operator; `isNeocloud` marks the neo-cloud sites), as last imported (CC BY 4.0, cite Epoch AI).",
  historyRoute: "/api/neocloud/sites",
  seriesColumn: "id",
  periodColumn: "firstSeen",
  columns: FIELDS.columns,
  rows: siteRows,
  // No keyless access (`freeWindow` null): no free file.
  freeSeries: [],
  // As the route: a Full plan key (Premium and Trial keys 403).
  keyedAccess: requireNeocloudPlan,
};
