import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { parseReleaseNumber } from "@tpi/domain";
import { loadFullFilePlans, loadManifest, loadReleases } from "../../src/server/releases";
import { DownloadsPage } from "../../src/site/downloads";

export const metadata: Metadata = {
  title: "Downloads: daily releases, CSV and Parquet",
  description:
    "Every market's published series over all of their history as CSV and Apache Parquet files, in daily numbered releases that are never rewritten: sizes, SHA-256 checksums, columns and a suggested citation.",
};

/** Rendered per request: the release shown and the list's page are in the query. */
export const dynamic = "force-dynamic";

type Query = Record<string, string | string[] | undefined>;

/** A release number of the query as the api reads it; undefined when absent, null when invalid. */
function releaseNumberOf(value: string | string[] | undefined): number | undefined | null {
  if (value === undefined) return undefined;
  if (typeof value !== "string") return null;
  const parsed = parseReleaseNumber("release", value);
  return parsed.ok && typeof parsed.value === "number" ? parsed.value : null;
}

export default async function Downloads({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const release = releaseNumberOf(query.release);
  const before = releaseNumberOf(query.before);
  // proxy.ts answers these with the 404 page first; this holds if it could not ask the api.
  if (release === null || before === null) notFound();
  const [latest, manifest, releases, plans] = await Promise.all([
    loadManifest("latest"),
    release === undefined ? undefined : loadManifest(release),
    loadReleases(before),
    loadFullFilePlans(),
  ]);
  if (release !== undefined && manifest === undefined) notFound();
  return (
    <DownloadsPage
      manifest={manifest ?? latest}
      latest={latest?.release}
      releases={releases}
      before={before}
      plans={plans}
    />
  );
}
