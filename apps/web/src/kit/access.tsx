import { ACCOUNT_PLANS, PLAN_LABELS, type AccountPlan } from "@tpi/domain";
import type { ReactNode } from "react";
import { KEY_HREF, LockedValue } from "../components/keyed-access";
import { routeDocsHref, type ApiRoute } from "./route-link";
import { TitledSection } from "./titled-section";
import { SignedInNote } from "../components/signed-in-note";
import type { ApiRefusal } from "../server/account";
import type { SignedInReader, Viewer } from "../server/viewer";

/**
 * Who reads a market whose routes take any key, whatever its plan: so any signed-in reader
 * whose plan is active (an ended trial reads as a visitor).
 */
export const ANY_PLAN_TEXT = `any plan (${ACCOUNT_PLANS.map((plan) => PLAN_LABELS[plan]).join(", ")})`;

/** What a market's locked state says: its data attribute's name, what is locked and for whom. */
export type MarketLock = {
  market: string;
  /** What the card would show (`Settled prices`). */
  valueLabel: string;
  plansText: string;
  /** What the plans read (`The daily counts and merge rates, their history and CSV`). */
  served: string;
};

/**
 * Where a market's values would be: for a visitor, which plans read them and how to get one;
 * for a signed-in reader whose plan the api refused, who they are and the api's words. Never a
 * number. `market` names the data attributes (`data-<market>-locked`, `data-<market>-refusal`)
 * the market's tests find it by.
 */
export function LockedValues({
  market,
  viewer,
  refused,
  valueLabel,
  plansText,
  served,
}: MarketLock & { viewer: Viewer | undefined; refused: ApiRefusal | undefined }) {
  return (
    <div {...{ [`data-${market}-locked`]: "" }}>
      {viewer !== undefined && <SignedInNote viewer={viewer} />}
      <div className="cards">
        <div className="card">
          <div className="muted">{valueLabel}</div>
          <div className="value">
            <LockedValue />
          </div>
          <div>
            Signed in or with an API key, on {plansText}
            {refused !== undefined && (
              <>
                : <span {...{ [`data-${market}-refusal`]: "" }}>{refused.message}</span>
              </>
            )}
          </div>
        </div>
      </div>
      <p className="key-teaser" data-key-teaser>
        {served} are served to {plansText}: on this website when signed in with such an account, and
        through the API with its key.{" "}
        {viewer === undefined ? (
          <>
            <a href={KEY_HREF}>Sign up</a> and sign in to read them here (
            <a href="/docs#authentication">how keys work</a> for the API).
          </>
        ) : (
          <>
            See <a href="/account">your account</a> for your plan.
          </>
        )}
      </p>
    </div>
  );
}

/**
 * Where a section page's values begin, by what the api answered the reader's plan (`answer`;
 * none for a visitor): the market's locked state for a visitor and for a plan the api refused
 * (in its words); else who is signed in, then what the market adds (`children`).
 */
export function ValuesAccess({
  lock,
  reader,
  answer,
  children,
}: {
  lock: MarketLock;
  reader: SignedInReader | undefined;
  answer: { state: "answer" | "none" } | { state: "refused"; refusal: ApiRefusal } | undefined;
  children?: ReactNode;
}) {
  if (reader === undefined || answer === undefined || answer.state === "refused")
    return (
      <LockedValues
        {...lock}
        viewer={reader?.viewer}
        refused={answer?.state === "refused" ? answer.refusal : undefined}
      />
    );
  return (
    <>
      <SignedInNote viewer={reader.viewer} />
      {children}
    </>
  );
}

/** The two ways to a locked series: an account on the page, or the api with a key. */
export function HowToGetIt({
  plansText,
  request,
  docsHref,
}: {
  plansText: string;
  /** The api request that answers the same values (`GET /api/memory/x/history`). */
  request: ReactNode;
  docsHref: string;
}) {
  return (
    <>
      <h2>How to get it</h2>
      <ol>
        <li>
          Sign in with an account of {plansText}: this page then shows the chart, the table and the
          CSV.
        </li>
        <KeyCall lead="Or call" request={request} docsHref={docsHref} />
      </ol>
    </>
  );
}

/** The last step to a market's values: the api request with a key, and its reference. */
function KeyCall({
  lead,
  request,
  docsHref,
}: {
  /** What comes before the call (`Or call`). */
  lead: string;
  request: ReactNode;
  docsHref: string;
}) {
  return (
    <li>
      {lead} <code>{request}</code> with <code>Authorization: Bearer &lt;API_KEY&gt;</code> (see the{" "}
      <a href={docsHref}>API reference</a>).
    </li>
  );
}

/**
 * The plans a reader of `plans` may request beyond the trial every account starts on, as the
 * account steps name them: `the Full plan`, `Premium or Full`.
 */
export function plansToRequest(plans: readonly AccountPlan[]): string {
  const labels = plans.filter((plan) => plan !== "trial").map((plan) => PLAN_LABELS[plan]);
  return labels.length === 1 ? `the ${labels[0]} plan` : labels.join(" or ");
}

/**
 * A page whose values a plan reads, as a visitor or a plan that does not read them sees it:
 * which plans read what (`notice`), the api's refusal in its words where it refused a signed-in
 * reader's plan, and the steps to the values: an account (whose trial reads them where `plans`
 * holds it), the plans to request, then the api request with a key. No value is on it. `market`
 * names its data attributes (`data-<market>-state="locked"`, `data-<market>-refusal`).
 */
export function PlanLocked({
  market,
  title,
  notice,
  refusal,
  plans,
  route,
}: {
  market: string;
  title: string;
  notice: ReactNode;
  refusal: string | undefined;
  /** The plans that read the values. */
  plans: readonly AccountPlan[];
  /** The route a key reads the values by. */
  route: ApiRoute;
}) {
  // A trial is not requested: with no paid plan to name, the step names none.
  const paidPlans = plansToRequest(plans);
  return (
    <TitledSection
      id="access-heading"
      title={title}
      attributes={{ [`data-${market}-state`]: "locked" }}
    >
      <p className="notice">{notice}</p>
      {refusal !== undefined && (
        <p className="key-teaser" {...{ [`data-${market}-refusal`]: true }}>
          The API&apos;s answer for your plan: {refusal}
        </p>
      )}
      <ol>
        <li>
          <a href={KEY_HREF}>Create an account</a> and confirm your address
          {plans.includes("trial") &&
            ": a new account starts on a trial, whose plan reads them here"}
          .
        </li>
        <li>
          Sign in and come back here; <a href="/account">your account page</a> shows your plan
          {paidPlans === "" ? "." : <> and how to request {paidPlans}.</>}
        </li>
        <KeyCall lead="Or call" request={route.request} docsHref={routeDocsHref(route)} />
      </ol>
    </TitledSection>
  );
}
