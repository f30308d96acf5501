import { describe, expect, it } from "vitest";
import { oauthConsentReads } from "./oauth";

describe("oauthConsentReads", () => {
  it("names the plan, and the trial's end for a trial", () => {
    expect(oauthConsentReads("premium")).toContain("Premium plan's API keys read;");
    expect(oauthConsentReads("trial")).toContain(
      "Trial plan's API keys read, until the trial ends;",
    );
  });
});
