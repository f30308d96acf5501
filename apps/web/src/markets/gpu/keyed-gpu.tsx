import type { ReactNode } from "react";
import { FREE_TIER_GPU_NAMES, GPU_FREE_WINDOW_MONTHS, type GpuName } from "@tpi/domain";
import { KEY_HREF, LockedValue, SettledDay } from "../../components/keyed-access";
import { SignedInNote } from "../../components/signed-in-note";
import type { Viewer } from "../../server/viewer";
import { GPU_METHODOLOGY_PATH } from "./paths";

/**
 * A keyed GPU: what it is, its latest settled day and the way to a key. Its value is locked for a
 * visitor; a signed-in reader whose plan reads it gets the daily index (`children`) in place of
 * the lock, and any signed-in reader the note naming their plan.
 */
export function KeyedGpu({
  gpu,
  latestDay,
  viewer,
  children,
}: {
  gpu: GpuName;
  latestDay: string | null;
  viewer?: Viewer;
  children?: ReactNode;
}) {
  return (
    <>
      <h1>{gpu} GPU compute price index</h1>
      <p className="lead" data-gpu-state="keyed">
        The {gpu} index is part of the keyed tier: its hourly prints, daily values and analytics are
        served to API key holders.
      </p>
      {viewer !== undefined && <SignedInNote viewer={viewer} />}
      {children ?? (
        <div className="cards">
          <div className="card" data-keyed-latest={latestDay ?? ""}>
            <div className="muted">Latest settled day</div>
            <div className="value">
              <LockedValue />
            </div>
            <div>
              USD per GPU-hour on <SettledDay date={latestDay} />
            </div>
          </div>
        </div>
      )}
      <h2>What the data is</h2>
      <p>
        Every hour, the volume-weighted mean price of the {gpu} rental trades of the hour before, in
        USD per GPU-hour (an hour without trades carries the previous print forward, marked
        carried); each day, the mean of its hourly prints; and analytics over them, such as the
        rolling 24-hour average and the rolling volatility. See the{" "}
        <a href={GPU_METHODOLOGY_PATH}>GPU methodology</a>.
      </p>
      <h2>How to get it</h2>
      <ol>
        <li>
          <a href={KEY_HREF}>Get an API key</a> (see{" "}
          <a href="/docs#authentication">authentication</a>).
        </li>
        <li>
          Call <code>GET /api/gpu/{encodeURIComponent(gpu)}/index-history</code> with{" "}
          <code>Authorization: Bearer &lt;API_KEY&gt;</code>; the other GPU routes are in the{" "}
          <a href="/docs#routes">API reference</a>.
        </li>
      </ol>
      <p>
        Without a key, the free tier covers {FREE_TIER_GPU_NAMES.join(", ")} over the trailing{" "}
        {GPU_FREE_WINDOW_MONTHS} months: <a href="/gpus">see the GPU index</a>.
      </p>
    </>
  );
}
