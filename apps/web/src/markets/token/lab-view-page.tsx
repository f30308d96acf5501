import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isLabId } from "@tpi/domain";
import { LabContent, labMetadata } from "../../../../src/components/lab-content";
import { CHART_RANGE_PARAM } from "../../../../src/lib/chart-params";
import { chartViewQuery } from "../../../../src/lib/chart-state";
import { labPathOf } from "../../../../src/lib/paths";
import { loadViewer } from "../../../../src/server/viewer";

type LabViewProps = {
  params: Promise<{ lab: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * A lab's page rendered per request, where next.config.ts rewrites `/labs/<lab>` when the request
 * carries a chart state (`?range=…`: ISR ignores queries) or a session cookie (a signed-in reader
 * sees their plan's data: the page reads the cookie, and only this per-request variant may). The
 * plain `/labs/<lab>` stays cached for visitors.
 */
export const dynamic = "force-dynamic";

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

export default async function LabView(props: LabViewProps) {
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
