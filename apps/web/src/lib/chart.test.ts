import { describe, expect, it } from "vitest";
import { chartGeometry, describeSeries, niceDomain, niceStep } from "./chart";

describe("niceStep / niceDomain", () => {
  it("picks 1, 2, 2.5 or 5 times a power of ten", () => {
    expect(niceStep(6, 4)).toBe(2);
    expect(niceStep(0.4, 4)).toBe(0.1);
    expect(niceStep(9, 4)).toBe(2.5);
  });
  it("encloses the data with round bounds", () => {
    expect(niceDomain(0.38, 5.96)).toEqual({ low: 0, high: 6, step: 2 });
  });
  it("gives a flat series a band around its value", () => {
    const domain = niceDomain(3, 3);
    expect(domain.low).toBeLessThan(3);
    expect(domain.high).toBeGreaterThan(3);
  });
});

describe("chartGeometry", () => {
  const frame = { width: 200, height: 100, top: 0, right: 0, bottom: 0, left: 0 };

  it("is undefined without points", () => {
    expect(chartGeometry([{ key: "a", label: "A", points: [] }], frame)).toBeUndefined();
  });

  it("maps the first day to the left edge, the last to the right, and breaks the line at a missing day", () => {
    const geometry = chartGeometry(
      [
        {
          key: "a",
          label: "A",
          points: [
            { date: "2026-03-01", value: 0 },
            { date: "2026-03-02", value: 2 },
            { date: "2026-03-05", value: 4 },
          ],
        },
      ],
      frame,
    );
    expect(geometry?.series[0]?.path).toBe("M0,100 L50,50 M200,0");
    expect(geometry?.firstDay).toBe("2026-03-01");
    expect(geometry?.lastDay).toBe("2026-03-05");
    expect(geometry?.xTicks.at(-1)?.value).toBe("2026-03-05");
    expect(geometry?.yTicks.map((tick) => tick.value)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("describeSeries", () => {
  it("states first, last, low and high of each series", () => {
    const text = describeSeries(
      [
        {
          key: "a",
          label: "A",
          points: [
            { date: "d1", value: 2 },
            { date: "d2", value: 1 },
            { date: "d3", value: 3 },
          ],
        },
      ],
      (value) => `$${value}`,
      (day) => day,
    );
    expect(text).toBe("A: $2 on d1, $3 on d3; low $1, high $3.");
  });
});
