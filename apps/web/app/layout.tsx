import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Token Price Index", template: "%s · Token Price Index" },
  description:
    "Daily volume-weighted blended price in USD per million tokens for each major model lab, settled per UTC day.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/**
 * The document. The header, sample banner, main landmark and footer come from each section's
 * layout (`SiteFrame`, src/components/site-frame.tsx), which tells the navigation which section
 * is current; every top-level route has one (a unit test compares them with the app directory).
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#content">
          Skip to content
        </a>
        {children}
      </body>
    </html>
  );
}
