import { EVENT_FILTER_MESSAGES } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import { FLASH_COOKIE, encodeFlash } from "./account-paths";
import {
  EMPTY_WEBHOOK_FORM,
  MAX_KEPT_ITEMS,
  MAX_KEPT_ITEM_LENGTH,
  MAX_KEPT_VALUE_LENGTH,
  WEBHOOK_FORM_MESSAGES,
  fieldOfRefusal,
  keptValues,
  listItems,
  prefilledWebhookForm,
  readWebhookForm,
} from "./webhook-form";

function formOf(entries: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe("the new webhook form", () => {
  it("reads the URL, the ticked boxes, the series and the thresholds into the api's input", () => {
    const reading = readWebhookForm(
      formOf([
        ["url", "  https://hooks.example/tpi "],
        ["types", "threshold.crossed"],
        ["types", "value.settled"],
        ["markets", "memory"],
        ["series", "DDR5, DDR4 ,,"],
        ["levels", "100, -2.5"],
        ["changes", "5,.5"],
      ]),
    );
    expect(reading).toEqual({
      ok: true,
      values: {
        url: "https://hooks.example/tpi",
        types: ["threshold.crossed", "value.settled"],
        markets: ["memory"],
        series: "DDR5, DDR4 ,,",
        levels: "100, -2.5",
        changes: "5,.5",
      },
      input: {
        url: "https://hooks.example/tpi",
        types: ["threshold.crossed", "value.settled"],
        markets: ["memory"],
        series: ["DDR5", "DDR4"],
        thresholds: [
          { kind: "level", level: 100 },
          { kind: "level", level: -2.5 },
          { kind: "change", percent: 5 },
          { kind: "change", percent: 0.5 },
        ],
      },
    });
  });

  it("leaves out every list nothing narrows: no box ticked is every type and every market", () => {
    const reading = readWebhookForm(formOf([["url", "https://hooks.example/"]]));
    expect(reading.ok && reading.input).toEqual({ url: "https://hooks.example/" });
  });

  it("refuses a missing URL and a threshold that is not a decimal number, next to their fields", () => {
    for (const item of ["abc", "0x10", "1e", "Infinity", "1,2.3.4"]) {
      const reading = readWebhookForm(formOf([["levels", item]]));
      expect(reading.ok, item).toBe(false);
      if (reading.ok) continue;
      expect(reading.errors.url).toBe(WEBHOOK_FORM_MESSAGES.url);
      expect(reading.errors.levels, item).toMatch(/is not a number/);
    }
    const reading = readWebhookForm(
      formOf([
        ["url", "https://hooks.example/"],
        ["changes", "5 %"],
      ]),
    );
    expect(reading).toMatchObject({
      ok: false,
      errors: { changes: WEBHOOK_FORM_MESSAGES.notANumber("5 %") },
    });
    expect(reading.values.changes).toBe("5 %");
  });

  it("sends a long URL whole (the api bounds it) but keeps typed values bounded for the cookie", () => {
    const long = `https://hooks.example/${"a".repeat(2_500)}`;
    const reading = readWebhookForm(formOf([["url", long]]));
    expect(reading.ok && reading.input.url).toBe(long);
    const long400 = "x".repeat(5_000);
    const kept = keptValues({
      url: long400,
      series: long400,
      levels: long400,
      changes: long400,
      types: Array.from({ length: 20 }, () => "y".repeat(900)),
      markets: Array.from({ length: 20 }, () => "z".repeat(900)),
    });
    expect(kept.url.length).toBe(MAX_KEPT_VALUE_LENGTH);
    expect(kept.series.length).toBe(MAX_KEPT_VALUE_LENGTH);
    expect(kept.types.length).toBe(MAX_KEPT_ITEMS);
    expect(kept.markets[0]?.length).toBe(MAX_KEPT_ITEM_LENGTH);
    // Every value at its bound, with a long refusal, still fits the 4 KB cookie a browser keeps.
    const flash = encodeFlash({
      kind: "webhook-form",
      values: kept,
      errors: { url: "x".repeat(300) },
    });
    // Browsers keep a cookie whose name and value take at most 4,096 bytes.
    expect(`${FLASH_COOKIE}=${flash}`.length).toBeLessThanOrEqual(4_096);
  });

  it("splits lists on commas and new lines", () => {
    expect(listItems(" H100 SXM ,\nDDR5\n\n, ")).toEqual(["H100 SXM", "DDR5"]);
  });

  it("fills in a series page's market, series and threshold.crossed, and ignores an unknown type", () => {
    expect(
      prefilledWebhookForm({ market: "memory", series: "DDR5", type: "threshold.crossed" }),
    ).toEqual({
      ...EMPTY_WEBHOOK_FORM,
      types: ["threshold.crossed"],
      markets: ["memory"],
      series: "DDR5",
    });
    expect(prefilledWebhookForm({ type: "nonsense", market: ["a", "b"] })).toEqual(
      EMPTY_WEBHOOK_FORM,
    );
  });

  it("puts each of the api's filter refusals next to the field it is about", () => {
    const values = {
      ...EMPTY_WEBHOOK_FORM,
      url: "https://hooks.example/",
      types: ["value.settled", "bogus"],
      markets: ["memory", "moon"],
      series: "DDR5, nope",
    };
    const served = ["token", "memory"];
    const fieldOf = (message: string) => fieldOfRefusal(message, values);
    const m = EVENT_FILTER_MESSAGES;
    expect(fieldOf(m.unknownType("bogus"))).toBe("types");
    expect(fieldOf(m.typeWithoutThresholds)).toBe("types");
    expect(fieldOf(m.thresholdsWithoutType)).toBe("types");
    expect(fieldOf(m.unknownMarket("moon", served))).toBe("markets");
    expect(fieldOf(m.unknownSeries("nope", ["memory"]))).toBe("series");
    expect(fieldOf(m.tooManySeries)).toBe("series");
    expect(fieldOf(m.level)).toBe("levels");
    expect(fieldOf(m.percent)).toBe("changes");
    expect(fieldOf("Invalid 'url': only https addresses.")).toBe("url");
    expect(fieldOf("This account already holds 1 webhook subscriptions.")).toBeUndefined();
  });
});
