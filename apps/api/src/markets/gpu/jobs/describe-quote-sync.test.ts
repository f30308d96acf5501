import { describe, expect, it } from "vitest";
import { describeQuoteSync, type QuoteSyncReport, type SyncedSnapshot } from "./quote-sync";

const snapshot = (ignoredParts: string[]): SyncedSnapshot => ({
  label: "2026-10-09",
  asOf: new Date("2026-10-09T06:21:55.020Z"),
  id: 7,
  inserted: true,
  quotes: 2,
  dropped: [],
  ignoredParts,
});

const report = (snapshots: SyncedSnapshot[]): QuoteSyncReport => ({
  ran: true,
  source: "gpurentalprices",
  syncId: 3,
  requests: 1,
  snapshots,
  missing: [],
  failed: [],
  warnings: [],
  closedInterrupted: [],
  outcome: "ok",
  message: "1 snapshot stored",
  unreachable: null,
});

describe("a quote sync's report", () => {
  it("names the optional parts of a snapshot it ignored, and says nothing of them otherwise", () => {
    const ignored = describeQuoteSync(
      report([snapshot(["meta.ok_count: Invalid input: expected number, received undefined"])]),
    );
    expect(ignored).toContain(
      "2026-10-09 (as of 2026-10-09T06:21:55.020Z): stored, 2 quote(s) of the six GPUs, 0 row(s) dropped; ignored, not the documented shape: meta.ok_count: Invalid input: expected number, received undefined",
    );
    expect(describeQuoteSync(report([snapshot([])]))).not.toContain("ignored");
  });
});
