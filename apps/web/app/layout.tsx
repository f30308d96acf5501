import type { ReactNode } from "react";

export const metadata = {
  title: "Token Price Index",
  description: "Daily volume-weighted blended price per million tokens for each major model lab.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
