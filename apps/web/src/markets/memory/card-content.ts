import "server-only";
import type { CardContent } from "../../lib/social-card";
import { MEMORY_CARD } from "./card";
import { loadMemoryMethodology } from "./loaders";

/** The prices have their own source (the imported price files): its answer says whether it is the sample. */
export async function loadMemoryCard(): Promise<CardContent> {
  return MEMORY_CARD.content((await loadMemoryMethodology()).dataSources.sample);
}
