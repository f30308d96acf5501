import { newWebhookPath } from "../lib/account-paths";

/**
 * The series a page shows, as the api's events name it: the market's name (its MarketEntry's
 * `name`), the series key within it (a lab id, a GPU name as the catalogue spells it, a memory
 * type id) and the series' name as the page's heading gives it.
 */
export type NotifySeries = { market: string; series: string; name: string };

/**
 * The way to a webhook for this series' thresholds, on every series page: the new subscription's
 * form, filled in with the market, the series and threshold.crossed (a visitor signs in first and
 * comes back to it). A plain link, so the page carries no script for it and a cached page can show
 * it to anyone.
 */
export function NotifyMe({ market, series, name }: NotifySeries) {
  return (
    <p className="notify-me" data-notify-me>
      <a href={newWebhookPath({ market, series, type: "threshold.crossed" })}>
        Notify me when {name} crosses a threshold
      </a>{" "}
      <span className="muted">(a signed webhook to your endpoint)</span>
    </p>
  );
}
