import "server-only";
import { isFreeTierLab, type LabId } from "@tpi/domain";
import { newestFirst } from "../../lib/shape";
import type { CardContent } from "../../lib/social-card";
import { restsOnSample } from "../../server/sources";
import { homeCard, labCard } from "./card";
import { loadFreeWindow, loadKeyedLatestDays, loadLatest, loadTokenSources } from "./loaders";

/** A token card says "sample" while the token index rests on the generated sample. */
async function tokenSample(): Promise<boolean> {
  return restsOnSample(loadTokenSources);
}

export async function loadHomeCard(): Promise<CardContent> {
  return homeCard(await loadLatest(), await tokenSample());
}

/** A keyed lab's card names its latest day, never its value. */
export async function loadLabCard(lab: LabId): Promise<CardContent> {
  const sample = await tokenSample();
  if (!isFreeTierLab(lab)) {
    const keyed = (await loadKeyedLatestDays()).find((entry) => entry.lab === lab);
    const date = keyed?.latestDate ?? null;
    return labCard(lab, date === null ? undefined : { date }, sample);
  }
  const latest = newestFirst((await loadFreeWindow(lab)).rows)[0];
  return labCard(lab, latest, sample);
}
