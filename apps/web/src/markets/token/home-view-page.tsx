import type { Metadata } from "next";
import { CHART_RANGE_PARAM } from "../../lib/chart-params";
import { chartViewQuery } from "../../lib/chart-state";
import { loadViewer } from "../../server/viewer";
import { HOME_SERIES_PARAM } from "./chart-params";
import { HomeContent, homeMetadata } from "./home-content";

export async function generateMetadata(): Promise<Metadata> {
  return {
    ...(await homeMetadata()),
    // The same content as `/`: search engines index the plain home page only.
    robots: { index: false },
    alternates: { canonical: "/" },
  };
}

type HomeViewProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The home page with a chart state (`/?range=…&labs=…`) or for a signed-in reader (a session
 * cookie), rewritten here by next.config.ts: it reads the query and the cookie, so it is rendered
 * per request, while the plain `/` stays in the full-route cache for visitors.
 */
export async function HomeView(props: HomeViewProps) {
  const query = await props.searchParams;
  const reader = await loadViewer();
  return (
    <HomeContent
      chartQuery={{
        range: query[CHART_RANGE_PARAM],
        labs: query[HOME_SERIES_PARAM],
        view: chartViewQuery(query),
      }}
      reader={reader}
    />
  );
}
