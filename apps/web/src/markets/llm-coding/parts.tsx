import { ACCOUNT_PLANS, PLAN_LABELS } from "@tpi/domain";
import { KEY_HREF, LockedValue } from "../../components/keyed-access";
import { SignedInNote } from "../../components/signed-in-note";
import type { CodingDataSources } from "./lib";
import { formatUtcInstant } from "../../lib/format";
import type { ApiRefusal } from "../../server/account";
import type { Viewer } from "../../server/viewer";

/**
 * Who reads the LLM Coding values, as the api's routes grant them: any key, whatever its plan,
 * so any signed-in reader whose plan is active (an ended trial reads as a visitor).
 */
export const CODING_PLANS_TEXT = `any plan (${ACCOUNT_PLANS.map((plan) => PLAN_LABELS[plan]).join(", ")})`;

/** The /docs reference of the LLM Coding routes, each at its operation's anchor. */
export const CODING_DOCS = {
  methodology: "/docs#route-getLlmCodingMethodology",
  index: "/docs#route-getLlmCodingIndex",
  history: "/docs#route-getLlmCodingHistory",
} as const;

/**
 * Where the values would be: for a visitor, which plans read them and how to get one; for a
 * signed-in reader whose plan the api refused, who they are and the api's words. Never a number.
 */
export function CodingLocked({
  viewer,
  refused,
}: {
  viewer: Viewer | undefined;
  refused: ApiRefusal | undefined;
}) {
  return (
    <div data-coding-locked>
      {viewer !== undefined && <SignedInNote viewer={viewer} />}
      <div className="cards">
        <div className="card">
          <div className="muted">Daily values</div>
          <div className="value">
            <LockedValue />
          </div>
          <div>
            Signed in or with an API key, on {CODING_PLANS_TEXT}
            {refused !== undefined && (
              <>
                : <span data-coding-refusal>{refused.message}</span>
              </>
            )}
          </div>
        </div>
      </div>
      <p className="key-teaser" data-key-teaser>
        The daily counts and merge rates, their history and CSV are served to {CODING_PLANS_TEXT}:
        on this website when signed in with such an account, and through the API with its key.{" "}
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
 * The sources of an answer's values: each with its as-of time, the citation and licence it
 * requires, and the sample notice when the values are the generated sample.
 */
export function CodingSources({ dataSources }: { dataSources: CodingDataSources }) {
  return (
    <>
      {dataSources.sample && dataSources.notice !== null && (
        <p className="notice" data-sample-notice>
          {dataSources.notice}
        </p>
      )}
      {dataSources.sources.length === 0 ? (
        <p>No source has data yet.</p>
      ) : (
        <ul className="sources" data-coding-sources>
          {dataSources.sources.map((entry) => (
            <li key={entry.source} data-source={entry.source} data-sample={entry.sample}>
              <code>{entry.source}</code>
              {entry.sample && " (sample)"}
              {entry.latestAsOf !== null && (
                <>
                  , newest search{" "}
                  <time dateTime={entry.latestAsOf}>{formatUtcInstant(entry.latestAsOf)}</time>
                </>
              )}
              : <span data-citation={entry.source}>{entry.citation ?? "no citation required"}</span>
              {entry.licence !== null && (
                <>
                  {" "}
                  Licence:{" "}
                  <a href={entry.licence.url} rel="license">
                    {entry.licence.name}
                  </a>
                  .
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
