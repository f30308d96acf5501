import type { Metadata } from "next";
import { FlashMessage, FormTokenField } from "../../../src/components/account-parts";
import { newAccountTermsText } from "@tpi/domain";
import { accountApi, pageFlash, pageFormToken } from "../../../src/server/account";

export const metadata: Metadata = {
  title: "Sign up",
  description: "Create a Token Price Index account to get API keys.",
};
export const dynamic = "force-dynamic";

export default async function SignUpPage() {
  const [flash, formToken, terms] = await Promise.all([
    pageFlash(),
    pageFormToken(),
    // The api down: the form says so (FormTokenField); the terms are then left out, not a 500.
    accountApi()
      .newAccountTerms.query()
      .catch(() => undefined),
  ]);
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
        Already have an account? <a href="/account/sign-in">Sign in</a>.
      </p>
    </>
  );
}
