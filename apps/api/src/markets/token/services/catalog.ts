import { FREE_TIER_LAB_IDS, LAB_CATALOG } from "@tpi/domain";

/** The lab catalog bodies of `GET /api/token-types` and `-free`, shared by REST and tRPC; built once. */
export const TOKEN_TYPES_BODY = {
  success: true,
  data: LAB_CATALOG.map(({ lab, label, freeTier }) => ({ lab, label, freeTier })),
} as const;

export const TOKEN_TYPES_FREE_BODY = {
  success: true,
  access: "free-tier",
  data: LAB_CATALOG.filter((entry) => FREE_TIER_LAB_IDS.includes(entry.lab)).map(
    ({ lab, label }) => ({ lab, label }),
  ),
} as const;
