import type { Flash } from "../lib/account-paths";

/** The outcome of the last form (the api's words), announced to screen readers. */
export function FlashMessage({ flash }: { flash: Flash | undefined }) {
  if (flash === undefined) return null;
  if (flash.kind === "notice")
    return (
      <p className="notice" role="status" data-flash="notice">
        {flash.message}
      </p>
    );
  // The other kinds (a new key, a secret, a form's refusals) are shown by their own pages.
  if (flash.kind !== "error") return null;
  return (
    <div className="error-box" role="alert" data-flash="error">
      <p>{flash.message}</p>
      {flash.retryAfterSeconds === undefined ? null : (
        <p data-retry-after={flash.retryAfterSeconds}>
          Try again in {retryText(flash.retryAfterSeconds)}.
        </p>
      )}
    </div>
  );
}

export function retryText(seconds: number): string {
  if (seconds < 120) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** The CSRF token of the session, in every signed-in form. */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name="csrfToken" value={token} />;
}

/** The anonymous forms' token (its twin is the form cookie proxy.ts set). */
export function FormTokenField({ token }: { token: string }) {
  if (token === "")
    return (
      <p className="error-box" role="alert">
        The account service did not answer; reload this page to try again.
      </p>
    );
  return <input type="hidden" name="formToken" value={token} />;
}
