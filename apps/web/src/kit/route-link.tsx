/**
 * An api route as a market's pages name it: the request a reader would send
 * (`GET /api/memory-types`) and its operation's id, which anchors its reference on /docs.
 */
export type ApiRoute = { request: string; operationId: string };

/** The route's reference on /docs, at its operation's anchor (app/docs/page.tsx). */
export function routeDocsHref(route: ApiRoute): string {
  return `/docs#route-${route.operationId}`;
}

/** The route named in a sentence, as code, linked to its reference. */
export function RouteLink({ route }: { route: ApiRoute }) {
  return (
    <a href={routeDocsHref(route)}>
      <code>{route.request}</code>
    </a>
  );
}
