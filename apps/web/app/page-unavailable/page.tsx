import type { Metadata } from "next";
import { UNAVAILABLE_MESSAGE } from "../../src/lib/api-reachability";

export const metadata: Metadata = {
  title: "Temporarily unavailable",
  description: UNAVAILABLE_MESSAGE,
  robots: { index: false },
};

/**
 * Where proxy.ts rewrites a page while the api cannot serve it, with status 503 and Retry-After.
 * Rendered per request without the api, so its HTML is complete (the layout says the data
 * service is not answering instead of naming the data's source).
 */
export const dynamic = "force-dynamic";

export default function PageUnavailable() {
  return (
    <>
      <h1>Temporarily unavailable</h1>
      <p className="lead" data-unavailable>
        {UNAVAILABLE_MESSAGE}
      </p>
      <p>
        Reload this page in a moment. <a href="/status">The status page</a> shows what the service
        reports.
      </p>
    </>
  );
}
