import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isLabId } from "@tpi/domain";
import { CHART_RANGE_PARAM } from "../../lib/chart-params";
import { chartViewQuery } from "../../lib/chart-state";
import { loadViewer } from "../../server/viewer";
import { LabContent, labMetadata } from "./lab-content";
import { labPathOf } from "./paths";

type LabViewProps = {
  params: Promise<{ lab: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata(props: LabViewProps): Promise<Metadata> {
  const { lab } = await props.params;
  if (!isLabId(lab)) return { title: "Lab not found" };
  return {
    ...(await labMetadata(lab)),
    // The same content as the plain lab page: search engines index that one only.
    robots: { index: false },
    alternates: { canonical: labPathOf(lab) },
  };
}

/**
 * A lab's page rendered per request, where next.config.ts rewrites `/labs/<lab>` when the request
 * carries a chart state (`?range=…`: ISR ignores queries) or a session cookie (a signed-in reader
 * sees their plan's data: the page reads the cookie, and only this per-request variant may). The
 * plain `/labs/<lab>` stays cached for visitors.
 */
export async function LabView(props: LabViewProps) {
  const { lab } = await props.params;
  if (!isLabId(lab)) notFound();
  const query = await props.searchParams;
  const reader = await loadViewer();
  return (
    <LabContent
      lab={lab}
      chartQuery={{ range: query[CHART_RANGE_PARAM], view: chartViewQuery(query) }}
      reader={reader}
    />
  );
}
