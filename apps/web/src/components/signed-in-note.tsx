import { PLAN_LABELS } from "@tpi/domain";
import { formatUtcInstant } from "../lib/format";
import type { Viewer } from "../server/viewer";

/**
 * Where a visitor reads "Locked", a signed-in reader reads who they are signed in as and under
 * which plan, so they know why the page shows more (or, after a trial, why it does not).
 */
export function SignedInNote({ viewer }: { viewer: Viewer }) {
  const who = viewer.email ?? viewer.name;
  const plan = `${PLAN_LABELS[viewer.plan]} plan`;
  return (
    <p className="key-teaser" data-signed-in={viewer.plan} data-plan-active={viewer.planActive}>
      Signed in as <strong>{who}</strong> ({plan})
      {viewer.planActive ? (
        <>: this page shows what your plan reads.</>
      ) : (
        <>
          : the trial ended
          {viewer.trialEndsAt === null ? "" : ` ${formatUtcInstant(viewer.trialEndsAt)}`}, so this
          page shows the free data. See <a href="/account">your account</a> to upgrade.
        </>
      )}
    </p>
  );
}
