import { HomeView } from "../../src/markets/token/home-view-page";

export { generateMetadata } from "../../src/markets/token/home-view-page";

/** Rendered per request: it reads the chart state in the query and the session cookie. */
export const dynamic = "force-dynamic";

export default HomeView;
