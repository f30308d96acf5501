import "server-only";
import type { CardContent } from "../../lib/social-card";
import { memoryCard } from "./card";
import { loadMemoryMethodology } from "./loaders";

/** The prices have their own source (the imported price files): its answer says whether it is the sample. */
export async function loadMemoryCard(): Promise<CardContent> {
  return memoryCard((await loadMemoryMethodology()).dataSources.sample);
}
