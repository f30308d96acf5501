import type { Route } from "../platform/http/route";
import { createApiKeyRoute } from "../platform/accounts/create-key-route";
import { tokenTypesFreeRoute, tokenTypesRoute } from "./token/routes/catalog";
import { chatRoute } from "../platform/chat/chat-route";
import { apiReferenceRoute, openApiRoute } from "../platform/openapi/docs-routes";
import {
  dailyIndexAllRoute,
  dailyIndexRoute,
  dayIndexRoute,
  previousDailyIndexRoute,
  gpuHistoryRoute,
  gpuIndexHistoryRoute,
  gpuLatestRoute,
  gpuMethodologyRoute,
  gpuTypesFreeRoute,
  gpuTypesRoute,
} from "./gpu/routes/prices";
import {
  gpuHistoryRangeRoute,
  gpuHistorySimpleRoute,
  gpuHourlyRoute,
  gpuRollingAverageRoute,
  gpuRollingHistoryRoute,
} from "./gpu/routes/series";
import { gpuVolatilityRoute, gpuVolumeRoute } from "./gpu/routes/analytics";
import { healthRoute } from "../platform/health/health-route";
import { otpiRoute } from "./token/routes/otpi";
import {
  otpiConstituentsRoute,
  otpiMethodologyRoute,
  otpiRevisionsRoute,
} from "./token/routes/details";
import { tokenVolumeRoute } from "./token/routes/volume";

/**
 * Every route this service serves, in the order of the reference: Express registers them, the
 * 405 handler allows their methods, the OpenAPI document and the website's /docs page describe them.
 */
export const ROUTES: readonly Route[] = [
  healthRoute,
  otpiRoute,
  otpiConstituentsRoute,
  otpiMethodologyRoute,
  otpiRevisionsRoute,
  tokenVolumeRoute,
  tokenTypesRoute,
  tokenTypesFreeRoute,
  gpuTypesRoute,
  gpuTypesFreeRoute,
  gpuMethodologyRoute,
  gpuLatestRoute,
  dailyIndexAllRoute,
  dailyIndexRoute,
  previousDailyIndexRoute,
  dayIndexRoute,
  gpuHistoryRoute,
  gpuIndexHistoryRoute,
  gpuHistorySimpleRoute,
  gpuHistoryRangeRoute,
  gpuHourlyRoute,
  gpuRollingAverageRoute,
  gpuRollingHistoryRoute,
  gpuVolatilityRoute,
  gpuVolumeRoute,
  createApiKeyRoute,
  chatRoute,
  openApiRoute,
  apiReferenceRoute,
];
