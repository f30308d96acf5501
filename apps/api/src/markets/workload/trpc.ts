import { marketRouter } from "../../platform/trpc/market-router";
import { keylessRouteProcedure } from "../../platform/trpc/route-procedure";
import { sessionRouteProcedure } from "../../platform/trpc/session-procedure";
import { workloadMethodologyRoute, workloadRoute } from "./routes/workload";

/**
 * Workload Cost procedures for the website, answered by the REST routes themselves, so values
 * and refusals are the same bytes and words.
 */
export const workloadRouter = marketRouter("workload", {
  /** `GET /api/workload/methodology`: public. */
  methodology: keylessRouteProcedure(workloadMethodologyRoute),
  /**
   * What `GET /api/workload` answers a key of the signed-in reader's plan (`sessionToken`, from
   * the website's cookie), with its `startDate`, `endDate`, `lab` and `family`; without a live
   * plan, the REST 401 (the index has no keyless view).
   */
  planIndex: sessionRouteProcedure(workloadRoute),
});
