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
        <a href="/">Go to today&apos;s index</a>, see the <a href="/gpus">GPU indices</a> or read
        the <a href="/docs">API documentation</a>.
      </p>
    </>
  );
}
