import type { ReactNode } from "react";
import { formatUtcDay } from "../lib/format";

/** Where a reader gets a key: the sign-up page (then the account page creates keys). */
export const KEY_HREF = "/account/sign-up";

/** Drawn inline: the site's system fonts have no padlock glyph (an emoji showed as a box). */
function PadlockIcon() {
  return (
    <svg
      className="padlock"
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 12 14"
      width="11"
      height="13"
    >
      <path d="M3 6V4a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <rect x="1" y="6" width="10" height="7.5" rx="1.2" fill="currentColor" />
    </svg>
  );
}

/** In place of a keyed lab's value: says it exists and is locked, and never carries a number. */
export function LockedValue() {
  return (
    <span className="locked" data-locked>
      <PadlockIcon />
      Locked: <a href={KEY_HREF}>API key</a>
    </span>
  );
}

/** A keyed lab's latest settled day, from the api; "none yet" before its first settlement. */
export function SettledDay({ date }: { date: string | null }) {
  if (date === null) return <span className="muted">none settled yet</span>;
  return <time dateTime={date}>{formatUtcDay(date)}</time>;
}

/** A keyed series' latest settled day in a card, its value locked (`unit` names what it would be in). */
export function KeyedLatestCard({ unit, date }: { unit: string; date: string | null }) {
  return (
    <div className="cards">
      <div className="card" data-keyed-latest={date ?? ""}>
        <div className="muted">Latest settled day</div>
        <div className="value">
          <LockedValue />
        </div>
        <div>
          {unit} on <SettledDay date={date} />
        </div>
      </div>
    </div>
  );
}

/** How to read a keyed series: get a key, then call `request` with it; `after` follows the call. */
export function KeyHowTo({ request, after }: { request: ReactNode; after: ReactNode }) {
  return (
    <>
      <h2>How to get it</h2>
      <ol>
        <li>
          <a href={KEY_HREF}>Get an API key</a> (see{" "}
          <a href="/docs#authentication">authentication</a>).
        </li>
        <li>
          Call <code>{request}</code> with <code>Authorization: Bearer &lt;API_KEY&gt;</code>;{" "}
          {after}
        </li>
      </ol>
    </>
  );
}
