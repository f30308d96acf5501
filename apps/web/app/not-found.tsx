import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = {
  title: "Page not found",
  description: "This page does not exist on the Token Price Index site.",
};

export default function NotFound() {
  return (
    <>
      <h1>Page not found</h1>
      <p className="lead">
        There is no page at this address. Lab pages exist for the labs the index covers.
      </p>
      <p>
        <Link href="/">Go to today&apos;s index</Link> or read the{" "}
        <Link href="/docs">API documentation</Link>.
      </p>
    </>
  );
}
