import { GPU_LEDGER_CITATION, SAMPLE_NOTICE } from "@tpi/domain";
import { insertGpuTradesIfAbsent } from "@tpi/db";
import { describe, expect, it } from "vitest";
import { LEDGER_GPU_RULES, dailyLedgerSnapshots } from "../../testing/gpu-quotes";
import { GPU_TEST_NOW, hourlyTrades } from "../../testing/gpu-trades";
import { chatOfFile } from "../../testing/chat";
import type { TestApi } from "../../testing/test-api";

/**
 * "Now" is 2026-03-10 12:30 UTC: the latest settled day is 03-09 (20:00 UTC, daylight saving
 * time). H200 prints from the ledger's snapshots; B200 from the generated sample, which makes the
 * GPU market as a whole `sample`.
 */
async function storeTradesAndQuotes(api: TestApi): Promise<void> {
  await insertGpuTradesIfAbsent(
    api.db,
    hourlyTrades("B200", 5).map((trade) => ({ ...trade, source: "sample" })),
  );
  await api.loadGpuQuotes(
    dailyLedgerSnapshots("2026-03-05", "2026-03-10", [
      { gpuName: "H200", provider: "lambda", price: 3 },
      { gpuName: "H200", provider: "verda", price: 3.2 },
    ]),
  );
}
const ask = await chatOfFile(
  { now: GPU_TEST_NOW, gpuRules: LEDGER_GPU_RULES },
  { load: storeTradesAndQuotes },
);

describe("GPU chat answers cite the evidence of the values they quote", () => {
  it("names the day, the basis and source of a quote value, and ends with the ledger's citation though the market is partly sample", async () => {
    const answer = await ask("What is the current H200 price?");
    expect(answer.answer).toContain(
      "H200: $3.100 per GPU-hour (settled 2026-03-09T20:00:00.000Z; New York day 2026-03-09, from quotes: gpurentalprices).",
    );
    expect(answer.notices).toEqual([SAMPLE_NOTICE, GPU_LEDGER_CITATION]);
    expect(answer.answer.endsWith(GPU_LEDGER_CITATION)).toBe(true);
    // The source row is the REST row, evidence included.
    expect(answer.sources[0]?.values[0]).toMatchObject({
      basis: "quotes",
      sources: ["gpurentalprices"],
    });
  });

  it("says sample with the sample notice for a sample value, on a named day too", async () => {
    const latest = await ask("What is the current B200 price?");
    expect(latest.answer).toContain("from trades: sample)");
    expect(latest.notices).toEqual([SAMPLE_NOTICE]);

    const onDay = await ask("What was the H200 price on 2026-03-08?");
    expect(onDay.answer).toContain(
      "settled 2026-03-08T20:00:00.000Z; New York day 2026-03-08, from quotes: gpurentalprices",
    );
    expect(onDay.notices).toContain(GPU_LEDGER_CITATION);
  });
});
