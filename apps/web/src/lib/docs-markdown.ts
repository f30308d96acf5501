/**
 * The Markdown of the api's route texts (summaries, descriptions, access notes and parameter
 * meanings), parsed into a tree that src/components/docs-text.tsx renders as React elements on the
 * server: never HTML strings, so any `<`, `&` or quote in a text stays text. Only the subset the
 * texts use: paragraphs (separated by a blank line), `-`/`*` and `1.` lists, fenced code blocks,
 * `code`, **strong**, *emphasis* (or _emphasis_ between words), [links](url) and backslash
 * escapes. A link to anything but http(s), mailto, a site path or an anchor stays text.
 */

export type Inline =
  | { type: "text"; text: string }
  | { type: "code"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] };

export type Block =
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; items: Inline[][] }
  | { type: "code"; language: string | undefined; text: string };

/**
 * The link targets a docs text may point at: web and mail addresses, site paths and anchors,
 * without spaces, quotes or angle brackets. `javascript:`, `data:` and the like stay text.
 */
export function isSafeHref(href: string): boolean {
  return /^(?:https?:\/\/|mailto:|\/(?!\/)|#)[^\s"'<>`\\]*$/i.test(href);
}

const ESCAPABLE = new Set(["\\", "`", "*", "_", "[", "]", "(", ")", "#", "-", "!"]);
const FENCE = /^\s*```\s*([\w-]*)\s*$/;
const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);
const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);

/** Adds text to a list of inlines, merging it with a text node before it. */
function pushText(into: Inline[], text: string): void {
  if (text === "") return;
  const last = into.at(-1);
  if (last?.type === "text") last.text += text;
  else into.push({ type: "text", text });
}

/** Where an emphasis opened at `from` with `marker` closes, or -1. */
function closingOf(text: string, marker: "**" | "*" | "_", from: number): number {
  for (let at = from; at < text.length; at += 1) {
    const char = text[at];
    if (char === "\\") {
      at += 1;
      continue;
    }
    if (char === "`") {
      // A code span inside the emphasis is skipped whole (its markers are literal).
      const end = codeSpanEnd(text, at);
      if (end > 0) at = end - 1;
      continue;
    }
    if (!text.startsWith(marker, at) || isSpace(text[at - 1]) || at === from) continue;
    if (marker === "*" && (text[at + 1] === "*" || text[at - 1] === "*")) continue;
    if (marker === "_" && isWordChar(text[at + 1])) continue;
    return at;
  }
  return -1;
}

/** The index after the code span opening at `at` (a run of backticks closed by an equal run), or -1. */
function codeSpanEnd(text: string, at: number): number {
  let run = 0;
  while (text[at + run] === "`") run += 1;
  const fence = "`".repeat(run);
  let search = at + run;
  while (search < text.length) {
    const close = text.indexOf(fence, search);
    if (close < 0) return -1;
    let closeRun = 0;
    while (text[close + closeRun] === "`") closeRun += 1;
    if (closeRun === run) return close + run;
    search = close + closeRun;
  }
  return -1;
}

/** Parses one paragraph's (or list item's) text into inline nodes; line breaks read as spaces. */
export function parseInline(source: string): Inline[] {
  const text = source.replace(/\s*\n\s*/g, " ");
  const out: Inline[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at] ?? "";
    const next = text[at + 1];
    if (char === "\\" && next !== undefined && ESCAPABLE.has(next)) {
      pushText(out, next);
      at += 2;
      continue;
    }
    if (char === "`") {
      const end = codeSpanEnd(text, at);
      if (end > 0) {
        let run = 0;
        while (text[at + run] === "`") run += 1;
        const inner = text.slice(at + run, end - run);
        // One space either side lets a span start or end with a backtick: `` `a` `` is `a`.
        const trimmed = /^ .*[^ ].* $/.test(inner) ? inner.slice(1, -1) : inner;
        out.push({ type: "code", text: trimmed });
        at = end;
        continue;
      }
      let run = 0;
      while (text[at + run] === "`") run += 1;
      pushText(out, "`".repeat(run));
      at += run;
      continue;
    }
    if (char === "[") {
      const link = linkAt(text, at);
      if (link !== undefined) {
        out.push(link.node);
        at = link.end;
        continue;
      }
    }
    const marker = text.startsWith("**", at) ? "**" : char === "*" || char === "_" ? char : "";
    if (
      marker !== "" &&
      !isSpace(text[at + marker.length]) &&
      !(marker === "_" && isWordChar(text[at - 1]))
    ) {
      const close = closingOf(text, marker, at + marker.length);
      if (close > 0) {
        const children = parseInline(text.slice(at + marker.length, close));
        out.push(marker === "**" ? { type: "strong", children } : { type: "em", children });
        at = close + marker.length;
        continue;
      }
    }
    pushText(out, char);
    at += 1;
  }
  return out;
}

/** A `[text](href)` link at `at` with a safe target, or undefined (the brackets stay text). */
function linkAt(text: string, at: number): { node: Inline; end: number } | undefined {
  let depth = 0;
  let close = -1;
  for (let index = at; index < text.length; index += 1) {
    const char = text[index];
    if (char === "\\") index += 1;
    else if (char === "[") depth += 1;
    else if (char === "]" && (depth -= 1) === 0) {
      close = index;
      break;
    }
  }
  if (close < 0 || text[close + 1] !== "(") return undefined;
  const hrefEnd = text.indexOf(")", close + 2);
  if (hrefEnd < 0) return undefined;
  const href = text.slice(close + 2, hrefEnd).trim();
  if (href === "" || /\s/.test(href) || !isSafeHref(href)) return undefined;
  return {
    node: { type: "link", href, children: parseInline(text.slice(at + 1, close)) },
    end: hrefEnd + 1,
  };
}

/** Parses a docs text into blocks: fenced code, lists and paragraphs. */
export function parseBlocks(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | undefined;

  const flush = () => {
    if (paragraph.length > 0)
      blocks.push({ type: "paragraph", children: parseInline(paragraph.join("\n")) });
    if (list !== undefined)
      blocks.push({ type: "list", ordered: list.ordered, items: list.items.map(parseInline) });
    paragraph = [];
    list = undefined;
  };

  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? "";
    const fence = FENCE.exec(line);
    if (fence !== null) {
      flush();
      const body: string[] = [];
      index += 1;
      while (index < lines.length && !FENCE.test(lines[index] ?? "")) {
        body.push(lines[index] ?? "");
        index += 1;
      }
      blocks.push({ type: "code", language: fence[1] || undefined, text: body.join("\n") });
      continue;
    }
    if (line.trim() === "") {
      flush();
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet === null ? NUMBERED.exec(line) : null;
    const item = bullet ?? numbered;
    if (item !== null) {
      const ordered = numbered !== null;
      if (list === undefined || list.ordered !== ordered || paragraph.length > 0) {
        flush();
        list = { ordered, items: [] };
      }
      list.items.push(item[1] ?? "");
      continue;
    }
    if (list !== undefined && /^\s+\S/.test(line)) {
      // An indented line continues the list item above it.
      list.items[list.items.length - 1] += `\n${line.trim()}`;
      continue;
    }
    if (list !== undefined) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}
