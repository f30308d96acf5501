import type { Metadata } from "next";
import { NotFoundBody } from "../../src/components/not-found-body";

export const metadata: Metadata = {
  title: "Page not found",
  description: "This page does not exist on the Token Price Index site.",
  robots: { index: false },
};

/**
 * Where proxy.ts rewrites every unknown address, with status 404. Next renders a `notFound()`
 * thrown by a dynamic page only in the browser (the server's HTML has no heading); this page
 * renders normally, on each request, so its HTML is complete and carries the live site chrome.
 */
export const dynamic = "force-dynamic";

export default function PageNotFound() {
  return <NotFoundBody />;
}
