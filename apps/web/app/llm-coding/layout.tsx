import type { ReactNode } from "react";
import { SiteFrame } from "../../src/site/site-frame";

/** The site chrome around every page of this section, with "llm-coding" marked current in the navigation. */
export default function Layout({ children }: { children: ReactNode }) {
  return <SiteFrame section="llm-coding">{children}</SiteFrame>;
}
