import type { Metadata } from "next";
import { FlashMessage, FormTokenField } from "../../../src/components/account-parts";
import { pageFlash, pageFormToken } from "../../../src/server/account";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function SignInPage() {
  const [flash, formToken] = await Promise.all([pageFlash(), pageFormToken()]);
  return (
    <>
      <h1>Sign in</h1>
      <FlashMessage flash={flash} />
      <form className="account-form" method="post" action="/account/do/sign-in" data-form="sign-in">
        <FormTokenField token={formToken} />
        <label>
          Email
          <input type="email" name="email" autoComplete="email" required />
        </label>
        <label>
          Password
          <input type="password" name="password" autoComplete="current-password" required />
        </label>
        <button type="submit">Sign in</button>
      </form>
      <p>
        No account yet? <a href="/account/sign-up">Sign up</a>. Forgot your password?{" "}
        <a href="/account/reset-password">Reset it</a>.
      </p>
    </>
  );
}
