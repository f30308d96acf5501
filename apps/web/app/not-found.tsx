import type { Metadata } from "next";
import { NotFoundBody } from "../src/components/not-found-body";
import { SiteFrame } from "../src/site/site-frame";

export const metadata: Metadata = {
  title: "Page not found",
  description: "This page does not exist on the Token Price Index site.",
};

/**
 * Next's own 404 (a `notFound()` that proxy.ts did not see coming). Next renders it in the
 * browser when a dynamic page throws; proxy.ts sends the addresses it knows to be unknown to
 * /page-not-found instead, which is complete without JavaScript. It replaces the section's
 * layout, so it brings the site chrome itself.
 */
export default function NotFound() {
  return (
    <SiteFrame section={undefined}>
      <NotFoundBody />
    </SiteFrame>
  );
}
