import { PLAN_LABELS, type AccountPlan } from "@tpi/domain";
import { CiteThis } from "../../components/cite-this";
import { DocsInline } from "../../components/docs-text";
import { readWebEnv } from "../../env";
import type { ReleaseCite } from "../../server/releases";
import { PlanLocked, plansToRequest } from "../../kit/access";
import { MethodSources, SampleNotice, SourceCitations } from "../../kit/sources";
import type { ApiRoute } from "../../kit/route-link";
import { NumberCell, StackTable } from "../../kit/table";
import { TitledSection } from "../../kit/titled-section";
import type { NeocloudAggregateAnswer, NeocloudMethodology, NeocloudSitesAnswer } from "./loaders";
import { formatCount } from "../../lib/format";
import {
  formatGpuQty,
  mapPointsOf,
  NEOCLOUD_CSV_PATH,
  NEOCLOUD_DEFAULT_SCOPE,
  NEOCLOUD_PAGE_SIZE,
  NEOCLOUD_PATH,
  NEOCLOUD_SCOPE_CHOICES,
  neocloudHref,
  placeOf,
  siteAnchorOf,
  siteLabelOf,
  sourceLinkOf,
  STATUS_GROUPS,
  statusLabelOf,
  type NeocloudFilters,
  type NeocloudSiteLike,
} from "./lib";
import { MAP_HEIGHT, MAP_WIDTH } from "./world-map";
import { WORLD_OUTLINE_PATH } from "./world-outline.generated";
import { MethodRules, MethodServedBy } from "../../kit/method-rules";

/** The plan whose keys and sessions read site data (the api decides; this says it). */
const READING_PLAN_ID: AccountPlan = "full";
const READING_PLAN = PLAN_LABELS[READING_PLAN_ID];

/** The REST routes of this page, linked to their reference on /docs. */
const NEOCLOUD_ROUTES = {
  sites: { request: "GET /api/neocloud/sites", operationId: "listNeocloudSites" },
  methodology: { request: "GET /api/neocloud/methodology", operationId: "getNeocloudMethodology" },
} as const satisfies Record<string, ApiRoute>;
const NATURAL_EARTH_URL = "https://www.naturalearthdata.com/";

/**
 * A visitor's view, or a plan's that does not read site data: what the data is, which plan reads
 * it and how to get it. No site, count or aggregate is on it.
 */
export function NeocloudLocked({ refusal }: { refusal: string | undefined }) {
  return (
    <PlanLocked
      market="neocloud"
      title="Who reads the sites"
      notice={
        <>
          Site data is read with the {READING_PLAN} plan: signed in on a {READING_PLAN} account,
          this page shows the map, the table of sites with their GPUs, power and dates, the totals
          by country and GPU type and a CSV; a {READING_PLAN} API key gets the same from{" "}
          <code>GET /api/neocloud/sites</code>. {PLAN_LABELS.trial} and {PLAN_LABELS.premium} plans
          and visitors see no site.
        </>
      }
      refusal={refusal}
      plans={[READING_PLAN_ID]}
      route={NEOCLOUD_ROUTES.sites}
    />
  );
}

/** What the dataset is and what a neo-cloud is, from the api's methodology: the same for every reader. */
export function NeocloudAbout({ methodology }: { methodology: NeocloudMethodology }) {
  return (
    <TitledSection
      id="about-heading"
      title="What the dataset is"
      attributes={{ "data-neocloud-about": true }}
    >
      <p>
        One row per AI data-centre site: who runs it, where it is (to the precision the source
        gives), its status, the GPUs it holds or is planned to hold, its power capacity in megawatts
        and the dates of its construction and going live, each with the source&apos;s notes.
      </p>
      <p data-neocloud-summary>
        <DocsInline text={methodology.summary} />
      </p>
      <h3 id="definition-heading">What counts as a neo-cloud</h3>
      <p data-neocloud-definition>
        <DocsInline text={methodology.neocloudDefinition} />
      </p>
      <p>The page shows neo-cloud sites unless the form asks for all sites.</p>
      <MethodRules rules={methodology.rules} market="neocloud" />
      <MethodServedBy
        served={{
          methodology: NEOCLOUD_ROUTES.methodology,
          values: [NEOCLOUD_ROUTES.sites],
          plansText: plansToRequest([READING_PLAN_ID]),
        }}
      />
    </TitledSection>
  );
}

/** The sources with their citations and licences, and the map outline's credit. */
export function NeocloudSources({ methodology }: { methodology: NeocloudMethodology }) {
  return (
    <TitledSection id="sources-heading" title="Sources">
      <SampleNotice dataSources={methodology.dataSources} />
      <MethodSources
        market="neocloud"
        sources={methodology.sources.map((source) => ({
          source: source.source,
          title: source.title,
          url: source.urls[0] ?? null,
          what: null,
          citation: source.citation,
          licence: source.licence,
        }))}
      />
      <p data-gazetteer-credit>
        Places without coordinates of their own are placed at their city, from{" "}
        <a href={methodology.gazetteer.url}>{methodology.gazetteer.name}</a> (
        {methodology.gazetteer.licence}): {methodology.gazetteer.attribution}
      </p>
      <p data-map-credit>
        Map outline: <a href={NATURAL_EARTH_URL}>Natural Earth</a> 1:110m land, public domain,
        bundled with the site (from the <code>world-atlas</code> package); drawn in an
        equirectangular projection (longitude and latitude as straight axes), 84°N to 60°S.
      </p>
    </TitledSection>
  );
}

/**
 * The GET form of the filters: it works without a script (the page reads its own address), and
 * shows the api's 400 message above its fields when the api refused them.
 */
export function NeocloudFilterForm({
  filters,
  error,
}: {
  filters: NeocloudFilters;
  error: string | undefined;
}) {
  const scope = filters.scope ?? NEOCLOUD_DEFAULT_SCOPE;
  return (
    <form
      method="get"
      action={NEOCLOUD_PATH}
      className="neocloud-form"
      aria-labelledby="filters-heading"
      data-neocloud-form
    >
      <h2 id="filters-heading">Find sites</h2>
      {error !== undefined && (
        <p className="error-box" id="filters-error" data-neocloud-error>
          <strong>The filters were not accepted:</strong> {error}
        </p>
      )}
      <fieldset>
        <legend>Which sites</legend>
        {NEOCLOUD_SCOPE_CHOICES.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name="scope"
              value={option.value}
              defaultChecked={scope === option.value}
            />{" "}
            {option.label}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Where (one of: a country, a city, or a circle)</legend>
        <div className="neocloud-fields">
          <label>
            Country
            <input name="country" defaultValue={filters.country ?? ""} autoComplete="off" />
          </label>
          <label>
            City
            <input name="city" defaultValue={filters.city ?? ""} autoComplete="off" />
          </label>
          <label>
            Latitude (°N, −90 to 90)
            <input name="lat" inputMode="decimal" defaultValue={filters.lat ?? ""} />
          </label>
          <label>
            Longitude (°E, −180 to 180)
            <input name="lon" inputMode="decimal" defaultValue={filters.lon ?? ""} />
          </label>
          <label>
            Radius (km)
            <input name="radiusKm" inputMode="decimal" defaultValue={filters.radiusKm ?? ""} />
          </label>
        </div>
      </fieldset>
      <p className="neocloud-actions">
        <button type="submit">Show sites</button> <a href={NEOCLOUD_PATH}>Clear the filters</a>
      </p>
    </form>
  );
}

/**
 * The sites of the page on a world map drawn on the server: the bundled land outline, one circle
 * per site (area growing with its power, colour by status), each a link to its row in the table
 * with a `<title>` naming it.
 */
export function NeocloudMap({ sites }: { sites: readonly NeocloudSiteLike[] }) {
  const points = mapPointsOf(sites);
  const unplaced = sites.length - points.length;
  return (
    <figure className="neocloud-map" data-neocloud-map>
      {/* On a phone the map is three screens wide and scrolls sideways (globals.css): at one
          screen its points were 3 to 5 px and overlapped. */}
      <div className="neocloud-map-scroll">
        <svg
          viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
          aria-labelledby="neocloud-map-title"
          role="group"
          preserveAspectRatio="xMidYMid meet"
        >
          {/* One string: React renders a <title> of several children empty. */}
          <title id="neocloud-map-title">{`World map of the ${points.length} sites listed below; each point links to its row`}</title>
          <rect className="neocloud-sea" width={MAP_WIDTH} height={MAP_HEIGHT} aria-hidden="true" />
          <path className="neocloud-land" d={WORLD_OUTLINE_PATH} aria-hidden="true" />
          {points.map((point) => (
            <a key={point.id} href={`#${point.anchor}`} data-site-point={point.id}>
              <title>{point.title}</title>
              <circle
                className={`neocloud-point neocloud-${point.group}`}
                cx={point.x}
                cy={point.y}
                r={point.r}
              />
            </a>
          ))}
        </svg>
      </div>
      <figcaption>
        <ul className="neocloud-legend" aria-label="Point colours">
          {STATUS_GROUPS.map(({ group, label }) => (
            <li key={group}>
              <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
                <circle className={`neocloud-point neocloud-${group}`} cx="6" cy="6" r="5" />
              </svg>{" "}
              {label}
            </li>
          ))}
        </ul>
        A point&apos;s area grows with the site&apos;s power capacity (small points: power not
        known).
        {unplaced > 0 && (
          <>
            {" "}
            {unplaced} site{unplaced === 1 ? " has" : "s have"} no coordinates and{" "}
            {unplaced === 1 ? "is" : "are"} in the table only.
          </>
        )}
      </figcaption>
    </figure>
  );
}

/** A site's power capacity in MW, or a dash where the source gives none. */
function formatPower(megawatts: number | null): string {
  return megawatts === null ? "\u2013" : formatCount(megawatts);
}

/** The dates a site has, in the order a build goes. */
function SiteDates({ site }: { site: NeocloudSiteLike }) {
  const dates = [
    ["Contract", site.contractAnnounced],
    ["GPU order", site.gpuOrderDate],
    ["Construction", site.constructionStart],
    ["Phase 1 live", site.phase1LiveDate],
    ["Full capacity", site.fullCapacityTarget],
  ].filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "");
  if (dates.length === 0) return <>{"\u2013"}</>;
  return (
    <span className="neocloud-dates">
      {dates.map(([label, value]) => (
        <span key={label}>
          {label}: {value}
        </span>
      ))}
    </span>
  );
}

/** The table of a page of sites, each row the target of its map point, and the paging links. */
export function NeocloudSitesTable({
  answer,
  filters,
}: {
  answer: NeocloudSitesAnswer;
  filters: NeocloudFilters;
}) {
  const sites = answer.data;
  const first = answer.offset + 1;
  const last = answer.offset + sites.length;
  return (
    <>
      <div className="table-wrap">
        <StackTable
          name="neocloud-sites"
          caption={
            <>
              Sites {formatCount(first)} to {formatCount(last)} of {formatCount(answer.total)}:
              company and site, place, status, GPUs, power capacity, dates and source
            </>
          }
          columns={[
            "Company and site",
            "Place",
            "Status",
            "GPUs",
            { num: "GPU count" },
            { num: "Power (MW)" },
            "Dates",
            "Source",
          ]}
        >
          {sites.map((site) => {
            const link = sourceLinkOf(site);
            return (
              <tr key={site.id} id={siteAnchorOf(site)} data-site={site.id}>
                <th scope="row">
                  <span>
                    {siteLabelOf(site)}
                    {site.isNeocloud ? "" : " (not a neo-cloud)"}
                  </span>
                </th>
                <td data-label="Place">{placeOf(site) || "\u2013"}</td>
                <td data-label="Status">{statusLabelOf(site.status)}</td>
                <td data-label="GPUs">
                  {site.gpuTypes.length === 0 ? "\u2013" : site.gpuTypes.join(", ")}
                </td>
                <NumberCell label="GPU count" text={formatGpuQty(site)} />
                <NumberCell label="Power (MW)" value={site.powerCapacity} format={formatPower} />
                <td data-label="Dates">
                  <SiteDates site={site} />
                </td>
                <td data-label="Source">
                  {link === undefined ? (
                    site.dataset
                  ) : (
                    <a href={link} rel="nofollow noopener">
                      Source
                      <span className="sr-only"> for {siteLabelOf(site)}</span>
                    </a>
                  )}
                </td>
              </tr>
            );
          })}
        </StackTable>
      </div>
      <NeocloudPages answer={answer} filters={filters} />
    </>
  );
}

/** The links to the previous and next pages of sites, with the filters kept. */
function NeocloudPages({
  answer,
  filters,
}: {
  answer: NeocloudSitesAnswer;
  filters: NeocloudFilters;
}) {
  const last = answer.offset + answer.data.length;
  const previous = Math.max(0, Math.min(answer.offset, answer.total) - NEOCLOUD_PAGE_SIZE);
  const hasNext = last < answer.total && answer.data.length > 0;
  if (answer.offset === 0 && !hasNext) return null;
  return (
    <nav className="neocloud-pages" aria-label="Pages of sites">
      {answer.offset > 0 && (
        <a href={neocloudHref(NEOCLOUD_PATH, filters, previous)} rel="prev">
          Previous {NEOCLOUD_PAGE_SIZE} sites
        </a>
      )}
      {hasNext && (
        <a href={neocloudHref(NEOCLOUD_PATH, filters, last)} rel="next">
          Next sites (from {formatCount(last + 1)})
        </a>
      )}
    </nav>
  );
}

/** One aggregate table: sites, power and GPUs per country or per GPU type. */
export function NeocloudAggregateTable({
  id,
  caption,
  keyLabel,
  answer,
}: {
  id: string;
  caption: string;
  keyLabel: string;
  answer: NeocloudAggregateAnswer;
}) {
  return (
    <div className="table-wrap">
      <StackTable
        name={id}
        caption={caption}
        columns={[keyLabel, { num: "Sites" }, { num: "Power (MW)" }, { num: "GPUs" }]}
      >
        {answer.data.map((bucket) => (
          <tr key={bucket.key} data-bucket={bucket.key}>
            <th scope="row">{bucket.key}</th>
            <NumberCell label="Sites" text={formatCount(bucket.site_count)} />
            <NumberCell label="Power (MW)" value={bucket.total_power_mw} format={formatCount} />
            <NumberCell label="GPUs" value={bucket.total_gpu_qty} format={formatCount} />
          </tr>
        ))}
      </StackTable>
      <p className="muted" data-aggregate-gaps>
        Of {formatCount(answer.sites)} site{answer.sites === 1 ? "" : "s"},{" "}
        {formatCount(answer.sitesWithoutPower)} without a power figure and{" "}
        {formatCount(answer.sitesWithoutGpuQty)} without a GPU count add nothing to those totals.
      </p>
    </div>
  );
}

/** Where the sites shown come from: each real source's citation, under the table. */
export function NeocloudCitations({ answer }: { answer: NeocloudSitesAnswer }) {
  return <SourceCitations sources={answer.dataSources.sources} />;
}

/**
 * A Full reader's view: the sample notice while served, the map of the page's sites, the table,
 * the CSV of the same filters, and the totals by country and by GPU type.
 */
export function NeocloudValues({
  sites,
  byCountry,
  byGpuType,
  filters,
  release,
}: {
  sites: NeocloudSitesAnswer;
  byCountry: NeocloudAggregateAnswer | undefined;
  byGpuType: NeocloudAggregateAnswer | undefined;
  filters: NeocloudFilters;
  /** The latest release's citation and the register's bulk file. */
  release: ReleaseCite | undefined;
}) {
  // The register is cited as of its sources' newest data (none stated: no citation line).
  const asOf = sites.dataSources.sources
    .map((source) => source.asOf)
    .filter((value): value is string => value !== null)
    .sort()
    .at(-1);
  return (
    <TitledSection
      id="sites-heading"
      title={
        <>
          {formatCount(sites.total)} site{sites.total === 1 ? "" : "s"}
        </>
      }
      attributes={{ "data-neocloud-state": "values" }}
    >
      <SampleNotice dataSources={sites.dataSources} />
      {sites.data.length === 0 ? (
        <>
          <p className="notice" data-neocloud-empty>
            {sites.offset > 0 && sites.total > 0
              ? "No site on this page."
              : "No site matches these filters."}
          </p>
          <NeocloudPages answer={sites} filters={filters} />
        </>
      ) : (
        <>
          <NeocloudMap sites={sites.data} />
          <NeocloudSitesTable answer={sites} filters={filters} />
        </>
      )}
      <NeocloudCitations answer={sites} />
      <p>
        <a className="button" href={neocloudHref(NEOCLOUD_CSV_PATH, filters)} download data-csv>
          Download the {formatCount(sites.total)} sites as CSV
        </a>
      </p>
      {asOf !== undefined && (
        <CiteThis
          citation={{
            series: "Neo-Cloud Sites register",
            unit: "AI data-centre sites",
            valueDate: asOf,
            url: `${readWebEnv().publicSiteUrl}${NEOCLOUD_PATH}`,
          }}
          release={release}
        />
      )}
      {byCountry !== undefined && byCountry.data.length > 0 && (
        <>
          <h2 id="by-country-heading">By country</h2>
          <NeocloudAggregateTable
            id="neocloud-by-country"
            caption="Sites, power capacity (MW) and GPUs per country, over every site of the scope (the place filters do not narrow the totals)"
            keyLabel="Country"
            answer={byCountry}
          />
        </>
      )}
      {byGpuType !== undefined && byGpuType.data.length > 0 && (
        <>
          <h2 id="by-gpu-heading">By GPU type</h2>
          <NeocloudAggregateTable
            id="neocloud-by-gpu-type"
            caption="Sites, power capacity (MW) and GPUs per GPU type, over every site of the scope (a site with several types counts under each)"
            keyLabel="GPU type"
            answer={byGpuType}
          />
        </>
      )}
    </TitledSection>
  );
}
