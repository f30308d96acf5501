import { sectionPage } from "../../kit/market-page";
import {
  NeocloudAbout,
  NeocloudFilterForm,
  NeocloudLocked,
  NeocloudSources,
  NeocloudValues,
} from "./components";
import { SignedInNote } from "../../components/signed-in-note";
import { NEOCLOUD_PATH, neocloudFiltersOf, neocloudOffsetOf } from "./lib";
import { NEOCLOUD_CARD } from "./card";
import { neocloudMarket } from "./entry";
import { loadReleaseCite } from "../../server/releases";
import {
  loadNeocloudMethodology,
  loadPlanNeocloudAggregate,
  loadPlanNeocloudSites,
} from "./loaders";

/**
 * The Neo-Cloud Sites page: what the dataset is, its method and sources for everyone; for a Full
 * reader the filter form, the map and table of a page of sites, the CSV and the totals.
 */
export const { generateMetadata, Page: NeocloudPage } = sectionPage({
  meta: {
    title: "Neo-Cloud Sites",
    description:
      "Where the neo-clouds' AI data centres are: each site's operator, place, status, GPUs, power capacity and dates, on a world map and in a table, from Epoch AI's data. Read with the Full plan.",
    path: NEOCLOUD_PATH,
    cardTitle: "Where the neo-clouds' AI data centres are",
    image: NEOCLOUD_CARD.path,
  },
  methodology: loadNeocloudMethodology,
  load: async (reader, query) => {
    const filters = neocloudFiltersOf(query);
    const offset = neocloudOffsetOf(query);
    const [methodology, sites, byCountry, byGpuType, release] = await Promise.all([
      loadNeocloudMethodology(),
      reader === undefined ? undefined : loadPlanNeocloudSites(reader.token, filters, offset),
      reader === undefined
        ? undefined
        : loadPlanNeocloudAggregate(reader.token, "country", filters.scope),
      reader === undefined
        ? undefined
        : loadPlanNeocloudAggregate(reader.token, "gpu_type", filters.scope),
      reader === undefined ? undefined : loadReleaseCite(neocloudMarket.name),
    ]);
    return { filters, methodology, sites, byCountry, byGpuType, release };
  },
  lead: () => (
    <>
      Where the AI data centres of the neo-clouds (companies whose main business is renting GPU
      capacity) are: each site&apos;s operator, place, status, GPUs, power capacity and dates.
    </>
  ),
  body: ({ filters, methodology, sites, byCountry, byGpuType, release }, reader) => (
    <>
      {reader !== undefined && <SignedInNote viewer={reader.viewer} />}
      {sites?.kind === "answer" || sites?.kind === "invalid" ? (
        <>
          <NeocloudFilterForm
            filters={filters}
            error={sites.kind === "invalid" ? sites.message : undefined}
          />
          {sites.kind === "answer" && (
            <NeocloudValues
              sites={sites.answer}
              byCountry={byCountry?.kind === "answer" ? byCountry.answer : undefined}
              byGpuType={byGpuType?.kind === "answer" ? byGpuType.answer : undefined}
              filters={filters}
              release={release}
            />
          )}
        </>
      ) : (
        // A plan without site data (403) reads the api's words; an ended trial (the keyless 401)
        // reads the signed-in note, which says the trial ended.
        <NeocloudLocked
          refusal={sites?.kind === "refused" && sites.status === 403 ? sites.message : undefined}
        />
      )}
      <NeocloudAbout methodology={methodology} />
      <NeocloudSources methodology={methodology} />
    </>
  ),
});
