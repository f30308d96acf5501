import { describe, expect, it } from "vitest";
import {
  TURN_RANGES,
  cellKey,
  readSessionCostMeta,
  readSessionCostRow,
  sessionCostCitation,
} from "./cells";

const row = {
  app_name: "Hermes Agent",
  app_slug: "hermes-agent",
  median_session_cost_usd: 1.74,
  model_permaslug: "anthropic/claude-4.8-opus",
  turn_range: "10-49-turns",
};

describe("readSessionCostRow", () => {
  it("reads the documented row shape", () => {
    expect(readSessionCostRow(row)).toEqual({
      ok: true,
      value: {
        appSlug: "hermes-agent",
        appName: "Hermes Agent",
        modelPermaslug: "anthropic/claude-4.8-opus",
        turnRange: "10-49-turns",
        medianSessionCostUsd: 1.74,
      },
    });
    expect(TURN_RANGES).toEqual(["1-turn", "2-9-turns", "10-49-turns", "50-plus-turns"]);
  });

  it("refuses each bad field with a clear reason", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...row, app_slug: "Hermes Agent" }, "app_slug must be a lower-case slug"],
      [{ ...row, app_name: " " }, "app_name must be 1 to 200 characters"],
      [{ ...row, model_permaslug: "claude-4.8-opus" }, "model_permaslug must be '<lab>/<model>'"],
      [{ ...row, turn_range: "1-9-turns" }, "turn_range must be one of"],
      [{ ...row, median_session_cost_usd: 0 }, "median_session_cost_usd must be a number above 0"],
      [{ ...row, median_session_cost_usd: -1 }, "median_session_cost_usd must be a number above 0"],
      [{ ...row, median_session_cost_usd: "1.74" }, "median_session_cost_usd must be a number"],
    ];
    for (const [input, message] of cases) {
      const result = readSessionCostRow(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toContain(message);
    }
    expect(readSessionCostRow(null)).toMatchObject({ ok: false });
    expect(readSessionCostRow([row])).toMatchObject({ ok: false });
  });
});

describe("readSessionCostMeta", () => {
  it("reads the window of a snapshot", () => {
    expect(
      readSessionCostMeta({
        as_of: "2026-05-12T02:00:00.000Z",
        version: "v1",
        window_days: 30,
        window_end_date: "2026-05-11",
      }),
    ).toEqual({
      ok: true,
      value: { asOf: "2026-05-12T02:00:00.000Z", windowDays: 30, windowEndDate: "2026-05-11" },
    });
  });

  it("refuses a meta without a real window", () => {
    const good = { as_of: "2026-05-12T02:00:00Z", window_days: 30, window_end_date: "2026-05-11" };
    expect(readSessionCostMeta({ ...good, as_of: "yesterday" })).toMatchObject({ ok: false });
    expect(readSessionCostMeta({ ...good, window_days: 0 })).toMatchObject({ ok: false });
    expect(readSessionCostMeta({ ...good, window_days: 7.5 })).toMatchObject({ ok: false });
    expect(readSessionCostMeta({ ...good, window_end_date: "2026-02-30" })).toMatchObject({
      ok: false,
    });
    expect(readSessionCostMeta(undefined)).toMatchObject({ ok: false });
  });
});

describe("cell identity and citation", () => {
  it("matches cells by harness, model and turn range", () => {
    expect(cellKey({ appSlug: "cline", modelPermaslug: "openai/gpt-5", turnRange: "1-turn" })).toBe(
      "cline|openai/gpt-5|1-turn",
    );
  });

  it("cites OpenRouter with the snapshot's as_of and the licence", () => {
    expect(sessionCostCitation("2026-05-12T02:00:00.000Z")).toBe(
      "Source: OpenRouter (openrouter.ai), session-cost dataset, as of 2026-05-12T02:00:00.000Z. Licensed under CC BY 4.0.",
    );
  });
});
