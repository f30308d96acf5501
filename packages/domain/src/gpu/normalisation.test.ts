import { describe, expect, it } from "vitest";
import {
  GPU_PROVIDERS,
  LEDGER_KIND_TIERS,
  ledgerOfferLabel,
  ledgerQuotes,
  providerId,
  providerName,
  vastQuotes,
  type LedgerOffer,
  type LedgerSnapshot,
  type VastOffer,
} from "./normalisation";
import type { DropReason, DroppedRows } from "./quotes";
import { expectMapping } from "../testing/tables";

const GENERATED_AT = new Date("2026-08-22T06:21:55.020Z");
const FETCHED_AT = new Date("2026-08-22T06:21:49.413Z");

/** A ledger row: RunPod's real `h100-sxm` community row of 2026-08-22, changed as each test says. */
function row(overrides: Partial<LedgerOffer> = {}): LedgerOffer {
  return {
    provider: "runpod",
    gpu: "h100-sxm",
    vram_gb: 80,
    usd_hr: 2.69,
    kind: "community",
    fetched_at: FETCHED_AT,
    ...overrides,
  };
}

function snapshot(
  offers: LedgerOffer[],
  providers: LedgerSnapshot["providers"] = {},
): LedgerSnapshot {
  return { date: "2026-08-22", generated_at: GENERATED_AT, offers, providers };
}

const countOf = (dropped: DroppedRows, reason: DropReason) =>
  dropped.find((entry) => entry.reason === reason)?.count ?? 0;

describe("the provider catalogue", () => {
  it("resolves the aliases sources use", () => {
    expectMapping(providerId, {
      datacrunch: "verda",
      lambdalabs: "lambda",
      lambda: "lambda",
      vastai: "vast.ai",
      "Vast.ai": "vast.ai",
    });
    expect(providerName("verda")).toBe("Verda");
  });

  it("keeps an unknown provider under its lowercased slug, never drops it", () => {
    expect(providerId(" NewCloud ")).toBe("newcloud");
    expect(providerName("newcloud")).toBe("newcloud");
    const { quotes } = ledgerQuotes(snapshot([row({ provider: "NewCloud", kind: "on-demand" })]));
    expect(quotes.map((q) => q.provider)).toEqual(["newcloud"]);
  });

  it("spells each provider once: lowercase ids, no alias shared or equal to another id", () => {
    const spellings = GPU_PROVIDERS.flatMap((p) => [p.id, ...p.aliases]);
    expect(new Set(spellings).size).toBe(spellings.length);
    for (const spelling of spellings) expect(spelling).toBe(spelling.toLowerCase());
  });
});

describe("ledger rows to quotes", () => {
  it("keeps our six ids at their memory sizes, prices per GPU as published (never divided by min_gpus)", () => {
    const { quotes, dropped } = ledgerQuotes(
      snapshot([
        row({ provider: "aws", usd_hr: 12.29, kind: "on-demand", min_gpus: 8 }),
        row({ provider: "nebius", gpu: "h200", vram_gb: 141, usd_hr: 3.5, kind: "on-demand" }),
        row({
          provider: "lambda",
          gpu: "a100-sxm-80",
          vram_gb: 80,
          usd_hr: 1.79,
          kind: "on-demand",
        }),
        row({ provider: "runpod", gpu: "rtx-5090", vram_gb: 32, usd_hr: 0.94, kind: "secure" }),
        row({ provider: "crusoe", gpu: "b200", vram_gb: 180, usd_hr: 5.95, kind: "on-demand" }),
        row({ provider: "lium", gpu: "b200", vram_gb: 179, usd_hr: 3.1, kind: "marketplace" }),
        row({ provider: "modal", gpu: "b200", vram_gb: 192, usd_hr: 6.25, kind: "serverless" }),
        row({ gpu: "rtx-pro-6000-wk", vram_gb: 96, usd_hr: 1.89, kind: "secure" }),
      ]),
    );
    expect(dropped).toEqual([]);
    expect(quotes.map((q) => [q.gpuName, q.provider, q.tier, q.priceUsdPerGpuHour])).toEqual([
      ["H100 SXM", "aws", "on-demand", 12.29],
      ["H200", "nebius", "on-demand", 3.5],
      ["A100 SXM4", "lambda", "on-demand", 1.79],
      ["RTX 5090", "runpod", "on-demand", 0.94],
      ["B200", "crusoe", "on-demand", 5.95],
      ["B200", "lium", "marketplace", 3.1],
      ["B200", "modal", "serverless", 6.25],
      ["RTX PRO 6000 WS", "runpod", "on-demand", 1.89],
    ]);
    expect(quotes[0]).toEqual({
      gpuName: "H100 SXM",
      provider: "aws",
      tier: "on-demand",
      priceUsdPerGpuHour: 12.29,
      offer: "min 8 GPUs",
      observedAt: FETCHED_AT,
      sourceExclusion: null,
    });
  });

  it("drops the generic ids h100, a100 and rtx-pro-6000 as ambiguous", () => {
    const { quotes, dropped } = ledgerQuotes(
      snapshot([
        row({ provider: "coreweave", gpu: "h100", kind: "on-demand" }),
        row({ provider: "gcp", gpu: "a100", kind: "on-demand" }),
        row({ provider: "gcp", gpu: "rtx-pro-6000", vram_gb: 96, usd_hr: 1.09, kind: "on-demand" }),
      ]),
    );
    expect(quotes).toEqual([]);
    expect(dropped).toEqual([
      {
        reason: "ambiguous-gpu",
        count: 3,
        examples: ["coreweave h100", "gcp a100", "gcp rtx-pro-6000"],
      },
    ]);
  });

  it("drops PCIe, NVL, Server, Max-Q and other GPUs as other-gpu", () => {
    const ids = [
      "h100-pcie",
      "h100-nvl",
      "h200-nvl",
      "a100-pcie-80",
      "a100-pcie-40",
      "rtx-pro-6000-server",
      "rtx-pro-6000-maxq",
      "gh200",
      "b300",
      "gb200",
      "rtx-5080",
      "l40s",
      "mi300x",
    ];
    const { quotes, dropped } = ledgerQuotes(snapshot(ids.map((gpu) => row({ gpu }))));
    expect(quotes).toEqual([]);
    expect(dropped).toEqual([
      {
        reason: "other-gpu",
        count: ids.length,
        examples: ["runpod h100-pcie", "runpod h100-nvl", "runpod h200-nvl"],
      },
    ]);
  });

  it("drops a memory size that disagrees with the id, and the 40 GB A100 SXM4", () => {
    const { quotes, dropped } = ledgerQuotes(
      snapshot([
        row({ gpu: "h200", vram_gb: 143 }),
        row({ gpu: "a100-sxm-80", vram_gb: 40 }),
        row({ gpu: "rtx-pro-6000-wk", vram_gb: 48 }),
        row({ gpu: "h100-sxm", vram_gb: 94 }),
        row({ gpu: "b200", vram_gb: 96 }),
        row({ gpu: "a100-sxm-40", vram_gb: 40 }),
      ]),
    );
    expect(quotes).toEqual([]);
    expect(dropped).toEqual([
      {
        reason: "memory-mismatch",
        count: 6,
        examples: [
          "runpod h200 at 143 GB",
          "runpod a100-sxm-80 at 40 GB",
          "runpod rtx-pro-6000-wk at 48 GB",
        ],
      },
    ]);
  });

  it("maps each kind to its tier and drops an unknown kind", () => {
    expect(LEDGER_KIND_TIERS).toEqual({
      "on-demand": "on-demand",
      secure: "on-demand",
      community: "community",
      spot: "spot",
      reserved: "reserved",
      serverless: "serverless",
      marketplace: "marketplace",
    });
    const kinds = Object.keys(LEDGER_KIND_TIERS);
    const { quotes, dropped } = ledgerQuotes(
      snapshot([
        ...kinds.map((kind, i) => row({ kind, usd_hr: 2 + i / 10 })),
        row({ kind: "preemptible" }),
        row({ kind: "On-Demand" }),
      ]),
    );
    expect(quotes.map((q) => q.tier)).toEqual(kinds.map((kind) => LEDGER_KIND_TIERS[kind]));
    expect(dropped).toEqual([
      {
        reason: "unknown-tier",
        count: 2,
        examples: ["runpod h100-sxm (preemptible)", "runpod h100-sxm (On-Demand)"],
      },
    ]);
  });

  it("drops prices at or below 0, above 1,000 USD per GPU-hour, or not finite", () => {
    const { quotes, dropped } = ledgerQuotes(
      snapshot([
        row({ usd_hr: 0 }),
        row({ usd_hr: -1 }),
        row({ usd_hr: 1000.01 }),
        row({ usd_hr: Number.NaN }),
        row({ usd_hr: Number.POSITIVE_INFINITY }),
        row({ usd_hr: 1000 }),
        row({ usd_hr: 7 }),
      ]),
    );
    expect(quotes.map((q) => q.priceUsdPerGpuHour)).toEqual([1000, 7]);
    expect(countOf(dropped, "invalid-price")).toBe(5);
  });

  it("drops exact repeats; rows the source does not tell apart but prices differently stay apart", () => {
    // RunPod's rtx-pro-6000-wk community rows at 1.64, 1.69 and 1.69 (one exact repeat).
    const { quotes, dropped } = ledgerQuotes(
      snapshot([
        row({ gpu: "rtx-pro-6000-wk", vram_gb: 96, usd_hr: 1.64 }),
        row({ gpu: "rtx-pro-6000-wk", vram_gb: 96, usd_hr: 1.69 }),
        row({ gpu: "rtx-pro-6000-wk", vram_gb: 96, usd_hr: 1.69 }),
        // Another tier or provider is never a repeat.
        row({ gpu: "rtx-pro-6000-wk", vram_gb: 96, usd_hr: 1.69, kind: "secure" }),
        row({ provider: "salad", gpu: "rtx-pro-6000-wk", vram_gb: 96, usd_hr: 1.69 }),
      ]),
    );
    expect(quotes.map((q) => [q.provider, q.tier, q.offer, q.priceUsdPerGpuHour])).toEqual([
      ["runpod", "community", "", 1.64],
      ["runpod", "community", "#2", 1.69],
      ["runpod", "on-demand", "", 1.69],
      ["salad", "community", "", 1.69],
    ]);
    expect(dropped).toEqual([
      {
        reason: "duplicate",
        count: 1,
        examples: ["runpod rtx-pro-6000-wk (community) at 1.69 USD"],
      },
    ]);
  });

  it("labels a provider's offers from instance, smallest unit, region and commitment", () => {
    // Lambda on 2026-10-08: one row per min_gpus, the per-GPU price falling with size.
    const lambda = [1, 2, 4, 8].map((min_gpus, i) =>
      row({ provider: "lambda", kind: "on-demand", min_gpus, usd_hr: 4.29 - i / 10 }),
    );
    const { quotes } = ledgerQuotes(snapshot(lambda));
    expect(quotes.map((q) => [q.offer, q.priceUsdPerGpuHour])).toEqual([
      ["min 1 GPU", 4.29],
      ["min 2 GPUs", 4.19],
      ["min 4 GPUs", 4.09],
      ["min 8 GPUs", 3.99],
    ]);
    expect(
      ledgerOfferLabel(
        row({
          instance: "Standard_ND96isr_H100_v5",
          min_gpus: 8,
          region: "eastus",
          kind: "reserved",
          commitment: { type: "term", months: 12, payment: "upfront" },
        }),
      ),
    ).toBe("Standard_ND96isr_H100_v5, min 8 GPUs, eastus, 12-month term");
    expect(ledgerOfferLabel(row({ commitment: { type: "quote", label: "Contact sales" } }))).toBe(
      "Contact sales",
    );
    expect(ledgerOfferLabel(row())).toBe("");
  });

  it("keeps a stale provider's rows, and rows read more than 26 hours before the snapshot, as stale", () => {
    const hoursBefore = (hours: number) => new Date(GENERATED_AT.getTime() - hours * 3_600_000);
    const { quotes, dropped } = ledgerQuotes(
      snapshot(
        [
          // vultr failed for four days (HTTP 403): the publisher carried its price forward.
          row({
            provider: "vultr",
            kind: "on-demand",
            fetched_at: new Date("2026-08-18T14:15:12.452Z"),
          }),
          row({ provider: "datacrunch", kind: "on-demand", fetched_at: hoursBefore(1) }),
          row({ provider: "aws", kind: "on-demand", fetched_at: hoursBefore(26) }),
          row({ provider: "gcp", kind: "on-demand", fetched_at: hoursBefore(26.001) }),
          row({ provider: "runpod", kind: "secure", fetched_at: hoursBefore(25) }),
        ],
        {
          vultr: { stale: true },
          datacrunch: { stale: true },
          aws: { stale: false },
          gcp: { stale: false },
        },
      ),
    );
    expect(dropped).toEqual([]);
    expect(quotes.map((q) => [q.provider, q.sourceExclusion])).toEqual([
      ["vultr", "stale"],
      // The status is keyed by the publisher's slug, the quote by our id.
      ["verda", "stale"],
      ["aws", null],
      ["gcp", "stale"],
      ["runpod", null],
    ]);
  });

  it("counts every dropped row but keeps three distinct examples per reason, in DROP_REASONS order", () => {
    const { dropped } = ledgerQuotes(
      snapshot([
        row({ kind: "weird" }),
        ...["l4", "l4", "t4", "a10", "v100"].map((gpu) => row({ gpu })),
        row({ gpu: "h100" }),
      ]),
    );
    expect(dropped).toEqual([
      { reason: "other-gpu", count: 5, examples: ["runpod l4", "runpod t4", "runpod a10"] },
      { reason: "ambiguous-gpu", count: 1, examples: ["runpod h100"] },
      { reason: "unknown-tier", count: 1, examples: ["runpod h100-sxm (weird)"] },
    ]);
  });
});

describe("Vast offers to quotes", () => {
  const POLLED_AT = new Date("2026-11-25T10:30:00.000Z");
  /** The note's reconstructed 8x RTX PRO 6000 WS offer, changed as each test says. */
  function offer(overrides: Partial<VastOffer> & Record<string, unknown> = {}): VastOffer {
    return {
      id: 40112233,
      machine_id: 31337,
      num_gpus: 8,
      gpu_name: "RTX PRO 6000 WS",
      gpu_ram: 97887,
      dph_base: 13.6,
      is_bid: false,
      ...overrides,
    };
  }

  it("prices per GPU as dph_base / num_gpus, on demand, one provider, observed at the poll", () => {
    const { quotes, dropped } = vastQuotes([offer()], POLLED_AT);
    expect(dropped).toEqual([]);
    expect(quotes).toEqual([
      {
        gpuName: "RTX PRO 6000 WS",
        provider: "vast.ai",
        tier: "on-demand",
        priceUsdPerGpuHour: 13.6 / 8,
        offer: "machine 31337",
        observedAt: POLLED_AT,
        sourceExclusion: null,
      },
    ]);
    expect(quotes[0]?.priceUsdPerGpuHour).toBeCloseTo(1.7, 12);
  });

  it("counts a machine once, as its bundle with the most GPUs, whatever the order", () => {
    const bundles = [
      offer({ id: 1, num_gpus: 1, dph_base: 1.8 }),
      offer({ id: 2, num_gpus: 2, dph_base: 3.5 }),
      offer({ id: 8, num_gpus: 8, dph_base: 13.6 }),
      offer({ id: 4, num_gpus: 4, dph_base: 6.9 }),
    ];
    for (const order of [bundles, [...bundles].reverse()]) {
      const { quotes, dropped } = vastQuotes(order, POLLED_AT);
      expect(quotes.map((q) => q.priceUsdPerGpuHour)).toEqual([13.6 / 8]);
      expect(dropped.map((d) => [d.reason, d.count])).toEqual([["duplicate", 3]]);
      expect([...(dropped[0]?.examples ?? [])].sort()).toEqual([
        "vast.ai machine 31337 RTX PRO 6000 WS x1",
        "vast.ai machine 31337 RTX PRO 6000 WS x2",
        "vast.ai machine 31337 RTX PRO 6000 WS x4",
      ]);
    }
    // Two offers of the same size: the cheaper per GPU stays.
    const tie = vastQuotes(
      [offer({ id: 5, dph_base: 14 }), offer({ id: 6, dph_base: 13.2 })],
      POLLED_AT,
    );
    expect(tie.quotes.map((q) => q.priceUsdPerGpuHour)).toEqual([13.2 / 8]);
    // Other machines are other offers.
    expect(vastQuotes([offer(), offer({ machine_id: 31338 })], POLLED_AT).quotes).toHaveLength(2);
  });

  it("keeps A100 SXM4 at 80 GB only", () => {
    const { quotes, dropped } = vastQuotes(
      [
        offer({ machine_id: 1, gpu_name: "A100 SXM4", num_gpus: 4, gpu_ram: 40960, dph_base: 3.2 }),
        offer({ machine_id: 2, gpu_name: "A100 SXM4", num_gpus: 4, gpu_ram: 81920, dph_base: 4.8 }),
        offer({ machine_id: 3, gpu_name: "A100 SXM4", num_gpus: 1, gpu_ram: 81559, dph_base: 1.1 }),
        offer({ machine_id: 4, gpu_name: "A100 SXM4", num_gpus: 1, gpu_ram: null, dph_base: 1.1 }),
      ],
      POLLED_AT,
    );
    expect(quotes.map((q) => [q.gpuName, q.offer, q.priceUsdPerGpuHour])).toEqual([
      ["A100 SXM4", "machine 2", 1.2],
      ["A100 SXM4", "machine 3", 1.1],
    ]);
    expect(dropped).toEqual([
      {
        reason: "memory-mismatch",
        count: 2,
        examples: ["vast.ai A100 SXM4 at 40960 MB", "vast.ai A100 SXM4 at ? MB"],
      },
    ]);
  });

  it("matches names exactly: PCIe, NVL, other editions and other spellings are other GPUs", () => {
    const names = [
      "H100 PCIE",
      "H100 NVL",
      "H200 NVL",
      "RTX PRO 6000 S",
      "RTX PRO 6000",
      "h100 sxm",
      "A100 SXM",
    ];
    const { quotes, dropped } = vastQuotes(
      names.map((gpu_name, i) => offer({ machine_id: i, gpu_name })),
      POLLED_AT,
    );
    expect(quotes).toEqual([]);
    expect(countOf(dropped, "other-gpu")).toBe(names.length);
    const ours = ["H100 SXM", "H200", "A100 SXM4", "RTX 5090", "B200", "RTX PRO 6000 WS"];
    const kept = vastQuotes(
      ours.map((gpu_name, i) => offer({ machine_id: i, gpu_name, gpu_ram: 81920 })),
      POLLED_AT,
    );
    expect(kept.quotes.map((q) => q.gpuName)).toEqual(ours);
  });

  it("drops missing or zero GPU counts, missing or non-positive prices, and bids", () => {
    const { quotes, dropped } = vastQuotes(
      [
        offer({ machine_id: 1, num_gpus: 0 }),
        offer({ machine_id: 2, num_gpus: null }),
        offer({ machine_id: 3, num_gpus: undefined }),
        offer({ machine_id: 4, num_gpus: 1.5 }),
        offer({ machine_id: 5, dph_base: null }),
        offer({ machine_id: 6, dph_base: 0 }),
        offer({ machine_id: 7, dph_base: -2 }),
        offer({ machine_id: 8, num_gpus: 1, dph_base: 1200 }),
        offer({ machine_id: 9, is_bid: true }),
        offer({ machine_id: 10 }),
      ],
      POLLED_AT,
    );
    expect(quotes.map((q) => q.offer)).toEqual(["machine 10"]);
    expect(dropped.map((d) => [d.reason, d.count])).toEqual([
      ["invalid-price", 4],
      ["invalid-count", 4],
      ["interruptible", 1],
    ]);
  });

  it("keeps an outlier (the index's winsorising clamps it) and no host identifier anywhere", () => {
    const hosty = {
      host_id: 4242,
      public_ipaddr: "203.0.113.7",
      hostname: "gpu-host-17.example",
    };
    const { quotes, dropped } = vastQuotes(
      [
        offer({ machine_id: 1, ...hosty }),
        offer({ machine_id: 2, dph_base: 136, ...hosty }),
        offer({ machine_id: 3, gpu_name: "H100 PCIE", ...hosty }),
      ],
      POLLED_AT,
    );
    expect(quotes.map((q) => q.priceUsdPerGpuHour)).toEqual([1.7, 17]);
    const text = JSON.stringify({ quotes, dropped });
    for (const identifier of ["4242", "203.0.113.7", "gpu-host-17"])
      expect(text).not.toContain(identifier);
  });
});
