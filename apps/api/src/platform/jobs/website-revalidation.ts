import { nextUtcMidnight } from "@tpi/domain";
import type { Logger } from "../observability/logger";

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

/**
 * Waits past the edge before notifying, so that a website regenerating at once computes the new
 * day's windows even if its clock is a little behind this one (milliseconds).
 */
export const MIDNIGHT_NOTICE_DELAY_MS = 1_000;

/**
 * Calls `run` shortly after every UTC midnight, when the free windows move although no value
 * changed: the website's cached pages would otherwise show yesterday's window until their timer.
 * Returns the function that stops it (the timer never keeps the process alive).
 */
export function atEachUtcMidnight(
  run: () => void,
  clock: () => Date = () => new Date(),
): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const now = clock();
    const waitMs = nextUtcMidnight(now).getTime() - now.getTime() + MIDNIGHT_NOTICE_DELAY_MS;
    timer = setTimeout(() => {
      run();
      arm();
    }, waitMs);
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}
