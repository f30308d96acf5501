import { VolumePage } from "../../src/markets/token/volume-page";

export { metadata } from "../../src/markets/token/volume-page";

/** Rendered per request (the api is not running at build time); the api answers are cached by tag. */
export const dynamic = "force-dynamic";

export default VolumePage;
