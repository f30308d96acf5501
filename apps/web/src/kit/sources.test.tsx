import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MethodSources, type MethodSource } from "./sources";

describe("MethodSources", () => {
  const licence = { name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" };
  const named: MethodSource = {
    source: "epoch",
    title: "Epoch AI",
    url: "https://epoch.ai/data",
    what: "the `clusters` file",
    citation: "Epoch AI (2026).",
    licence,
  };
  const render = (sources: readonly MethodSource[], unlicensed?: string) =>
    renderToStaticMarkup(<MethodSources market="demo" sources={sources} unlicensed={unlicensed} />);

  it("names each source linked, what is read from it as Markdown, its citation and its licence linked", () => {
    expect(render([named])).toBe(
      '<ul class="method-sources" data-demo-sources=""><li data-source="epoch"><strong><a href="https://epoch.ai/data">Epoch AI</a></strong>: the <code>clusters</code> file <span data-citation-text="true">Epoch AI (2026).</span> Licence: <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">CC BY 4.0</a>.</li></ul>',
    );
  });

  it("shows a source's id where it has no title, its name unlinked where it has no address", () => {
    expect(render([{ ...named, title: null, what: null }])).toContain(
      "<strong><code>epoch</code></strong>: <span",
    );
    expect(render([{ ...named, url: null }])).toContain("<strong>Epoch AI</strong>");
  });

  it("says why a source has no licence where the market gives the words, else nothing", () => {
    const facts = { ...named, licence: null };
    expect(render([facts], "No licence: the counts are facts.")).toContain(
      "(2026).</span> No licence: the counts are facts.</li>",
    );
    expect(render([facts])).toContain("(2026).</span></li>");
  });

  it("names the licence once where the citation already names it, linked in its own sentence", () => {
    const html = render([
      { ...named, citation: "Source: OpenRouter, as of 2026-11-16. Licensed under CC BY 4.0." },
    ]);
    expect(html).toContain(
      '<span data-citation-text="true">Source: OpenRouter, as of 2026-11-16.</span> Licensed under <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">CC BY 4.0</a>.</li>',
    );
    expect(html.match(/CC BY 4\.0/g)).toHaveLength(1);
    expect(
      render([{ ...named, licence: "ODbL 1.0", citation: "Epoch AI. Licensed under ODbL 1.0." }]),
    ).toContain("Epoch AI.</span> Licensed under ODbL 1.0.</li>");
  });

  it("shows a licence the api names only in words as words, never a guessed link", () => {
    expect(render([{ ...named, licence: "ODbL 1.0" }])).toContain(
      "(2026).</span> Licence: ODbL 1.0.</li>",
    );
  });
});
