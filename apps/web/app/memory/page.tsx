import { MemoryPage } from "../../src/markets/memory/overview-page";

export { generateMetadata } from "../../src/markets/memory/overview-page";

/**
 * Rendered per request: the catalogue and methodology are public api answers (cached by tag); a
 * signed-in reader whose plan reads the values sees each type's latest settled price as the api
 * answers a key of the plan (never cached), a visitor the locked state and no number.
 */
export const dynamic = "force-dynamic";

export default MemoryPage;
