import type { Metadata } from "next";
import { SignedInNote } from "../../components/signed-in-note";
import { readWebEnv } from "../../env";
import { socialMetadata } from "../../lib/social";
import { loadViewer } from "../../server/viewer";
import { WORKLOAD_CARD_PATH } from "./card";
import {
  WorkloadAbout,
  WorkloadLocked,
  WorkloadMethodologySection,
  WorkloadValues,
} from "./components";
import { WORKLOAD_LAB_PARAM, WORKLOAD_PATH, workloadLabOf } from "./lib";
import { loadWorkloadMethodology, loadPlanWorkload } from "./loaders";

const TITLE = "Workload cost";
const DESCRIPTION =
  "What one coding-agent session costs, per lab and model family, week by week: cost per session, implied tokens per session, a like-for-like index and the split of each change into price, intensity and mix. Read with an API key or a signed-in account.";

/** The card names the latest week, never a value: a shared link is read by anyone. */
export async function generateMetadata(): Promise<Metadata> {
  const methodology = await loadWorkloadMethodology();
  return {
    title: TITLE,
    description: DESCRIPTION,
    ...socialMetadata({
      siteUrl: readWebEnv().publicSiteUrl,
      path: WORKLOAD_PATH,
      title: "What a coding-agent session costs",
      description: DESCRIPTION,
      image: WORKLOAD_CARD_PATH,
      sample: methodology.dataSources.sample,
    }),
  };
}

type WorkloadPageProps = { searchParams?: Promise<Record<string, string | string[] | undefined>> };

export async function WorkloadPage(props: WorkloadPageProps = {}) {
  const query = (await props.searchParams) ?? {};
  const lab = workloadLabOf(query[WORKLOAD_LAB_PARAM]);
  const reader = await loadViewer();
  const [methodology, plan] = await Promise.all([
    loadWorkloadMethodology(),
    reader === undefined
      ? undefined
      : loadPlanWorkload(reader.token, lab === undefined ? {} : { lab }),
  ]);
  return (
    <>
      <h1>{TITLE}</h1>
      <p className="lead">
        What one coding-agent session costs, per lab and model family, week by week: the cost of a
        whole session of a coding agent (a harness such as Cline or Kilo Code working on a task),
        not of one request.
      </p>
      {reader !== undefined && <SignedInNote viewer={reader.viewer} />}
      {plan?.kind === "answer" ? (
        <WorkloadValues answer={plan.answer} lab={lab} query={query} />
      ) : plan?.kind === "no-data" ? (
        <p className="notice" data-workload-state="no-data">
          No week of the Workload Cost index has been published yet.
        </p>
      ) : (
        // A plan without the index (403) reads the api's words; an ended trial (the keyless 401)
        // reads the signed-in note, which says the trial ended.
        <WorkloadLocked
          refusal={plan?.kind === "refused" && plan.status === 403 ? plan.message : undefined}
        />
      )}
      <WorkloadAbout />
      <WorkloadMethodologySection methodology={methodology} />
    </>
  );
}
