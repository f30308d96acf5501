import type { Metadata } from "next";
import { FlashMessage } from "../../../src/components/account-parts";
import { WebhookForm } from "../../../src/components/webhook-form";
import { newWebhookPath } from "../../../src/lib/account-paths";
import { prefilledWebhookForm } from "../../../src/lib/webhook-form";
import { accountApi, pageFlash, requireSession } from "../../../src/server/account";

export const metadata: Metadata = { title: "New webhook", robots: { index: false } };
export const dynamic = "force-dynamic";

type Query = Record<string, string | string[] | undefined>;

/**
 * The form of a new webhook subscription. A series page's "notify me" opens it with its market,
 * series and threshold.crossed filled in (a visitor signs in first and comes back here); after a
 * refusal it shows what was sent, each refusal next to its field.
 */
export default async function NewWebhookPage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const prefill = prefilledWebhookForm(query);
  const session = await requireSession(
    newWebhookPath({
      market: prefill.markets[0],
      series: prefill.series,
      type: prefill.types[0],
    }),
  );
  const [flash, list] = await Promise.all([
    pageFlash(),
    accountApi().webhooks.list.query({ sessionToken: session.token }),
  ]);
  const refused = flash?.kind === "webhook-form" ? flash : undefined;
  const fieldErrors = refused === undefined ? 0 : Object.keys(refused.errors).length;
  return (
    <>
      <h1>New webhook</h1>
      <FlashMessage flash={flash} />
      {refused?.message === undefined ? null : (
        <div className="error-box" role="alert" data-flash="error">
          <p>{refused.message}</p>
        </div>
      )}
      {fieldErrors === 0 ? null : (
        <p className="error-box" role="alert" data-webhook-form-refused>
          The webhook was not created: see the {fieldErrors === 1 ? "field" : "fields"} marked
          below.
        </p>
      )}
      <p>
        Choose what is sent: ticking nothing in a list sends every one. Threshold crossings are
        evaluated for each newly published value against the previous one.
      </p>
      <WebhookForm
        values={refused?.values ?? prefill}
        errors={refused?.errors ?? {}}
        markets={list.markets}
        csrfToken={session.csrfToken}
      />
      <p>
        <a href="/account">Back to your account</a>
      </p>
    </>
  );
}
