import type { ReactNode } from "react";
import { SiteFrame } from "../../src/site/site-frame";

/** The site chrome around this page, with "downloads" marked current in the navigation. */
export default function Layout({ children }: { children: ReactNode }) {
  return <SiteFrame section="downloads">{children}</SiteFrame>;
}
