import type { ReactNode } from "react";
import { SiteFrame } from "../../src/site/site-frame";

/**
 * The site chrome around every account page, with "account" marked current in the navigation,
 * and the pages in one box so that the account pages' own CSS (globals.css) applies to them alone.
 */
export default function Layout({ children }: { children: ReactNode }) {
  return (
    <SiteFrame section="account">
      <div className="account-page">{children}</div>
    </SiteFrame>
  );
}
