import "server-only";
import { readWebEnv } from "../env";

/**
 * An answer every page's chrome or card needs, or undefined while `next build` prerenders a page
 * (no api runs then); at run time a failure is an error, so that no page silently drops the
 * sample notice.
 */
export async function unlessBuilding<T>(load: () => Promise<T>): Promise<T | undefined> {
  try {
    return await load();
  } catch (error) {
    if (readWebEnv().buildPhase) return undefined;
    throw error;
  }
}

/**
 * Whether a market's published numbers rest on the generated sample, for the cards and titles
 * that quote them. Unknown (the build, which has no api) counts as not: no card is rendered then.
 */
export async function restsOnSample(load: () => Promise<{ sample: boolean }>): Promise<boolean> {
  return (await unlessBuilding(load))?.sample === true;
}
