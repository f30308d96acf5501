import type { Metadata } from "next";
import { FlashMessage, FormTokenField } from "../../../src/components/account-parts";
import { newAccountTermsText } from "@tpi/domain";
import { isReturnPath, signInPath } from "../../../src/lib/account-paths";
import { accountApi, pageFlash, pageFormToken } from "../../../src/server/account";

export const metadata: Metadata = {
  title: "Sign up",
  description: "Create a Token Price Index account to get API keys.",
};
export const dynamic = "force-dynamic";

/**
 * `next`: the account page the reader was on the way to (from the sign-in page's link); kept
 * through the sign-up to the sign-in that follows the mailed confirmation.
 */
export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [flash, formToken, terms, query] = await Promise.all([
    pageFlash(),
    pageFormToken(),
    // The api down: the form says so (FormTokenField); the terms are then left out, not a 500.
    accountApi()
      .newAccountTerms.query()
      .catch(() => undefined),
    searchParams,
  ]);
  const next = typeof query.next === "string" && isReturnPath(query.next) ? query.next : undefined;
  return (
    <>
      <h1>Sign up</h1>
      <p className="lead">
        An account holds your API keys.{" "}
        {terms === undefined ? null : (
          <span data-new-account-terms>
            {newAccountTermsText(terms.plan, terms.trialPeriodHours)}
          </span>
        )}{" "}
        You confirm your email address with a mailed link before you sign in. How keys are used:{" "}
        <a href="/docs#authentication">API docs, authentication</a>.
      </p>
      <FlashMessage flash={flash} />
      <form className="account-form" method="post" action="/account/do/sign-up" data-form="sign-up">
        <FormTokenField token={formToken} />
        {next === undefined ? null : <input type="hidden" name="next" value={next} />}
        <label>
          Email
          <input type="email" name="email" autoComplete="email" required />
        </label>
        <label>
          Password (10 to 200 characters)
          <input
            type="password"
            name="password"
            autoComplete="new-password"
            minLength={10}
            maxLength={200}
            required
          />
        </label>
        <button type="submit">Sign up</button>
      </form>
      <p>
        Already have an account? <a href={signInPath(next)}>Sign in</a>.
      </p>
    </>
  );
}
