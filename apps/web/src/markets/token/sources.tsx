import "server-only";
import type { LoadedSources } from "../../kit/market-entry";
import { loadTokenSources } from "./loaders";

/** The token index's sources, for every page's sample banner and footer. */
export async function loadTokenSiteSources(): Promise<LoadedSources> {
  return { answer: await loadTokenSources(), SampleRemedy: TokenSampleRemedy };
}

/** What the operator of the site does to replace the token sample with real data (on /status). */
function TokenSampleRemedy() {
  return (
    <p data-sample-remedy="token">
      For real prices and volumes from OpenRouter, the operator of this site sets{" "}
      <code>OPENROUTER_API_KEY</code> (any OpenRouter API key) and syncs.
    </p>
  );
}
