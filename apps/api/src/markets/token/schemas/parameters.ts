import { LAB_IDS, parseLab } from "@tpi/domain";
import { z } from "zod";
import { domainTransform } from "../../../platform/http/input";
import { choiceParameter, requiredParameter } from "../../../platform/http/parameters";

/**
 * The token market's catalog parameter: a lab, documented with the catalog's identifiers and
 * refused with the domain's message (which lists them), on every token route.
 */
export const LAB_PARAMETER_DOC = { type: "string", enum: [...LAB_IDS] } as const;

/** A lab checked by the domain's parser. Required; `.optional()` where it is not. */
export function labParameter(description: string) {
  return z
    .string({ error: requiredParameter("lab") })
    .meta({ description, ...LAB_PARAMETER_DOC })
    .transform(domainTransform(parseLab));
}

/** A lab whose value the route's own query parser checks (with the same domain function). */
export function documentedLabParameter(description: string) {
  return choiceParameter("lab", LAB_IDS, description);
}
