import {
  aggregateSites,
  inScope,
  neocloudMethodology,
  ok,
  selectSites,
  siteGpuQty,
  type DomainError,
  type NeocloudAggregateQuery,
  type NeocloudScope,
  type NeocloudSitesQuery,
  type NeocloudSite,
  type DataProvenance,
  type Result,
} from "@tpi/domain";
import { answerDataSourcesOf } from "../../../platform/provenance/data-sources";
import type { PublishedNeocloudSites } from "../read-model/published-sites";
import type {
  NeocloudAggregateResponse,
  NeocloudMapResponse,
  NeocloudMethodologyResponse,
  NeocloudSitesResponse,
} from "../schemas/neocloud";
import { GAZETTEER } from "../sources/gazetteer";

/** Answers of the Neo-Cloud Sites routes, from the sites in memory. */

export function answerNeocloudSites(
  query: NeocloudSitesQuery,
  published: PublishedNeocloudSites,
): Result<NeocloudSitesResponse, DomainError> {
  return ok(neocloudSitesAnswer(query, published.sites, (page) => published.sourcesOf(page)));
}

/** The sites answer over a list of sites (published now, or a release's), with their sources. */
export function neocloudSitesAnswer(
  query: NeocloudSitesQuery,
  sites: readonly NeocloudSite[],
  sourcesOf: (page: readonly NeocloudSite[]) => DataProvenance[],
): NeocloudSitesResponse {
  const matches = selectSites(sites, query);
  const page = matches.slice(query.offset, query.offset + query.limit);
  return {
    success: true,
    scope: query.scope,
    count: page.length,
    total: matches.length,
    limit: query.limit,
    offset: query.offset,
    data: page.map(({ site, distanceKm }) =>
      distanceKm === null ? site : { ...site, distanceKm: Math.round(distanceKm * 1000) / 1000 },
    ),
    dataSources: answerDataSourcesOf(sourcesOf(page.map((m) => m.site))),
  };
}

export function answerNeocloudAggregate(
  query: NeocloudAggregateQuery,
  published: PublishedNeocloudSites,
): Result<NeocloudAggregateResponse, DomainError> {
  const sites = published.sites.filter((site) => inScope(site, query.scope));
  return ok({
    success: true,
    by: query.by,
    scope: query.scope,
    sites: sites.length,
    sitesWithoutPower: sites.filter((site) => site.powerCapacity === null).length,
    sitesWithoutGpuQty: sites.filter((site) => siteGpuQty(site) === null).length,
    data: aggregateSites(sites, query.by),
    dataSources: answerDataSourcesOf(published.sourcesOf(sites)),
  });
}

/** GeoJSON (RFC 7946): one Point feature per site with coordinates, [longitude, latitude]. */
export function answerNeocloudMap(
  query: { scope: NeocloudScope },
  published: PublishedNeocloudSites,
): Result<NeocloudMapResponse, DomainError> {
  const sites = selectSites(published.sites, { scope: query.scope });
  const features: NeocloudMapResponse["features"] = [];
  let withoutCoordinates = 0;
  for (const { site } of sites) {
    if (site.latitude === null || site.longitude === null) {
      withoutCoordinates += 1;
      continue;
    }
    features.push({
      type: "Feature",
      id: site.id,
      geometry: { type: "Point", coordinates: [site.longitude, site.latitude] },
      properties: {
        siteName: site.siteName,
        company: site.company,
        dataset: site.dataset,
        city: site.city,
        state: site.state,
        country: site.country,
        status: site.status,
        category: site.category,
        isNeocloud: site.isNeocloud,
        gpuTypes: site.gpuTypes,
        gpuQty: siteGpuQty(site),
        powerCapacity: site.powerCapacity,
        coordinatePrecision: site.coordinatePrecision,
        sample: site.sample,
      },
    });
  }
  return ok({
    type: "FeatureCollection",
    scope: query.scope,
    features,
    sitesWithoutCoordinates: withoutCoordinates,
    dataSources: answerDataSourcesOf(published.sourcesOf(sites.map((m) => m.site))),
  });
}

export function neocloudMethodologyDocument(
  published: PublishedNeocloudSites,
): NeocloudMethodologyResponse {
  return {
    ...neocloudMethodology({ gazetteer: GAZETTEER }),
    gazetteer: { ...GAZETTEER },
    imports: published.datasets.map((imported) => ({
      dataset: imported.dataset,
      sourceUrls: imported.sourceUrls,
      retrievedAt: imported.retrievedAt.toISOString(),
      records: imported.records,
    })),
    dataSources: answerDataSourcesOf(published.sourcesOf()),
  } as NeocloudMethodologyResponse;
}
