import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PlanLocked, plansToRequest } from "./access";

describe("PlanLocked", () => {
  const route = { request: "GET /api/demo", operationId: "getDemo" };
  const render = (plans: Parameters<typeof PlanLocked>[0]["plans"]) =>
    renderToStaticMarkup(
      <PlanLocked
        market="demo"
        title="Who reads it"
        notice="Read with a plan."
        refusal={undefined}
        plans={plans}
        route={route}
      />,
    );

  it("names the plans to request beyond the trial", () => {
    expect(plansToRequest(["full"])).toBe("the Full plan");
    expect(plansToRequest(["trial", "premium", "full"])).toBe("Premium or Full");
  });

  it("says a new account's trial reads the values only where it does", () => {
    expect(render(["trial", "premium", "full"])).toContain(
      "confirm your address: a new account starts on a trial, whose plan reads them here.</li>",
    );
    expect(render(["full"])).toContain("confirm your address.</li>");
    expect(render(["full"])).toContain("how to request the Full plan.</li>");
  });

  it("names no plan to request where the trial alone reads the values", () => {
    expect(render(["trial"])).toContain("shows your plan.</li>");
    expect(render(["trial"])).not.toContain("how to request");
  });

  it("ends with the api request a key reads the values by", () => {
    expect(render(["full"])).toContain(
      '<li>Or call <code>GET /api/demo</code> with <code>Authorization: Bearer &lt;API_KEY&gt;</code> (see the <a href="/docs#route-getDemo">API reference</a>).</li></ol>',
    );
  });
});
