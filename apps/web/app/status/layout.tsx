import type { ReactNode } from "react";
import { SiteFrame } from "../../src/site/site-frame";

/** The site chrome around this page; it belongs to no section of the navigation. */
export default function Layout({ children }: { children: ReactNode }) {
  return <SiteFrame section={undefined}>{children}</SiteFrame>;
}
