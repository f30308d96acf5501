import type { AppRouter } from "@tpi/api/trpc";
import type { inferRouterOutputs } from "@trpc/server";

/**
 * Every row the website renders, typed as the api's internal tRPC router returns it. The types are
 * inferred from the router's type (imported as a type only, never as a value), so a change of the
 * api's answers is a compile error here rather than a page that silently renders the wrong field.
 */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Where the published data comes from: whether any of it is the generated sample, and each source's days and citation. */
export type DataSources = RouterOutputs["dataProvenance"];
