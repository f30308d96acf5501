import type { ReactNode } from "react";
import { parseBlocks, parseInline, type Block, type Inline } from "../lib/docs-markdown";

/**
 * A docs text from the api rendered as formatting, on the server and as React elements (React
 * escapes every character of the text: no HTML from a text reaches the page). No client code.
 */

function inlines(nodes: readonly Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return node.text;
      case "code":
        return <code key={index}>{node.text}</code>;
      case "strong":
        return <strong key={index}>{inlines(node.children)}</strong>;
      case "em":
        return <em key={index}>{inlines(node.children)}</em>;
      case "link":
        return (
          <a key={index} href={node.href}>
            {inlines(node.children)}
          </a>
        );
    }
  });
}

function block(node: Block, index: number): ReactNode {
  switch (node.type) {
    case "paragraph":
      return <p key={index}>{inlines(node.children)}</p>;
    case "list": {
      const items = node.items.map((item, itemIndex) => <li key={itemIndex}>{inlines(item)}</li>);
      return node.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
    }
    case "code":
      return (
        <pre key={index}>
          <code>{node.text}</code>
        </pre>
      );
  }
}

/** A text of paragraphs, lists and code blocks, for a place that holds blocks. */
export function DocsText({ text }: { text: string }) {
  return <div className="docs-text">{parseBlocks(text).map(block)}</div>;
}

/** A one-paragraph text (a summary, a parameter's meaning), for a place inside a paragraph or a cell. */
export function DocsInline({ text }: { text: string }) {
  return <>{inlines(parseInline(text))}</>;
}
