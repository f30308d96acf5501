import { redirectUriRefusal } from "@tpi/domain";

/**
 * The address an agent application gets the browser back at after its consent page: the
 * client's own redirect address with the code (or the refusal) the api added. The api matched it
 * exactly against the client's registration, which holds only addresses the MCP specification
 * allows (https, or http on a loopback address: `redirectUriRefusal`); the website checks the
 * same rule again, whatever it is given, so it never sends a browser to a script, data, a file or
 * an app scheme the api would not have registered.
 */

/** The absolute URL to send the browser to, or undefined for anything that is not one we send to. */
export function clientRedirectTarget(value: string): string | undefined {
  if (/\p{Cc}|\s/u.test(value)) return undefined;
  if (redirectUriRefusal(value) !== undefined) return undefined;
  const url = new URL(value);
  // A web address without a host (`https:foo`) is no client's address.
  if (url.hostname === "") return undefined;
  return url.href;
}

/**
 * The CSP `form-action` source that lets the consent page's form be redirected to the client:
 * browsers check a form's redirects against the page's `form-action`, so it is the address's
 * origin (scheme, host, port). Undefined for an address the site would not send to.
 */
export function formActionSource(redirectAddress: string): string | undefined {
  const target = clientRedirectTarget(redirectAddress);
  return target === undefined ? undefined : new URL(target).origin;
}
