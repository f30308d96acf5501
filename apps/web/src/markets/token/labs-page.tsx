import type { Metadata } from "next";
import { LAB_CATALOG, isFreeTierLab } from "@tpi/domain";
import { LockedValue, SettledDay } from "../../components/keyed-access";
import { SignedInNote } from "../../components/signed-in-note";
import { formatUsd, formatUtcDay } from "../../lib/format";
import { newestFirst } from "../../lib/shape";
import { loadViewer, type SignedInReader } from "../../server/viewer";
import type { IndexRow } from "./api-types";
import { KeyTeaser } from "./keyed-lab";
import { loadFreeWindow, loadKeyedLatestDays, loadPlanLabLatest } from "./loaders";
import { labPathOf } from "./paths";

export const metadata: Metadata = {
  title: "Labs",
  description:
    "Every model lab the Token Price Index tracks: the latest settled value of the free-tier labs and the latest settled day of the keyed labs.",
};

/** Every lab with its latest settled day: a free lab's value, a keyed lab's locked. */
export async function LabsPage() {
  const reader = await loadViewer();
  const [window, keyed, planKeyed] = await Promise.all([
    loadFreeWindow(),
    loadKeyedLatestDays(),
    reader !== undefined && reader.viewer.tokenAccess === "full"
      ? loadKeyedValues(reader)
      : undefined,
  ]);
  const rows = newestFirst(window.rows);
  const keyedDates = new Map(keyed.map((entry) => [entry.lab, entry.latestDate]));
  return (
    <>
      <h1>Labs</h1>
      <p className="lead">
        Every model lab the index tracks, with its latest settled UTC day. The free-tier labs show
        their value (USD per million tokens); the keyed labs&apos; values need an API key.
      </p>
      <div className="table-wrap">
        <table className="stack" data-table="labs">
          <caption>Labs of the Token Price Index, latest settled day and value</caption>
          <thead>
            <tr>
              <th scope="col">Lab</th>
              <th scope="col">Access</th>
              <th scope="col">Latest settled day (UTC)</th>
              <th scope="col" className="num">
                Index (USD / M tokens)
              </th>
            </tr>
          </thead>
          <tbody>
            {LAB_CATALOG.map(({ lab, label }) => {
              if (isFreeTierLab(lab)) {
                // Newest first, so the first row of the lab is its latest settled day.
                const latest = rows.find((row) => row.lab === lab);
                return (
                  <tr key={lab} data-lab={lab} data-tier="free" data-date={latest?.date ?? ""}>
                    <th scope="row">
                      <a href={labPathOf(lab)}>{label}</a>
                    </th>
                    <td data-label="Access">Free</td>
                    <td data-label="Latest settled day (UTC)">
                      {latest === undefined ? (
                        <span className="muted">none in the free window</span>
                      ) : (
                        <time dateTime={latest.date}>{formatUtcDay(latest.date)}</time>
                      )}
                    </td>
                    <td
                      className="num"
                      data-label="Index (USD / M tokens)"
                      data-value={latest?.indexPerMtok}
                    >
                      {latest === undefined ? "n/a" : formatUsd(latest.indexPerMtok)}
                    </td>
                  </tr>
                );
              }
              const date = keyedDates.get(lab) ?? null;
              const value = planKeyed?.get(lab);
              if (planKeyed !== undefined)
                return (
                  <tr key={lab} data-lab={lab} data-tier="keyed" data-date={value?.date ?? ""}>
                    <th scope="row">
                      <a href={labPathOf(lab)}>{label}</a>
                    </th>
                    <td data-label="Access">API key (your plan)</td>
                    <td data-label="Latest settled day (UTC)">
                      <SettledDay date={value?.date ?? null} />
                    </td>
                    <td
                      className="num"
                      data-label="Index (USD / M tokens)"
                      data-value={value?.indexPerMtok}
                    >
                      {value === undefined ? "n/a" : formatUsd(value.indexPerMtok)}
                    </td>
                  </tr>
                );
              return (
                <tr key={lab} data-lab={lab} data-tier="keyed" data-date={date ?? ""}>
                  <th scope="row">
                    <a href={labPathOf(lab)}>{label}</a>
                  </th>
                  <td data-label="Access">API key</td>
                  <td data-label="Latest settled day (UTC)">
                    <SettledDay date={date} />
                  </td>
                  <td className="num" data-label="Index (USD / M tokens)">
                    <LockedValue />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {reader === undefined ? (
        <KeyTeaser keyedCount={keyed.length} />
      ) : (
        <SignedInNote viewer={reader.viewer} />
      )}
      <p className="muted">
        Free-tier values cover the trailing month ({formatUtcDay(window.startDate)} onwards); see
        the <a href="/methodology">methodology</a> for how each value is computed.
      </p>
    </>
  );
}

/** Each keyed lab's latest settled row as the api answers a key of the reader's plan. */
async function loadKeyedValues(reader: SignedInReader): Promise<Map<string, IndexRow | undefined>> {
  const keyedLabs = LAB_CATALOG.filter(({ lab }) => !isFreeTierLab(lab)).map(({ lab }) => lab);
  const rows = await Promise.all(keyedLabs.map((lab) => loadPlanLabLatest(reader.token, lab)));
  return new Map(keyedLabs.map((lab, index) => [lab, rows[index]]));
}
