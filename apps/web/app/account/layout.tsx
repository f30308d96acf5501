import type { ReactNode } from "react";

/** Every account page in one box, so that the account pages' own CSS (globals.css) applies to them alone. */
export default function AccountLayout({ children }: { children: ReactNode }) {
  return <div className="account-page">{children}</div>;
}
