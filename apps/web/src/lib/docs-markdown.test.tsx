import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DocsInline, DocsText } from "../components/docs-text";
import { isSafeHref, parseBlocks, parseInline } from "./docs-markdown";

const inline = (text: string) => renderToStaticMarkup(<DocsInline text={text} />);
const blocks = (text: string) => renderToStaticMarkup(<DocsText text={text} />);

describe("docs text: inline formatting", () => {
  it("renders code spans, with their content literal", () => {
    expect(inline("True when `time_difference` is 0.")).toBe(
      "True when <code>time_difference</code> is 0.",
    );
    expect(inline("`*not emphasis*` and `[not](/a-link)`")).toBe(
      "<code>*not emphasis*</code> and <code>[not](/a-link)</code>",
    );
    // A longer fence holds a backtick; one space either side is trimmed.
    expect(inline("``a ` b`` and `` `x` ``")).toBe("<code>a ` b</code> and <code>`x`</code>");
  });

  it("leaves an unclosed backtick as text", () => {
    expect(inline("a ` b")).toBe("a ` b");
    expect(parseInline("`open")).toEqual([{ type: "text", text: "`open" }]);
  });

  it("renders strong and emphasis, nested, with code inside", () => {
    expect(inline("**Required**, *only* `on-demand`")).toBe(
      "<strong>Required</strong>, <em>only</em> <code>on-demand</code>",
    );
    expect(inline("**a *b* `c`**")).toBe("<strong>a <em>b</em> <code>c</code></strong>");
    expect(inline("_whole word_ here")).toBe("<em>whole word</em> here");
  });

  it("does not take arithmetic or snake_case for emphasis", () => {
    expect(inline("n * 2 * 3")).toBe("n * 2 * 3");
    expect(inline("average_usd_per_hour and 2^53")).toBe("average_usd_per_hour and 2^53");
    expect(inline("ln(v[d] / v[d-1])")).toBe("ln(v[d] / v[d-1])");
  });

  it("renders links to web, mail, site paths and anchors, and leaves other targets as text", () => {
    expect(inline("see [the methodology](/methodology#settlement)")).toBe(
      'see <a href="/methodology#settlement">the methodology</a>',
    );
    expect(inline("[RFC 9745](https://www.rfc-editor.org/rfc/rfc9745)")).toBe(
      '<a href="https://www.rfc-editor.org/rfc/rfc9745">RFC 9745</a>',
    );
    expect(inline("[click](javascript:alert(1))")).toBe("[click](javascript:alert(1))");
    expect(inline("[x](//evil.example)")).toBe("[x](//evil.example)");
    for (const href of [
      "javascript:alert(1)",
      "JAVASCRIPT:x",
      "data:text/html,x",
      "vbscript:x",
      '/a"onmouseover="x',
      "/a<b",
    ])
      expect(isSafeHref(href), href).toBe(false);
    for (const href of [
      "https://a.example",
      "http://a.example",
      "mailto:a@b.example",
      "/docs",
      "#x",
    ])
      expect(isSafeHref(href), href).toBe(true);
  });

  it("reads backslash escapes as the character itself", () => {
    expect(inline("\\`not code\\` and \\*not em\\*")).toBe("`not code` and *not em*");
  });

  it("escapes HTML in every kind of node: a text never becomes markup", () => {
    const hostile = '<script>alert("x")</script> & <img src=x onerror=alert(1)>';
    const html = blocks(
      `${hostile}\n\n\`${hostile}\`\n\n- **${hostile}**\n\n\`\`\`\n${hostile}\n\`\`\`\n\n[${hostile}](/a"onmouseover="x)`,
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<a ");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img");
    expect(inline("Authorization: Bearer <API_KEY>")).toBe("Authorization: Bearer &lt;API_KEY&gt;");
  });
});

describe("docs text: blocks", () => {
  it("splits paragraphs on blank lines and reads single line breaks as spaces", () => {
    expect(blocks("One\nline.\n\nTwo `x`.")).toBe(
      '<div class="docs-text"><p>One line.</p><p>Two <code>x</code>.</p></div>',
    );
  });

  it("renders bullet and numbered lists, an indented line continuing its item", () => {
    expect(blocks("Grains:\n- `daily`\n- `hourly`, Full keys\n  only\n\n1. first\n2. second")).toBe(
      '<div class="docs-text"><p>Grains:</p><ul><li><code>daily</code></li><li><code>hourly</code>, Full keys only</li></ul><ol><li>first</li><li>second</li></ol></div>',
    );
  });

  it("keeps a fenced code block verbatim, Markdown and all", () => {
    expect(parseBlocks('Example:\n```json\n{"a": "`b` *c*"}\n  indented\n```\nAfter.')).toEqual([
      { type: "paragraph", children: [{ type: "text", text: "Example:" }] },
      { type: "code", language: "json", text: '{"a": "`b` *c*"}\n  indented' },
      { type: "paragraph", children: [{ type: "text", text: "After." }] },
    ]);
    expect(blocks("```\n<b>x</b>\n```")).toBe(
      '<div class="docs-text"><pre><code>&lt;b&gt;x&lt;/b&gt;</code></pre></div>',
    );
  });

  it("renders an unclosed fence to the end of the text as code, not as lost text", () => {
    expect(parseBlocks("```\nlast")).toEqual([{ type: "code", language: undefined, text: "last" }]);
  });
});
