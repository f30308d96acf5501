import type { Route } from "../http/route";
import { createApiKeyRoute } from "./api-keys";
import { tokenTypesFreeRoute, tokenTypesRoute } from "./catalog";
import { chatRoute } from "./chat";
import { apiReferenceRoute, openApiRoute } from "./docs";
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
} from "./gpu";
import {
  gpuHistoryRangeRoute,
  gpuHistorySimpleRoute,
  gpuHourlyRoute,
  gpuRollingAverageRoute,
  gpuRollingHistoryRoute,
} from "./gpu-series";
import { gpuVolatilityRoute, gpuVolumeRoute } from "./gpu-analytics";
import { healthRoute } from "./health";
import { otpiRoute } from "./otpi";
import { otpiConstituentsRoute, otpiMethodologyRoute, otpiRevisionsRoute } from "./otpi-details";
import { tokenVolumeRoute } from "./token-volume";

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
