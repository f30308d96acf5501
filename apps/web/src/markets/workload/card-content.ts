import "server-only";
import type { CardContent } from "../../lib/social-card";
import { workloadCard } from "./card";
import { loadWorkloadMethodology } from "./loaders";

/** The index has its own sources (session costs and model prices): its answer says whether they are the sample. */
export async function loadWorkloadCard(): Promise<CardContent> {
  const methodology = await loadWorkloadMethodology();
  return workloadCard(methodology.latestWeek, methodology.dataSources.sample);
}
