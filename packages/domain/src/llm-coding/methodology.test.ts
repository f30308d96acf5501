import { describe, expect, it } from "vitest";
import { MATURATION_DAYS } from "./maturation";
import { describeLlmCodingMethodology } from "./methodology";
import { AGENT_SEARCH_MARKERS } from "./queries";

describe("describeLlmCodingMethodology", () => {
  it("states every agent's marker, the maturation period and the merge-rate rule", () => {
    const text = describeLlmCodingMethodology().join("\n");
    for (const marker of Object.values(AGENT_SEARCH_MARKERS)) {
      expect(text).toContain(marker.pullRequests);
      if (marker.commits !== null) expect(text).toContain(marker.commits);
    }
    expect(text).toContain(`${MATURATION_DAYS} whole days`);
    expect(text).toContain("never 0%");
    expect(text).toContain("incomplete_results");
  });
});
