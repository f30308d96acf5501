"use client";

import { useState } from "react";

/**
 * Copies the value of the field `targetId` (an input or a text area; any other element: its
 * text) to the clipboard. The only script of the account pages: without JavaScript the key is
 * still in a readonly text field to select and copy.
 */
/** `noun`: what the field holds, for the failure's words ("key", "secret"). */
export function CopyButton({ targetId, noun = "key" }: { targetId: string; noun?: string }) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    const target = document.getElementById(targetId);
    if (target === null) return;
    const text =
      target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement
        ? target.value
        : (target.textContent ?? "");
    try {
      await navigator.clipboard.writeText(text);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <>
      <button type="button" onClick={() => void copy()} data-copy-button>
        Copy
      </button>
      <span role="status" aria-live="polite">
        {copied === "copied"
          ? "Copied."
          : copied === "failed"
            ? `Copy failed: select the ${noun} and copy it.`
            : ""}
      </span>
    </>
  );
}
