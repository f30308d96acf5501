import type { Metadata } from "next";
import { AuthorizePage } from "../../../src/components/authorize-page";

export const metadata: Metadata = { title: "Connect an application", robots: { index: false } };
/** Per person and per request: never cached (proxy.ts also sends Cache-Control: no-store). */
export const dynamic = "force-dynamic";

export default AuthorizePage;
