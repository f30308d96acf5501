import { MethodologyPage } from "../../src/markets/token/methodology-page";

export { metadata } from "../../src/markets/token/methodology-page";

/** Rendered per request from the methodology the api runs with. */
export const dynamic = "force-dynamic";

export default MethodologyPage;
