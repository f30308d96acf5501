import "server-only";
import type { CardContent } from "../../lib/social-card";
import { NEOCLOUD_CARD } from "./card";
import { loadNeocloudMethodology } from "./loaders";

/** The sites have their own source (Epoch AI's datasets, or the sample until the first import). */
export async function loadNeocloudCard(): Promise<CardContent> {
  return NEOCLOUD_CARD.content((await loadNeocloudMethodology()).dataSources.sample);
}
