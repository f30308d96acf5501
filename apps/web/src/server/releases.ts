import "server-only";
import type { AccountPlan } from "@tpi/domain";
import type { RouterOutputs } from "../lib/api-types";
import { readWebEnv } from "../env";
import { apiClient } from "./trpc-client";
import { isTrpcNotFound } from "./trpc-errors";

/**
 * The daily releases as the api answers them (the same answers as GET /api/v1/releases and
 * GET /api/v1/releases/{release}), for /downloads and the series pages' citation.
 */

export type ReleaseList = RouterOutputs["releases"]["list"];
export type ReleaseManifest = RouterOutputs["releases"]["get"];
export type ReleaseDataset = ReleaseManifest["datasets"][number];

/** Releases on one page of /downloads, newest first (the api's default page is longer). */
export const RELEASES_PER_PAGE = 10;

/** One page of the releases list, newest first (those below `before` when given), and whether older ones are kept. */
export type ReleasePage = ReleaseList & { hasOlder: boolean };

/**
 * One page of the releases list, newest first: those below `before` when given. One release more
 * than the page is asked for, so that "older releases" is offered only when one is kept.
 */
export async function loadReleases(before: number | undefined): Promise<ReleasePage> {
  const list = await apiClient().releases.list.query({
    limit: String(RELEASES_PER_PAGE + 1),
    ...(before === undefined ? {} : { before: String(before) }),
  });
  const data = list.data.slice(0, RELEASES_PER_PAGE);
  return { ...list, count: data.length, data, hasOlder: list.data.length > RELEASES_PER_PAGE };
}

/** A release's manifest (`latest`: the newest); undefined when it does not exist or none is cut. */
export async function loadManifest(
  release: number | "latest",
): Promise<ReleaseManifest | undefined> {
  try {
    return await apiClient().releases.get.query({ release: String(release) });
  } catch (error) {
    if (isTrpcNotFound(error)) return undefined;
    throw error;
  }
}

/** Which plans' keys download each dataset's full file, by `market/name` (the api's rule). */
export async function loadFullFilePlans(): Promise<ReadonlyMap<string, readonly AccountPlan[]>> {
  const entries = await apiClient().releases.fullFilePlans.query();
  return new Map(entries.map((entry) => [`${entry.market}/${entry.name}`, entry.plans]));
}

/** What a series page's "Cite this" adds from the latest release: its line and the market's datasets. */
export type ReleaseCite = {
  release: number;
  day: string;
  citation: string;
  datasets: { market: string; name: string; title: string }[];
};

/**
 * The latest release's citation and the market's datasets in it; undefined before the first
 * release, while `next build` prerenders (no api runs), and when the api cannot read its database
 * (the series page is served from the api's memory then, and shows its own citation without
 * this line rather than no page).
 */
export async function loadReleaseCite(market: string): Promise<ReleaseCite | undefined> {
  if (readWebEnv().buildPhase) return undefined;
  try {
    const manifest = await loadManifest("latest");
    if (manifest === undefined) return undefined;
    return {
      release: manifest.release,
      day: manifest.day,
      citation: manifest.citation,
      datasets: manifest.datasets
        .filter((dataset) => dataset.market === market)
        .map(({ name, title }) => ({ market, name, title })),
    };
  } catch {
    return undefined;
  }
}
