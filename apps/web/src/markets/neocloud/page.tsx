import type { Metadata } from "next";
import {
  NeocloudAbout,
  NeocloudFilterForm,
  NeocloudLocked,
  NeocloudSources,
  NeocloudValues,
} from "./components";
import { SignedInNote } from "../../components/signed-in-note";
import { readWebEnv } from "../../env";
import { NEOCLOUD_PATH, neocloudFiltersOf, neocloudOffsetOf } from "./lib";
import { socialMetadata } from "../../lib/social";
import { NEOCLOUD_CARD_PATH } from "./card";
import {
  loadNeocloudMethodology,
  loadPlanNeocloudAggregate,
  loadPlanNeocloudSites,
} from "./loaders";
import { loadViewer } from "../../server/viewer";

const TITLE = "Neo-Cloud Sites";
const DESCRIPTION =
  "Where the neo-clouds' AI data centres are: each site's operator, place, status, GPUs, power capacity and dates, on a world map and in a table, from Epoch AI's data. Read with the Full plan.";

/** The card names the dataset, never a site: a shared link is read by anyone. */
export async function generateMetadata(): Promise<Metadata> {
  const methodology = await loadNeocloudMethodology();
  return {
    title: TITLE,
    description: DESCRIPTION,
    ...socialMetadata({
      siteUrl: readWebEnv().publicSiteUrl,
      path: NEOCLOUD_PATH,
      title: "Where the neo-clouds' AI data centres are",
      description: DESCRIPTION,
      image: NEOCLOUD_CARD_PATH,
      sample: methodology.dataSources.sample,
    }),
  };
}

type NeocloudPageProps = { searchParams?: Promise<Record<string, string | string[] | undefined>> };

export async function NeocloudPage(props: NeocloudPageProps = {}) {
  const query = (await props.searchParams) ?? {};
  const filters = neocloudFiltersOf(query);
  const offset = neocloudOffsetOf(query);
  const reader = await loadViewer();
  const [methodology, sites, byCountry, byGpuType] = await Promise.all([
    loadNeocloudMethodology(),
    reader === undefined ? undefined : loadPlanNeocloudSites(reader.token, filters, offset),
    reader === undefined
      ? undefined
      : loadPlanNeocloudAggregate(reader.token, "country", filters.scope),
    reader === undefined
      ? undefined
      : loadPlanNeocloudAggregate(reader.token, "gpu_type", filters.scope),
  ]);
  return (
    <>
      <h1>{TITLE}</h1>
      <p className="lead">
        Where the AI data centres of the neo-clouds (companies whose main business is renting GPU
        capacity) are: each site&apos;s operator, place, status, GPUs, power capacity and dates.
      </p>
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
  );
}
