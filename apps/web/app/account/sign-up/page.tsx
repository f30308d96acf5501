import type { Metadata } from "next";
import Link from "next/link";
import { FlashMessage, FormTokenField } from "../../../src/components/account-parts";
import { pageFlash, pageFormToken } from "../../../src/server/account";

export const metadata: Metadata = {
  title: "Sign up",
  description: "Create a Token Price Index account to get API keys.",
};
export const dynamic = "force-dynamic";

export default async function SignUpPage() {
  const [flash, formToken] = await Promise.all([pageFlash(), pageFormToken()]);
  return (
    <>
      <h1>Sign up</h1>
      <p className="lead">
        An account holds your API keys. New accounts start on the trial plan; you confirm your email
        address with a mailed link before you sign in. How keys are used:{" "}
        <Link href="/docs#authentication">API docs, authentication</Link>.
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
        Already have an account?{" "}
        <Link prefetch={false} href="/account/sign-in">
          Sign in
        </Link>
        .
      </p>
    </>
  );
}
