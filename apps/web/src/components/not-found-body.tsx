import Link from "next/link";

/** The body of every 404 page: what happened and the ways back into the site. */
export function NotFoundBody() {
  return (
    <>
      <h1>Page not found</h1>
      <p className="lead">
        There is no page at this address. Lab pages exist for the labs the index covers, GPU pages
        for the GPUs it covers.
      </p>
      <p>
        <Link href="/">Go to today&apos;s index</Link>, see the{" "}
        <Link href="/gpus">GPU indices</Link> or read the{" "}
        <Link href="/docs">API documentation</Link>.
      </p>
    </>
  );
}
