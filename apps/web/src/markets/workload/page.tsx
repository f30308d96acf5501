import { sectionPage } from "../../kit/market-page";
import {
  WorkloadAbout,
  WorkloadLocked,
  WorkloadMethodologySection,
  WorkloadValues,
} from "./components";
import { SignedInNote } from "../../components/signed-in-note";
import { WORKLOAD_CARD_PATH } from "./card";
import { WORKLOAD_LAB_PARAM, WORKLOAD_PATH, workloadLabOf } from "./lib";
import { loadWorkloadMethodology, loadPlanWorkload } from "./loaders";
import { loadReleaseCite } from "../../server/releases";
import { workloadMarket } from "./entry";

/**
 * The Workload Cost page: what the index measures and how, for everyone; its chart, each lab's
 * latest week and the cells behind it for a reader whose plan reads it (`?lab=` narrows it to
 * one lab's families).
 */
export const { generateMetadata, Page: WorkloadPage } = sectionPage({
  meta: {
    title: "Workload cost",
    description:
      "What one coding-agent session costs, per lab and model family, week by week: cost per session, implied tokens per session, a like-for-like index and the split of each change into price, intensity and mix. Read with an API key or a signed-in account.",
    path: WORKLOAD_PATH,
    cardTitle: "What a coding-agent session costs",
    image: WORKLOAD_CARD_PATH,
  },
  methodology: loadWorkloadMethodology,
  load: async (reader, query) => {
    const lab = workloadLabOf(query[WORKLOAD_LAB_PARAM]);
    const [methodology, plan, release] = await Promise.all([
      loadWorkloadMethodology(),
      reader === undefined
        ? undefined
        : loadPlanWorkload(reader.token, lab === undefined ? {} : { lab }),
      reader === undefined ? undefined : loadReleaseCite(workloadMarket.name),
    ]);
    return { lab, methodology, plan, release };
  },
  lead: () => (
    <>
      What one coding-agent session costs, per lab and model family, week by week: the cost of a
      whole session of a coding agent (a harness such as Cline or Kilo Code working on a task), not
      of one request.
    </>
  ),
  body: ({ lab, methodology, plan, release }, reader, query) => (
    <>
      {reader !== undefined && <SignedInNote viewer={reader.viewer} />}
      {plan?.kind === "answer" ? (
        <WorkloadValues answer={plan.answer} lab={lab} query={query} release={release} />
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
  ),
});
