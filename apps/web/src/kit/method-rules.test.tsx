import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MethodSection, MethodServedBy, type MethodServed } from "./method-rules";

describe("MethodServedBy", () => {
  const route = (name: string) => ({ request: `GET /api/${name}`, operationId: name });
  const link = (name: string) => `<a href="/docs#route-${name}"><code>GET /api/${name}</code></a>`;
  const render = (served: MethodServed) => renderToStaticMarkup(<MethodServedBy served={served} />);

  it("names the methodology route, the public ones and the values' routes with their plans", () => {
    expect(
      render({
        methodology: route("method"),
        public: [{ what: "the catalogue", route: route("types") }],
        values: [route("index"), route("history"), route("csv")],
        plansText: "any plan",
      }),
    ).toBe(
      `<p>The whole methodology is served to anyone by ${link("method")}<span>, the catalogue by ${link("types")}</span>; the values by <span>${link("index")}</span><span>, ${link("history")}</span><span> and ${link("csv")}</span> with an API key of any plan; see the <a href="/docs">API docs</a>.</p>`,
    );
  });

  it("says what the methodology holds beyond its rules where the market says it", () => {
    expect(
      render({
        methodology: route("method"),
        holds: "with each search",
        values: [route("index")],
        plansText: "the Full plan",
      }),
    ).toContain("The whole methodology, with each search, is served to anyone by");
  });
});

describe("MethodSection", () => {
  it("frames the version, the rules with their Markdown, the routes and what the market adds", () => {
    const html = renderToStaticMarkup(
      <MethodSection
        market="demo"
        title="How it is computed"
        version={{
          version: "v1",
          latestDay: "2026-11-20",
          reached: (day) => <>up to {day}</>,
          none: "none yet",
        }}
        rules={["One `rule`."]}
        served={{
          methodology: { request: "GET /api/m", operationId: "m" },
          values: [{ request: "GET /api/v", operationId: "v" }],
          plansText: "any plan",
        }}
      >
        <p>More.</p>
      </MethodSection>,
    );
    expect(html).toMatch(
      /^<section aria-labelledby="method-heading" data-demo-method="true"><h2 id="method-heading">How it is computed<\/h2><p>Methodology version <strong data-demo-methodology-version="v1">v1<\/strong>; up to <time dateTime="2026-11-20">.*<\/time>\.<\/p><ul data-demo-methodology=""><li>One <code>rule<\/code>\.<\/li><\/ul><p>The whole methodology .*<\/p><p>More\.<\/p><\/section>$/,
    );
  });
});
