import type { Metadata } from "next";
import { FlashMessage, FormTokenField } from "../../../src/components/account-parts";
import { pageFlash, pageFormToken } from "../../../src/server/account";

export const metadata: Metadata = { title: "Reset your password", robots: { index: false } };
export const dynamic = "force-dynamic";

/** Without a token: the request form (a link is mailed). With the mailed token: the new password. */
export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [flash, formToken, params] = await Promise.all([
    pageFlash(),
    pageFormToken(),
    searchParams,
  ]);
  const token = typeof params.token === "string" && params.token !== "" ? params.token : undefined;
  return (
    <>
      <h1>Reset your password</h1>
      <FlashMessage flash={flash} />
      {token === undefined ? (
        <form
          className="account-form"
          method="post"
          action="/account/do/reset-request"
          data-form="reset-request"
        >
          <FormTokenField token={formToken} />
          <label>
            Email
            <input type="email" name="email" autoComplete="email" required />
          </label>
          <button type="submit">Mail me a reset link</button>
        </form>
      ) : (
        <form
          className="account-form"
          method="post"
          action="/account/do/reset-password"
          data-form="reset-password"
        >
          <FormTokenField token={formToken} />
          <input type="hidden" name="token" value={token} />
          <label>
            New password (10 to 200 characters)
            <input
              type="password"
              name="password"
              autoComplete="new-password"
              minLength={10}
              maxLength={200}
              required
            />
          </label>
          <button type="submit">Set the new password</button>
        </form>
      )}
    </>
  );
}
