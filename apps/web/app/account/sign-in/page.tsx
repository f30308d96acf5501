import type { Metadata } from "next";
import { FlashMessage, FormTokenField } from "../../../src/components/account-parts";
import { isReturnPath, signUpPath } from "../../../src/lib/account-paths";
import { pageFlash, pageFormToken } from "../../../src/server/account";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };
export const dynamic = "force-dynamic";

/**
 * `next`: the account page to go on to once signed in (a series page's "notify me" form, an agent
 * application's consent page); the sign-up link keeps it for a reader without an account.
 */
export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [flash, formToken, query] = await Promise.all([pageFlash(), pageFormToken(), searchParams]);
  const next = typeof query.next === "string" && isReturnPath(query.next) ? query.next : undefined;
  return (
    <>
      <h1>Sign in</h1>
      <FlashMessage flash={flash} />
      <form className="account-form" method="post" action="/account/do/sign-in" data-form="sign-in">
        <FormTokenField token={formToken} />
        {next === undefined ? null : <input type="hidden" name="next" value={next} />}
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
        No account yet? <a href={signUpPath(next)}>Sign up</a>. Forgot your password?{" "}
        <a href="/account/reset-password">Reset it</a>.
      </p>
    </>
  );
}
