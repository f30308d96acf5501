import { createApiKeyRoute } from "./accounts/create-key-route";
import { chatRoute } from "./chat/chat-route";
import { eventStreamRoute } from "./streams/stream-route";
import { healthRoute } from "./health-route";
import type { Route } from "./core/route";
import type { Market } from "./core/market";
import { apiReferenceRoute, openApiRoute } from "./openapi/docs-routes";
import { WEBHOOK_ROUTES } from "./webhook-api/routes";
import { RELEASE_ROUTES } from "./release-api/routes";

/**
 * Every route served, in the order of the reference: health first, then each market's routes
 * in market order, then the account, live events, assistant and documentation routes. Express registers them,
 * the 405 handler allows their methods, the OpenAPI document and the website's /docs describe
 * them, the fast lane serves their kept answers.
 */
export function routesOf(markets: readonly Market[]): readonly Route[] {
  const routes = [
    healthRoute,
    ...markets.flatMap((market) => market.routes),
    createApiKeyRoute,
    ...WEBHOOK_ROUTES,
    ...RELEASE_ROUTES,
    eventStreamRoute,
    chatRoute,
    openApiRoute,
    apiReferenceRoute,
  ];
  const seen = new Set<string>();
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) throw new Error(`two routes answer ${key}`);
    seen.add(key);
  }
  return routes;
}
