import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./platform/core/env";

/**
 * README.md and docs/**\/*.md link to each other by relative path and heading anchor; a page split,
 * a renamed heading or a deleted file must show up as a failing test, not as a dead link.
 */

type Link = { line: number; target: string };

/** README.md and every Markdown file under docs/, as paths relative to the repository. */
function markdownFiles(): string[] {
  const docs = readdirSync(join(REPO_ROOT, "docs"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md"))
    .map((name) => join("docs", name));
  return ["README.md", ...docs.sort()];
}

/** Each line with fenced code blocks blanked (their text is not Markdown), numbering kept. */
function proseLines(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split("\n").map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && marker !== undefined) {
      fence = marker;
      return "";
    }
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length)
        fence = undefined;
      return "";
    }
    return line;
  });
}

/** Inline code spans become plain words, so `[`x`](y)` still reads as a link and `a[b](c)` in code does not. */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, "code");
}

/** Inline links and images `[text](target "title")` and reference definitions `[ref]: target`. */
function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  proseLines(markdown).forEach((raw, index) => {
    const line = withoutCodeSpans(raw);
    for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      links.push({ line: index + 1, target: match[1] ?? "" });
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/.exec(line);
    if (definition) links.push({ line: index + 1, target: definition[1] ?? "" });
  });
  return links;
}

/** GitHub's anchor for a heading's text: lowercase, punctuation dropped, spaces to hyphens. */
function slugOf(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // a link's text, not its target
    .replace(/<[^>]+>/g, "") // inline HTML tags
    .replace(/`/g, "")
    .replace(/[*~]/g, "")
    .replace(/(^|\s)_+|_+(\s|$)/g, "$1$2"); // emphasis underscores, not those inside words
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a file offers: its ATX headings' slugs (repeats numbered -1, -2, … as GitHub does) and HTML ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (heading) {
      const slug = slugOf(heading[1] ?? "");
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const id of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1] ?? "");
  }
  return anchors;
}

/** What is wrong with each relative link of `file` (repository-relative), as "file:line: target: reason". */
function brokenLinks(
  file: string,
  markdown: string,
  read: (path: string) => string | undefined,
): string[] {
  const problems: string[] = [];
  for (const { line, target } of linksOf(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue; // not relative
    const hash = target.indexOf("#");
    const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
    const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const where = `${file}:${line}: ${target}`;
    if (pathPart.startsWith("/")) {
      problems.push(`${where}: absolute path; link relative to the file`);
      continue;
    }
    const targetFile = pathPart === "" ? file : join(dirname(file), pathPart);
    const text = read(targetFile);
    if (text === undefined) {
      problems.push(`${where}: no file ${targetFile}`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!targetFile.endsWith(".md")) {
      problems.push(`${where}: an anchor into ${targetFile}, which is not Markdown`);
      continue;
    }
    if (!anchorsOf(text).has(anchor))
      problems.push(`${where}: no heading with anchor #${anchor} in ${targetFile}`);
  }
  return problems;
}

/** The file's text; "" for a directory (a link may name one); undefined when nothing is there. */
function readFromRepo(path: string): string | undefined {
  const absolute = resolve(REPO_ROOT, path);
  if (relative(REPO_ROOT, absolute).startsWith("..") || !existsSync(absolute)) return undefined;
  return statSync(absolute).isDirectory() ? "" : readFileSync(absolute, "utf8");
}

describe("relative links in README.md and docs/", () => {
  const files = markdownFiles();

  it("point at existing files and, with an anchor, at an existing heading", () => {
    const links = files.flatMap((file) => linksOf(readFileSync(join(REPO_ROOT, file), "utf8")));
    // A parser that finds nothing would pass vacuously.
    expect(files.length).toBeGreaterThan(10);
    expect(links.length).toBeGreaterThan(50);
    expect(links.filter((link) => link.target.includes("#")).length).toBeGreaterThan(10);
    const problems = files.flatMap((file) =>
      brokenLinks(file, readFileSync(join(REPO_ROOT, file), "utf8"), readFromRepo),
    );
    expect(problems).toEqual([]);
  });

  it("slugs headings as GitHub does", () => {
    expect(slugOf("Reverse proxy: `TRUST_PROXY`")).toBe("reverse-proxy-trust_proxy");
    expect(slugOf("OpenRouter: `pnpm tpi openrouter sync`")).toBe(
      "openrouter-pnpm-tpi-openrouter-sync",
    );
    expect(slugOf("Running on servers: nginx, systemd, several instances")).toBe(
      "running-on-servers-nginx-systemd-several-instances",
    );
    expect(slugOf("`npm start`")).toBe("npm-start");
    expect(slugOf("The website's account pages")).toBe("the-websites-account-pages");
  });

  it("notices a missing file, a missing heading and a link into a code block's heading", () => {
    const pages: Record<string, string> = {
      "docs/a.md": [
        "# A",
        "## Same",
        "## Same",
        "[ok](b.md#b-section) [ok](#same-1) [ok](../README.md) [web](https://example.com/x.md)",
        "[gone](missing.md) [no heading](b.md#nowhere) [fenced](b.md#not-a-heading)",
        "`[in code](missing.md)`",
        "[ref]: c.md",
      ].join("\n"),
      "docs/b.md": ["# B", "## B section", "```", "# not a heading", "```"].join("\n"),
      "README.md": "# Readme",
    };
    const problems = brokenLinks("docs/a.md", pages["docs/a.md"] ?? "", (path) => pages[path]);
    expect(problems).toEqual([
      "docs/a.md:5: missing.md: no file docs/missing.md",
      "docs/a.md:5: b.md#nowhere: no heading with anchor #nowhere in docs/b.md",
      "docs/a.md:5: b.md#not-a-heading: no heading with anchor #not-a-heading in docs/b.md",
      "docs/a.md:7: c.md: no file docs/c.md",
    ]);
  });
});
