import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isLabId } from "@tpi/domain";
import { LabContent, labMetadata } from "../../../../src/components/lab-content";
import { CHART_RANGE_PARAM } from "../../../../src/lib/chart-params";
import { chartViewQuery } from "../../../../src/lib/chart-state";
import { labPathOf } from "../../../../src/lib/paths";

type LabViewProps = {
  params: Promise<{ lab: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * A lab's page with a chart state (`/labs/<lab>?range=…`, rewritten here by next.config.ts): it
 * reads the query, so it is rendered per request, while the plain `/labs/<lab>` stays cached.
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
  return (
    <LabContent
      lab={lab}
      chartQuery={{ range: query[CHART_RANGE_PARAM], view: chartViewQuery(query) }}
    />
  );
}
