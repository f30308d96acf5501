import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { SampleDataBanner, SiteFooter, SiteHeader } from "../src/components/site-chrome";
import { loadDataSources } from "../src/server/data";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Token Price Index", template: "%s · Token Price Index" },
  description:
    "Daily volume-weighted blended price in USD per million tokens for each major model lab, settled per UTC day.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const dataSources = await loadDataSources();
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#content">
          Skip to content
        </a>
        <SiteHeader />
        <SampleDataBanner dataSources={dataSources} />
        <main id="content">
          <div className="inner">{children}</div>
        </main>
        <SiteFooter dataSources={dataSources} />
      </body>
    </html>
  );
}
