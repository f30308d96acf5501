import { sectionMarket } from "../../kit/market-entry";
import { WORKLOAD_PATH } from "./lib";

/** What a coding-agent session costs, week by week: one page. */
export const workloadMarket = sectionMarket({
  name: "workload",
  href: WORKLOAD_PATH,
  label: "Workload",
  footer:
    "Workload Cost values are US cents per coding-agent session, per lab and model family, for each week",
  card: () => import("./card-content").then((card) => card.loadWorkloadCard()),
});
