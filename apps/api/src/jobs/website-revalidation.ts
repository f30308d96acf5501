import type { Logger } from "../logger";

/**
 * Tells the website that the published set changed (a day settled, or a restatement), so that
 * its cached pages are regenerated now rather than at their next time-based revalidation. Best
 * effort: a website that is down or not yet started only means it refreshes on its timer.
 */
export function notifyWebsiteOfNewData(
  websiteUrl: string,
  internalToken: string,
  log: Logger,
): Promise<void> {
  const url = `${websiteUrl.replace(/\/+$/, "")}/revalidate`;
  return fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${internalToken}` },
    signal: AbortSignal.timeout(5_000),
  }).then(
    (response) => {
      if (response.ok) log.debug("website revalidated after a change to the published index");
      else log.warn("website refused revalidation", { status: response.status });
    },
    (error: unknown) =>
      log.debug("website not reachable for revalidation; it refreshes on its timer", {
        error: String(error),
      }),
  );
}
