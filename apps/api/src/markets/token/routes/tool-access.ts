import { FREE_TIER_LAB_IDS, FREE_WINDOW_MONTHS } from "@tpi/domain";

/** What a keyless caller may ask the token tools, as a model reads it. */
export const TOKEN_TOOL_ACCESS = `Without an API key: only the free-tier labs (${FREE_TIER_LAB_IDS.join(", ")}) and the trailing ${FREE_WINDOW_MONTHS} month; anything else is refused with the REST 401 text.`;
