import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { planAllowances } from "@tpi/domain";
import { PlanPanel, type UpgradeRequestAnswer } from "./account-plan";

/** The account page's plan panel: what the plan allows, until when, and the next step. */
const NOW = new Date("2026-11-26T03:00:00Z");

function render(
  account: { plan: "trial" | "premium" | "full"; trialEndsAt: string | null },
  upgrade: UpgradeRequestAnswer = null,
  activeKeys = 0,
) {
  const html = renderToStaticMarkup(
    <PlanPanel
      account={account}
      upgrade={upgrade}
      activeKeys={activeKeys}
      csrfToken="c"
      now={NOW}
    />,
  );
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  return { html, text };
}

describe("PlanPanel", () => {
  it("a trial: its end in UTC, its allowances from the access rules, and the request form", () => {
    const { html, text } = render({ plan: "trial", trialEndsAt: "2026-11-29T03:00:00.000Z" });
    expect(text).toContain("Trial , until 2026-11-29 03:00 UTC.");
    for (const line of planAllowances("trial")) expect(text).toContain(line);
    expect(html).toContain('data-plan-next="request-upgrade"');
    expect(html).toContain('action="/account/do/request-upgrade"');
    expect(html).toContain('value="premium" name="plan"');
    expect(text).toContain("Request Premium");
    expect(text).toContain("Request Full");
  });

  it("an ended trial says it ended", () => {
    const { text } = render({ plan: "trial", trialEndsAt: "2026-11-20T00:00:00.000Z" });
    expect(text).toContain("ended 2026-11-20 00:00 UTC");
  });

  it("a pending request: its date, and no second form", () => {
    const { html, text } = render(
      { plan: "trial", trialEndsAt: "2026-11-29T03:00:00.000Z" },
      {
        plan: "full",
        createdAt: "2026-11-26T02:30:00.000Z",
        decision: null,
        decidedAt: null,
        refusalReason: null,
      },
    );
    expect(text).toContain("Your request for Full is pending since 2026-11-26 02:30 UTC.");
    expect(html).not.toContain('request-upgrade"');
    expect(html).not.toContain("<form");
  });

  it("a refused request: the reason, and the form again", () => {
    const { html, text } = render(
      { plan: "trial", trialEndsAt: "2026-11-29T03:00:00.000Z" },
      {
        plan: "premium",
        createdAt: "2026-11-25T02:30:00.000Z",
        decision: "refused",
        decidedAt: "2026-11-25T09:00:00.000Z",
        refusalReason: "Use a work address.",
      },
    );
    expect(text).toContain(
      "was refused on 2026-11-25 09:00 UTC. Reason given: Use a work address.",
    );
    expect(html).toContain('data-form="request-upgrade"');
  });

  it("a paid plan does not expire and leads to a key", () => {
    const first = render({ plan: "premium", trialEndsAt: null });
    expect(first.text).toContain("Premium , does not expire.");
    expect(first.text).toContain("Create your first API key below.");
    expect(first.html).not.toContain("<form");
    const later = render({ plan: "full", trialEndsAt: null }, null, 1);
    expect(later.html).toContain('data-plan-next="use-keys"');
  });
});
