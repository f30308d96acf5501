import {
  DEFAULT_NEOCLOUD_SCOPE,
  SITE_STATUSES,
  type NeocloudScope,
  type SiteStatus,
} from "@tpi/domain";
import { formatCount } from "../../lib/format";
import { fieldsCsv } from "../../kit/csv";
import { MAP_HEIGHT, MAP_WIDTH, project } from "./world-map";

/**
 * The Neo-Cloud Sites page's pure parts: its paths, the filters it passes to the api (as the api
 * names them: the api checks them and its 400 is shown on the page), paging, the map's points and
 * the CSV. The shapes are the api's (`neocloud.*`, the answers of `GET /api/neocloud/*`), reduced
 * to the fields read here.
 */

/** The section's page (app/neocloud/page.tsx). */
export const NEOCLOUD_PATH = "/neocloud";

/** The CSV of the page's filters (app/neocloud/sites.csv/route.ts). */
export const NEOCLOUD_CSV_PATH = `${NEOCLOUD_PATH}/sites.csv`;

/**
 * The filters of `GET /api/neocloud/sites`, as the page's form and its URL name them (the api's
 * own parameter names): `scope` (`neocloud`, the default, or `all`), `country`, `city`, and
 * `lat` + `lon` + `radiusKm` for a circle.
 */
export const NEOCLOUD_FILTER_PARAMS = [
  "scope",
  "country",
  "city",
  "lat",
  "lon",
  "radiusKm",
] as const;
export type NeocloudFilterParam = (typeof NEOCLOUD_FILTER_PARAMS)[number];
export type NeocloudFilters = Partial<Record<NeocloudFilterParam, string>>;

/** The page's paging parameter (the api's `offset`); the page size is the api's `limit`. */
export const NEOCLOUD_OFFSET_PARAM = "offset";

/**
 * Sites per page of the table (and points on the map, which draws the page's sites so that each
 * point links to a row on the page).
 */
export const NEOCLOUD_PAGE_SIZE = 100;

/** The scope the api answers without `scope`: neo-cloud sites only. */
export const NEOCLOUD_DEFAULT_SCOPE = DEFAULT_NEOCLOUD_SCOPE;
/** The scopes of the form's choice (the api's values, default first), with their words. */
export const NEOCLOUD_SCOPE_CHOICES: readonly { value: NeocloudScope; label: string }[] = [
  { value: "neocloud", label: "Neo-cloud sites only" },
  { value: "all", label: "All AI data-centre sites" },
];

type Query = Record<string, string | string[] | undefined>;

function firstOf(value: string | string[] | undefined): string | undefined {
  const one = Array.isArray(value) ? value[0] : value;
  const trimmed = one?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}

/**
 * The filters a page address (or the CSV's) carries, each as typed: an empty field of the GET
 * form is no filter; anything else goes to the api as it is, whose checks decide (and whose 400
 * says what is wrong).
 */
export function neocloudFiltersOf(query: Query): NeocloudFilters {
  const filters: NeocloudFilters = {};
  for (const param of NEOCLOUD_FILTER_PARAMS) {
    const value = firstOf(query[param]);
    if (value !== undefined) filters[param] = value;
  }
  return filters;
}

/** The `offset` of the page asked for: a whole number of sites, else the first page. */
export function neocloudOffsetOf(query: Query): number {
  const value = firstOf(query[NEOCLOUD_OFFSET_PARAM]);
  return value !== undefined && /^\d{1,7}$/.test(value) ? Number(value) : 0;
}

/** `/neocloud?scope=all&city=Austin&offset=100`: the filters (in the form's order), then the page. */
export function neocloudHref(path: string, filters: NeocloudFilters, offset = 0): string {
  const params = new URLSearchParams();
  for (const param of NEOCLOUD_FILTER_PARAMS) {
    const value = filters[param];
    if (value !== undefined) params.set(param, value);
  }
  if (offset > 0) params.set(NEOCLOUD_OFFSET_PARAM, String(offset));
  const text = params.toString();
  return text === "" ? path : `${path}?${text}`;
}

/** The fields of a site this page reads, as `GET /api/neocloud/sites` serves them. */
export type NeocloudSiteLike = {
  id: string;
  dataset: string;
  company: string | null;
  siteName: string;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  coordinatePrecision: string | null;
  dcTier: string | null;
  ownershipModel: string | null;
  coloPartner: string | null;
  gpuTypes: readonly string[];
  gpuQtyKnown: number | null;
  gpuQtyEst: number | null;
  chipGeneration: string | null;
  powerCapacity: number | null;
  category: string;
  isNeocloud: boolean;
  status: string | null;
  leaseTerm: string | null;
  keyCustomer: string | null;
  contractAnnounced: string | null;
  gpuOrderDate: string | null;
  constructionStart: string | null;
  phase1LiveDate: string | null;
  fullCapacityTarget: string | null;
  sourceNotes: string | null;
  sample: boolean;
  provenance: {
    source: string;
    citation: string;
    sourceUrls: readonly string[];
    sourceLinks: readonly string[];
  };
};

/** The anchor of a site's row in the table: the map's points link to it. */
export function siteAnchorOf(site: { id: string }): string {
  return `site-${site.id.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

/** `Austin, Texas, United States`: the parts the site has. */
export function placeOf(site: Pick<NeocloudSiteLike, "city" | "state" | "country">): string {
  return [site.city, site.state, site.country]
    .filter((part) => part !== null && part !== "")
    .join(", ");
}

/** A site's name as a reader recognises it: the company's, then the site's own. */
export function siteLabelOf(site: Pick<NeocloudSiteLike, "company" | "siteName">): string {
  if (site.company === null || site.company === "") return site.siteName;
  return site.siteName === "" || site.siteName === site.company
    ? site.company
    : `${site.company}, ${site.siteName}`;
}

/** The api's statuses in words. */
const STATUS_LABELS: Readonly<Record<SiteStatus, string>> = {
  operational: "Operational",
  under_construction: "Under construction",
  planned: "Planned",
  decommissioned: "Decommissioned",
};

/** The map's colour groups: the api's statuses (`status`), and a site without one. */
export type StatusGroup = SiteStatus | "unknown";
export const STATUS_GROUPS: readonly { group: StatusGroup; label: string }[] = [
  ...SITE_STATUSES.map((status) => ({ group: status, label: STATUS_LABELS[status] })),
  { group: "unknown", label: "Status not known" },
];

/** Which of the map's colours a status takes (a status the page does not know: not known). */
export function statusGroupOf(status: string | null): StatusGroup {
  return STATUS_GROUPS.find((entry) => entry.group === status)?.group ?? "unknown";
}

/** A status in words: `under_construction` → `Under construction`; null → a dash. */
export function statusLabelOf(status: string | null): string {
  if (status === null) return "\u2013";
  return STATUS_GROUPS.find((entry) => entry.group === status)?.label ?? status;
}

/** The radius of a point of unknown power, in map units. */
export const POINT_RADIUS_UNKNOWN = 2.5;
/** The largest radius: a site's point stays a point at 1 GW and more. */
export const POINT_RADIUS_MAX = 9;

/**
 * A point's radius in map units grows with the square root of the site's power (its area with
 * the power): 2 + √MW / 3, at most POINT_RADIUS_MAX; POINT_RADIUS_UNKNOWN without a power.
 */
export function pointRadiusOf(powerMw: number | null): number {
  if (powerMw === null || !(powerMw > 0)) return POINT_RADIUS_UNKNOWN;
  return Math.min(POINT_RADIUS_MAX, 2 + Math.sqrt(powerMw) / 3);
}

export type MapPoint = {
  id: string;
  anchor: string;
  x: number;
  y: number;
  r: number;
  group: StatusGroup;
  title: string;
};

/**
 * The map's points of some sites: those with both coordinates inside the drawn area, projected,
 * biggest first (so a small site is drawn over a big one and stays clickable).
 */
export function mapPointsOf(sites: readonly NeocloudSiteLike[]): MapPoint[] {
  const points: MapPoint[] = [];
  for (const site of sites) {
    if (site.latitude === null || site.longitude === null) continue;
    const { x, y } = project(site.longitude, site.latitude);
    if (x < 0 || x > MAP_WIDTH || y < 0 || y > MAP_HEIGHT) continue;
    const power =
      site.powerCapacity === null ? "power not known" : `${formatMw(site.powerCapacity)}`;
    points.push({
      id: site.id,
      anchor: siteAnchorOf(site),
      x: Math.round(x * 10) / 10,
      y: Math.round(y * 10) / 10,
      r: Math.round(pointRadiusOf(site.powerCapacity) * 10) / 10,
      group: statusGroupOf(site.status),
      title: `${siteLabelOf(site)} (${placeOf(site) || "place not known"}): ${statusLabelOf(site.status).replace("\u2013", "status not known")}, ${power}`,
    });
  }
  return points.sort((a, b) => b.r - a.r);
}

/** `1,200 MW`, `37.5 MW`: megawatts as the source gives them. */
export function formatMw(mw: number): string {
  return `${formatCount(mw)} MW`;
}

/** A site's GPU count: the known count, else the estimate marked as one, else a dash. */
export function formatGpuQty(site: Pick<NeocloudSiteLike, "gpuQtyKnown" | "gpuQtyEst">): string {
  if (site.gpuQtyKnown !== null) return formatCount(site.gpuQtyKnown);
  if (site.gpuQtyEst !== null) return `about ${formatCount(site.gpuQtyEst)} (estimate)`;
  return "\u2013";
}

/**
 * The link of a site's source: the first of Epoch's own sources for the record, else the
 * dataset's page, else the first web address in the notes.
 */
export function sourceLinkOf(
  site: Pick<NeocloudSiteLike, "sourceNotes" | "provenance">,
): string | undefined {
  const linked = site.provenance.sourceLinks.find(isWebAddress);
  if (linked !== undefined) return linked;
  const match = /https?:\/\/[^\s<>"')\]]+/.exec(site.sourceNotes ?? "");
  return match?.[0].replace(/[.,;:]+$/, "") ?? site.provenance.sourceUrls.find(isWebAddress);
}

function isWebAddress(text: string): boolean {
  return /^https?:\/\//.test(text);
}

/** `tpi-neocloud-sites-all-austin.csv`: the scope and the place filters in the saved file's name. */
export function neocloudCsvFileName(filters: NeocloudFilters): string {
  const parts = [filters.scope ?? NEOCLOUD_DEFAULT_SCOPE, filters.country, filters.city];
  if (filters.lat !== undefined && filters.lon !== undefined)
    parts.push(`${filters.lat}_${filters.lon}_${filters.radiusKm ?? ""}km`);
  const slug = parts
    .filter((part): part is string => part !== undefined)
    .join("-")
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
  return `tpi-neocloud-sites-${slug}.csv`;
}

/**
 * The CSV's own columns: the api's field names (so a script reads the file as it reads the api),
 * the power with its unit in the name; where each row comes from follows.
 */
export const NEOCLOUD_CSV_COLUMNS = [
  "id",
  "company",
  "siteName",
  "streetAddress",
  "city",
  "state",
  "country",
  "latitude",
  "longitude",
  "coordinatePrecision",
  "isNeocloud",
  "category",
  "status",
  "dcTier",
  "ownershipModel",
  "coloPartner",
  "gpuTypes",
  "gpuQtyKnown",
  "gpuQtyEst",
  "chipGeneration",
  "powerCapacityMw",
  "leaseTerm",
  "keyCustomer",
  "contractAnnounced",
  "gpuOrderDate",
  "constructionStart",
  "phase1LiveDate",
  "fullCapacityTarget",
  "dataset",
  "sourceNotes",
] as const;

/**
 * RFC 4180 CSV of sites with the api's exact values (null is an empty field; GPU types joined by
 * `; `), CRLF line ends, in the api's order, each row with its own provenance: whether it is a
 * generated sample site, its source and the citation its licence requires.
 */
export function neocloudSitesToCsv(sites: readonly NeocloudSiteLike[]): string {
  return fieldsCsv(
    NEOCLOUD_CSV_COLUMNS,
    sites.map((site) => ({
      ...site,
      gpuTypes: site.gpuTypes.join("; "),
      powerCapacityMw: site.powerCapacity,
    })),
    (site) => ({
      sample: site.sample,
      source: site.provenance.source,
      citation: site.provenance.citation,
    }),
  );
}
