import { NeocloudPage } from "../../src/markets/neocloud/page";

export { generateMetadata } from "../../src/markets/neocloud/page";

/**
 * Rendered per request: the sites are a signed-in reader's plan's (the page reads the session
 * cookie) and the filters are the page's address; a visitor reads what the dataset is and how to
 * get it, never a site.
 */
export const dynamic = "force-dynamic";

export default NeocloudPage;
