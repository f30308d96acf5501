import { badRequest, type DomainError } from "../shared/errors";
import { singleParameterQuery } from "../shared/query-parameters";
import { err, ok, type Result } from "../shared/result";
import { OTHER_CHIP_BUCKET, countryOf, usStateCodeOf } from "./catalog";
import { haversineKm } from "./geo";
import { SITE_STATUSES, type NeocloudSite, type SiteStatus } from "./site";

/** Rules of the Neo-Cloud Sites routes that do not depend on storage. */

export const NEOCLOUD_SCOPES = ["neocloud", "all"] as const;
export type NeocloudScope = (typeof NEOCLOUD_SCOPES)[number];
export const DEFAULT_NEOCLOUD_SCOPE: NeocloudScope = "neocloud";

export const NEOCLOUD_SITES_LIMIT_DEFAULT = 100;
export const NEOCLOUD_SITES_LIMIT_MAX = 1000;

/** Each coordinate parameter and the spellings accepted for it. */
export const COORDINATE_PARAMETERS = {
  lat: ["lat", "latitude"],
  lon: ["lon", "longitude", "lng"],
  radiusKm: ["radiusKm", "radius"],
} as const;

export const NEOCLOUD_SITES_QUERY_PARAMETERS = [
  "city",
  "state",
  "country",
  ...COORDINATE_PARAMETERS.lat,
  ...COORDINATE_PARAMETERS.lon,
  ...COORDINATE_PARAMETERS.radiusKm,
  "scope",
  "status",
  "limit",
  "offset",
] as const;

export const NEOCLOUD_AGGREGATE_BY = ["country", "gpu_type"] as const;
export type NeocloudAggregateBy = (typeof NEOCLOUD_AGGREGATE_BY)[number];
export const NEOCLOUD_AGGREGATE_QUERY_PARAMETERS = ["by", "scope"] as const;
export const NEOCLOUD_MAP_QUERY_PARAMETERS = ["scope"] as const;

/** The bucket of a site without a country. */
export const UNKNOWN_COUNTRY_BUCKET = "Unknown";

export const SCOPE_MESSAGE = `'scope' must be one of ${NEOCLOUD_SCOPES.join(", ")} (default ${DEFAULT_NEOCLOUD_SCOPE}: neo-cloud sites only; all: every site).`;
export const STATUS_MESSAGE = `'status' must be one of ${SITE_STATUSES.join(", ")}.`;
export const BY_MESSAGE = `'by' must be one of ${NEOCLOUD_AGGREGATE_BY.join(", ")}.`;
export const LIMIT_MESSAGE = `'limit' must be a whole number from 1 to ${NEOCLOUD_SITES_LIMIT_MAX}.`;
export const OFFSET_MESSAGE = "'offset' must be a whole number, 0 or more.";
export const COORDINATES_MESSAGE =
  "A radius search needs all three of 'lat' (or 'latitude'), 'lon' (or 'longitude', 'lng') and 'radiusKm' (or 'radius'), each once.";
export const LATITUDE_MESSAGE = "'lat' must be a number of degrees from -90 to 90.";
export const LONGITUDE_MESSAGE = "'lon' must be a number of degrees from -180 to 180.";
export function emptyPlaceMessage(name: "city" | "state" | "country"): string {
  return `'${name}' must not be empty.`;
}
export const RADIUS_MESSAGE = "'radiusKm' must be a number of kilometres greater than 0.";

/** A decimal number as the coordinate parameters take it (no exponent, no hex). */
export const DECIMAL_PATTERN = "^-?\\d+(\\.\\d+)?$";
const DECIMAL = new RegExp(DECIMAL_PATTERN);

export type NeocloudSitesQuery = {
  scope: NeocloudScope;
  city?: string;
  state?: string;
  country?: string;
  status?: SiteStatus;
  near?: { latitude: number; longitude: number; radiusKm: number };
  limit: number;
  offset: number;
};

export function parseScope(value: string | undefined): Result<NeocloudScope, DomainError> {
  if (value === undefined) return ok(DEFAULT_NEOCLOUD_SCOPE);
  return (NEOCLOUD_SCOPES as readonly string[]).includes(value)
    ? ok(value as NeocloudScope)
    : err(badRequest(SCOPE_MESSAGE));
}

function wholeNumber(value: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}

function coordinate(
  values: Partial<Record<string, string>>,
  names: readonly string[],
): Result<string | undefined, DomainError> {
  const given = names.filter((name) => values[name] !== undefined);
  if (given.length > 1) return err(badRequest(COORDINATES_MESSAGE));
  return ok(given[0] === undefined ? undefined : values[given[0]]);
}

/**
 * `GET /api/neocloud/sites`: every filter given applies (city, state, country, status, the
 * radius), and none lists every site of the scope. A radius needs its three numbers.
 */
export const parseNeocloudSitesQuery = singleParameterQuery(
  NEOCLOUD_SITES_QUERY_PARAMETERS,
  (values): Result<NeocloudSitesQuery, DomainError> => {
    const scope = parseScope(values.scope);
    if (!scope.ok) return scope;
    const query: NeocloudSitesQuery = {
      scope: scope.value,
      limit: NEOCLOUD_SITES_LIMIT_DEFAULT,
      offset: 0,
    };
    for (const name of ["city", "state", "country"] as const) {
      const value = values[name];
      if (value === undefined) continue;
      if (value === "") return err(badRequest(emptyPlaceMessage(name)));
      query[name] = value;
    }
    if (values.status !== undefined) {
      if (!(SITE_STATUSES as readonly string[]).includes(values.status))
        return err(badRequest(STATUS_MESSAGE));
      query.status = values.status as SiteStatus;
    }
    if (values.limit !== undefined) {
      const limit = wholeNumber(values.limit, 1, NEOCLOUD_SITES_LIMIT_MAX);
      if (limit === undefined) return err(badRequest(LIMIT_MESSAGE));
      query.limit = limit;
    }
    if (values.offset !== undefined) {
      // Any whole number: past the last site it is an empty page.
      if (!/^\d+$/.test(values.offset)) return err(badRequest(OFFSET_MESSAGE));
      query.offset = Math.min(Number(values.offset), Number.MAX_SAFE_INTEGER);
    }
    const lat = coordinate(values, COORDINATE_PARAMETERS.lat);
    const lon = coordinate(values, COORDINATE_PARAMETERS.lon);
    const radius = coordinate(values, COORDINATE_PARAMETERS.radiusKm);
    if (!lat.ok) return lat;
    if (!lon.ok) return lon;
    if (!radius.ok) return radius;
    const triple = [lat.value, lon.value, radius.value];
    if (triple.some((v) => v !== undefined)) {
      if (triple.some((v) => v === undefined)) return err(badRequest(COORDINATES_MESSAGE));
      const latitude = DECIMAL.test(lat.value ?? "") ? Number(lat.value) : Number.NaN;
      const longitude = DECIMAL.test(lon.value ?? "") ? Number(lon.value) : Number.NaN;
      const radiusKm = DECIMAL.test(radius.value ?? "") ? Number(radius.value) : Number.NaN;
      if (!(Math.abs(latitude) <= 90)) return err(badRequest(LATITUDE_MESSAGE));
      if (!(Math.abs(longitude) <= 180)) return err(badRequest(LONGITUDE_MESSAGE));
      if (!(radiusKm > 0)) return err(badRequest(RADIUS_MESSAGE));
      query.near = { latitude, longitude, radiusKm };
    }
    return ok(query);
  },
);

export type NeocloudAggregateQuery = { by: NeocloudAggregateBy; scope: NeocloudScope };

export const parseNeocloudAggregateQuery = singleParameterQuery(
  NEOCLOUD_AGGREGATE_QUERY_PARAMETERS,
  (params): Result<NeocloudAggregateQuery, DomainError> => {
    const scope = parseScope(params.scope);
    if (!scope.ok) return scope;
    const by = params.by;
    if (by === undefined || !(NEOCLOUD_AGGREGATE_BY as readonly string[]).includes(by))
      return err(badRequest(BY_MESSAGE));
    return ok({ by: by as NeocloudAggregateBy, scope: scope.value });
  },
);

export const parseNeocloudMapQuery = singleParameterQuery(
  NEOCLOUD_MAP_QUERY_PARAMETERS,
  (params): Result<{ scope: NeocloudScope }, DomainError> => {
    const scope = parseScope(params.scope);
    return scope.ok ? ok({ scope: scope.value }) : scope;
  },
);

// --- answers ---

export function inScope(site: NeocloudSite, scope: NeocloudScope): boolean {
  return scope === "all" || site.isNeocloud;
}

const same = (a: string | null, b: string) =>
  a !== null && a.toLowerCase() === b.trim().toLowerCase();

/** Whether a site's country is the one asked: Epoch's name, an alias or an ISO code. */
export function countryMatches(site: NeocloudSite, asked: string): boolean {
  if (site.country === null) return false;
  if (same(site.country, asked)) return true;
  const country = countryOf(asked);
  return (
    country !== undefined && (country.name === site.country || countryOf(site.country) === country)
  );
}

/** A US state by code or name; elsewhere the state as written. */
export function stateMatches(site: NeocloudSite, asked: string): boolean {
  if (site.state === null) return false;
  const code = usStateCodeOf(asked);
  return code !== undefined ? site.state === code : same(site.state, asked);
}

export type SiteMatch = { site: NeocloudSite; distanceKm: number | null };

/**
 * The sites a query selects, in order: by distance (nearest first) for a radius search, else by
 * site name then id. A site without coordinates never matches a radius search.
 */
export function selectSites(
  sites: readonly NeocloudSite[],
  query: Omit<NeocloudSitesQuery, "limit" | "offset">,
): SiteMatch[] {
  const matches: SiteMatch[] = [];
  for (const site of sites) {
    if (!inScope(site, query.scope)) continue;
    if (query.city !== undefined && !same(site.city, query.city)) continue;
    if (query.state !== undefined && !stateMatches(site, query.state)) continue;
    if (query.country !== undefined && !countryMatches(site, query.country)) continue;
    if (query.status !== undefined && site.status !== query.status) continue;
    let distanceKm: number | null = null;
    if (query.near !== undefined) {
      if (site.latitude === null || site.longitude === null) continue;
      distanceKm = haversineKm(query.near, { latitude: site.latitude, longitude: site.longitude });
      if (distanceKm > query.near.radiusKm) continue;
    }
    matches.push({ site, distanceKm });
  }
  return matches.sort((a, b) =>
    a.distanceKm !== null && b.distanceKm !== null && a.distanceKm !== b.distanceKm
      ? a.distanceKm - b.distanceKm
      : a.site.siteName.localeCompare(b.site.siteName, "en") || (a.site.id < b.site.id ? -1 : 1),
  );
}

export type AggregateBucket = {
  key: string;
  site_count: number;
  total_power_mw: number;
  total_gpu_qty: number;
  sites_without_power: number;
  sites_without_gpu_qty: number;
};

/** Known and estimated quantities together (a site has one or the other). */
export function siteGpuQty(site: NeocloudSite): number | null {
  if (site.gpuQtyKnown === null && site.gpuQtyEst === null) return null;
  return (site.gpuQtyKnown ?? 0) + (site.gpuQtyEst ?? 0);
}

/**
 * Buckets by country (`Unknown` without one) or by chip family (`Other` for a chip no family
 * matches and for a site without a chip type). A site with two chips counts in each of its
 * buckets (its site count and its whole power in each), with each chip's own quantity where the
 * source splits it (else the site's quantity in its only bucket). Missing power or quantity adds
 * 0 and is counted. Sorted by total power, then site count, descending, then key.
 */
export function aggregateSites(
  sites: readonly NeocloudSite[],
  by: NeocloudAggregateBy,
): AggregateBucket[] {
  const buckets = new Map<string, AggregateBucket>();
  const add = (key: string, site: NeocloudSite, quantity: number | null) => {
    const bucket =
      buckets.get(key) ??
      ({
        key,
        site_count: 0,
        total_power_mw: 0,
        total_gpu_qty: 0,
        sites_without_power: 0,
        sites_without_gpu_qty: 0,
      } satisfies AggregateBucket);
    bucket.site_count += 1;
    bucket.total_power_mw += site.powerCapacity ?? 0;
    if (site.powerCapacity === null) bucket.sites_without_power += 1;
    bucket.total_gpu_qty += quantity ?? 0;
    if (quantity === null) bucket.sites_without_gpu_qty += 1;
    buckets.set(key, bucket);
  };
  for (const site of sites) {
    if (by === "country") {
      add(site.country ?? UNKNOWN_COUNTRY_BUCKET, site, siteGpuQty(site));
      continue;
    }
    if (site.chips.length === 0) {
      add(OTHER_CHIP_BUCKET, site, siteGpuQty(site));
      continue;
    }
    // Two chips of one bucket (two unknown chips) count the site once, their quantities summed.
    const perBucket = new Map<string, number | null>();
    const single = site.chips.length === 1;
    for (const chip of site.chips) {
      const quantity = single ? siteGpuQty(site) : chip.quantity;
      const before = perBucket.get(chip.bucket);
      perBucket.set(
        chip.bucket,
        before === undefined
          ? quantity
          : before === null && quantity === null
            ? null
            : (before ?? 0) + (quantity ?? 0),
      );
    }
    for (const [key, quantity] of perBucket) add(key, site, quantity);
  }
  return [...buckets.values()]
    .map((bucket) => ({ ...bucket, total_power_mw: roundMw(bucket.total_power_mw) }))
    .sort(
      (a, b) =>
        b.total_power_mw - a.total_power_mw ||
        b.site_count - a.site_count ||
        a.key.localeCompare(b.key, "en"),
    );
}

/** Sums of MW kept to 6 decimals: float noise (0.1 + 0.2) never shows in an answer. */
function roundMw(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Sites of a chip family (as the chat asks: "H100s"), with the quantity of that family. */
export function chipQuantityOf(site: NeocloudSite, family: string): number | null {
  const chips = site.chips.filter((chip) => chip.bucket.toLowerCase() === family.toLowerCase());
  if (chips.length === 0) return null;
  if (site.chips.length === 1) return siteGpuQty(site);
  if (chips.every((chip) => chip.quantity === null)) return null;
  return chips.reduce((sum, chip) => sum + (chip.quantity ?? 0), 0);
}
