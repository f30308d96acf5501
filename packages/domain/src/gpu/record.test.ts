import { describe, expect, it } from "vitest";
import { checkTradeHeader, validateTradeFields } from "./record";

const NOW = new Date("2026-03-10T12:30:00.000Z");
const TRADE = {
  gpu_name: "H100 SXM",
  executed_at: "2026-03-10 10:15:00",
  price_usd_per_gpu_hour: " 2.10 ",
  gpu_hours: 8,
  provider: "Provider, Inc.",
};

describe("checkTradeHeader", () => {
  it("needs every required column, in any order, and ignores others", () => {
    expect(checkTradeHeader(["provider", ...Object.keys(TRADE), "note"]).ok).toBe(true);
    expect(checkTradeHeader(["gpu_name", "price"])).toEqual({
      ok: false,
      error:
        "header lacks executed_at, price_usd_per_gpu_hour, gpu_hours, provider; expected gpu_name,executed_at,price_usd_per_gpu_hour,gpu_hours,provider,trade_id",
    });
  });
});

describe("validateTradeFields", () => {
  it("reads CSV text and JSON numbers alike, leaving a missing trade id to the importer", () => {
    expect(validateTradeFields(TRADE, NOW)).toEqual({
      ok: true,
      value: {
        tradeId: undefined,
        gpuName: "H100 SXM",
        executedAt: new Date("2026-03-10T10:15:00.000Z"),
        priceUsdPerGpuHour: 2.1,
        gpuHours: 8,
        provider: "Provider, Inc.",
      },
    });
  });

  it("reports the first problem in column order", () => {
    const error = (fields: Record<string, unknown>) => {
      const result = validateTradeFields({ ...TRADE, ...fields }, NOW);
      return result.ok ? undefined : result.error;
    };
    expect(error({ gpu_name: "", provider: " " })).toBe("missing gpu_name, provider");
    expect(error({ gpu_name: "h100 sxm" })).toContain("gpu_name 'h100 sxm': Invalid GPU type");
    expect(error({ executed_at: "2026-03-11T00:00:00Z" })).toBe(
      "executed_at 2026-03-11T00:00:00.000Z is in the future",
    );
    expect(error({ price_usd_per_gpu_hour: "abc" })).toBe(
      "price_usd_per_gpu_hour 'abc' must be a number above 0 and at most 1000 (USD per GPU-hour)",
    );
    expect(error({ gpu_hours: 0 })).toBe(
      "gpu_hours '0' must be a number above 0 and at most 1000000",
    );
    expect(error({ trade_id: "x".repeat(201) })).toBe("trade_id is 201 characters; at most 200");
    expect(error({ executed_at: "0001-01-01 00:00:00" })).toContain(
      "is before 2010-01-01, when GPUs were first rented by the hour",
    );
    expect(error({ executed_at: "9999-01-01 00:00:00" })).toContain("is in the future");
    expect(error({ price_usd_per_gpu_hour: JSON.parse("1e999") as number })).toBe(
      "price_usd_per_gpu_hour '1e999' must be a number above 0 and at most 1000 (USD per GPU-hour)",
    );
    expect(error({ price_usd_per_gpu_hour: "1e20" })).toContain("at most 1000");
    expect(error({ provider: "Acme\tInc" })).toBe(
      "provider holds a control character (a tab, a line break): 'Acme\tInc'",
    );
    expect(error({ provider: "p".repeat(50_000) })).toBe(
      "provider is 50,000 characters; at most 200",
    );
  });
});
