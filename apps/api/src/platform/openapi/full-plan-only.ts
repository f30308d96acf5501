import { requireFullPlan } from "@tpi/domain";
import { planOfCaller, type Caller } from "../auth/api-key-authenticator";
import type { ResponseDoc } from "../core/route";
import { errorResponse } from "./responses";

/** What a route only Full plan keys read answers, documents and says of its access. */
export type FullPlanOnly = {
  /** A keyless caller gets 401; a Premium or Trial key 403 in the product's own words. */
  authorizeCaller: (caller: Caller) => ReturnType<typeof requireFullPlan>;
  /** The 403 the route documents. */
  forbiddenResponse: ResponseDoc;
  /** /docs: who may call. */
  access: string;
  /** An MCP tool's access line, as a model reads it. */
  toolAccess: string;
};

/**
 * The lock of a product only Full plan keys read, from the words its 403 says: one refusal, one
 * documented 403 and one access text for every route behind it.
 */
export function fullPlanOnly(forbiddenMessage: string): FullPlanOnly {
  return {
    authorizeCaller: (caller) => requireFullPlan(planOfCaller(caller), forbiddenMessage),
    forbiddenResponse: errorResponse(`Forbidden: ${forbiddenMessage}`),
    access: "Required: a Full plan key (Premium and Trial keys get 403).",
    toolAccess: "Only Full plan keys: Trial and Premium keys are refused with the REST 403 text.",
  };
}
