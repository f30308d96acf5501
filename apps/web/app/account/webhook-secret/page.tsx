import type { Metadata } from "next";
import { CopyButton } from "../../../src/components/copy-button";
import { webhookPath } from "../../../src/lib/account-paths";
import { formatUtcInstant } from "../../../src/lib/format";
import { pageFlash, requireSession } from "../../../src/server/account";

export const metadata: Metadata = {
  title: "Your webhook's signing secret",
  robots: { index: false },
};
export const dynamic = "force-dynamic";

/**
 * A webhook's signing secret, shown this once after the webhook's creation or a rotation: it came
 * in the one-time flash cookie, which proxy.ts clears on this response, so a second visit shows
 * nothing.
 */
export default async function WebhookSecretPage() {
  await requireSession();
  const flash = await pageFlash();
  if (flash?.kind !== "webhook-secret")
    return (
      <>
        <h1>Your webhook&apos;s signing secret</h1>
        <p data-webhook-secret-gone>
          A signing secret is shown only once, right after the webhook is created or its secret
          rotated. Rotate it on the webhook&apos;s page (from <a href="/account">your account</a>)
          if you lost it.
        </p>
      </>
    );
  return (
    <>
      <h1>Your webhook&apos;s signing secret</h1>
      <p className="notice" role="status">
        {flash.rotated ? "The secret is rotated. " : "The webhook is created. "}
        Copy its signing secret now: it is shown this once and cannot be shown again.
      </p>
      {flash.url === undefined ? null : (
        <p>
          Endpoint: <code data-webhook-secret-url>{flash.url}</code>
        </p>
      )}
      <div className="new-key">
        <label className="sr-only" htmlFor="webhook-secret">
          Signing secret
        </label>
        <input id="webhook-secret" type="text" readOnly value={flash.secret} data-webhook-secret />
        <CopyButton targetId="webhook-secret" noun="secret" />
      </div>
      <p className="muted">
        Copy hint: select the field and copy it (or press Copy). Your endpoint verifies each
        delivery&apos;s <code>webhook-signature</code> header with this secret; the Standard
        Webhooks libraries do it in one call.
      </p>
      {flash.previousUntil === undefined ? null : (
        <p data-webhook-previous-until>
          The previous secret also signs every delivery until{" "}
          {formatUtcInstant(flash.previousUntil)}, so your endpoint can switch meanwhile.
        </p>
      )}
      <p>
        <a href={webhookPath(flash.subscriptionId)}>Go to the webhook</a> (send a test event there)
        or <a href="/account">back to your account</a>.
      </p>
    </>
  );
}
