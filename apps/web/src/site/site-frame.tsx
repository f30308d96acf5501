import type { ReactNode } from "react";
import {
  DATA_SOURCES_UNREACHABLE,
  SampleDataBanner,
  SiteFooter,
  SiteHeader,
  type NavSection,
  type SiteDataSources,
} from "./site-chrome";
import { loadSiteSources } from "./site-sources";

/**
 * Everything around a page's content: the header (with the page's section marked), the sample
 * banner, the main landmark and the footer. Each top-level section's layout renders it with its
 * section (app/<section>/layout.tsx), the 404 pages without one: a layout knows its section
 * statically, so the mark costs no request data (cached pages stay cached) and no script.
 */
export async function SiteFrame({
  section,
  children,
}: {
  section: NavSection | undefined;
  children: ReactNode;
}) {
  // The 503 page and /status render while the api is down; any other page needs the api for its
  // own data too, so it is never rendered (nor cached) with this banner but by accident of timing.
  const dataSources: SiteDataSources = await loadSiteSources().catch(
    () => DATA_SOURCES_UNREACHABLE,
  );
  return (
    <>
      <SiteHeader current={section} />
      <SampleDataBanner dataSources={dataSources} />
      <main id="content">
        <div className="inner">{children}</div>
      </main>
      <SiteFooter
        dataSources={dataSources === DATA_SOURCES_UNREACHABLE ? undefined : dataSources}
      />
    </>
  );
}
