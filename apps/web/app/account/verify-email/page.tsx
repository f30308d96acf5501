import type { Metadata } from "next";

export const metadata: Metadata = { title: "Confirm your email", robots: { index: false } };
export const dynamic = "force-dynamic";

/**
 * The mailed link lands here; the address is confirmed by a button (a POST), not by the visit:
 * mail scanners that open links must not use up the one-time token.
 */
export default async function VerifyEmailPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const token = (await searchParams).token;
  return (
    <>
      <h1>Confirm your email address</h1>
      {typeof token === "string" && token !== "" ? (
        <form
          className="account-form"
          method="post"
          action="/account/do/verify-email"
          data-form="verify-email"
        >
          <input type="hidden" name="token" value={token} />
          <button type="submit">Confirm my address</button>
        </form>
      ) : (
        <p className="error-box" role="alert">
          This link has no token. Open the link from the mail again, or{" "}
          <a href="/account/sign-in">sign in</a> to be sent a new one.
        </p>
      )}
    </>
  );
}
