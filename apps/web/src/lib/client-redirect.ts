/**
 * The address an agent application gets the browser back at after its consent page: the
 * client's own redirect address with the code (or the refusal) the api added. The api matched it
 * exactly against the client's registration; the website still never sends a browser to a
 * scheme that runs or reads something here (`javascript:`, `data:`, a file), whatever it is
 * given. Native applications use loopback (`http://127.0.0.1:<port>/callback`) and their own
 * schemes (`cursor://…`), so any other absolute URL goes.
 */
const REFUSED_SCHEMES: readonly string[] = [
  "javascript:",
  "data:",
  "vbscript:",
  "file:",
  "blob:",
  "filesystem:",
  "about:",
];

/** The absolute URL to send the browser to, or undefined for anything that is not one we send to. */
export function clientRedirectTarget(value: string): string | undefined {
  if (/\p{Cc}|\s/u.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (REFUSED_SCHEMES.includes(url.protocol)) return undefined;
  // A web address without a host (`https:foo`) is no client's address.
  if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname === "")
    return undefined;
  return url.href;
}

/**
 * The CSP `form-action` source that lets the consent page's form be redirected to the client:
 * browsers check a form's redirects against the page's `form-action`. An http(s) address gives
 * its origin (scheme, host, port); another scheme (`cursor:`) its scheme, since only a scheme
 * source can name one. Undefined for an address the site would not send to.
 */
export function formActionSource(redirectAddress: string): string | undefined {
  const target = clientRedirectTarget(redirectAddress);
  if (target === undefined) return undefined;
  const url = new URL(target);
  if (url.protocol === "http:" || url.protocol === "https:") return url.origin;
  return url.protocol;
}
