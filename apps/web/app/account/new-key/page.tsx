import type { Metadata } from "next";
import { CopyButton } from "../../../src/components/copy-button";
import { pageFlash, requireSession } from "../../../src/server/account";

export const metadata: Metadata = { title: "Your new key", robots: { index: false } };
export const dynamic = "force-dynamic";

/**
 * The key just created, shown this once: it came in the one-time flash cookie, which proxy.ts
 * clears on this response, so a second visit shows nothing (the api keeps only its hash).
 */
export default async function NewKeyPage() {
  await requireSession();
  const flash = await pageFlash();
  if (flash?.kind !== "new-key")
    return (
      <>
        <h1>Your new key</h1>
        <p data-new-key-gone>
          A new key is shown only once, right after it is created. Create another on{" "}
          <a href="/account">your account page</a> if you lost it.
        </p>
      </>
    );
  return (
    <>
      <h1>Your new key</h1>
      <p className="notice" role="status">
        Copy the key <strong>{flash.name}</strong> now: it is shown this once and cannot be shown
        again.
      </p>
      <div className="new-key">
        <label className="sr-only" htmlFor="new-key">
          New API key
        </label>
        <input id="new-key" type="text" readOnly value={flash.key} data-new-key />
        <CopyButton targetId="new-key" />
      </div>
      <p>
        <a href="/account">Back to your account</a>
      </p>
    </>
  );
}
