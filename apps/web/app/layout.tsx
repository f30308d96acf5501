import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import {
  DATA_SOURCES_UNREACHABLE,
  SampleDataBanner,
  SiteFooter,
  SiteHeader,
  type SiteDataSources,
} from "../src/components/site-chrome";
import { loadDataSources } from "../src/server/data";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Token Price Index", template: "%s · Token Price Index" },
  description:
    "Daily volume-weighted blended price in USD per million tokens for each major model lab, settled per UTC day.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The 503 page and /status render while the api is down; any other page needs the api for its
  // own data too, so it is never rendered (nor cached) with this banner but by accident of timing.
  const dataSources: SiteDataSources = await loadDataSources().catch(
    () => DATA_SOURCES_UNREACHABLE,
  );
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
        <SiteFooter
          dataSources={dataSources === DATA_SOURCES_UNREACHABLE ? undefined : dataSources}
        />
      </body>
    </html>
  );
}
