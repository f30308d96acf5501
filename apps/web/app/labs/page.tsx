import { LabsPage } from "../../src/markets/token/labs-page";

export { metadata } from "../../src/markets/token/labs-page";

/**
 * Rendered per request (the api is not running at build time); the api answers are cached by
 * tag. A signed-in reader whose plan reads the whole index sees the keyed labs' latest values as
 * the api answers a key of the plan (those answers are never cached).
 */
export const dynamic = "force-dynamic";

export default LabsPage;
