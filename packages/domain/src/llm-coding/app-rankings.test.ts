import { describe, expect, it } from "vitest";
import {
  appRankingsCitation,
  codingAgentOfApp,
  invalidAgentMessage,
  parseLlmCodingTokensQuery,
  readAppRankingRow,
} from "./app-rankings";
import { expectMapping, expectRefusals } from "../testing/tables";

const row = {
  app_id: 12345,
  app_name: "Cline",
  rank: 1,
  total_requests: 4321,
  total_tokens: "12345678901234567890".slice(0, 19),
};

describe("readAppRankingRow", () => {
  it("reads the documented row, tokens exactly beyond 2^53", () => {
    expect(readAppRankingRow(row)).toEqual({
      ok: true,
      value: {
        appId: 12345,
        appName: "Cline",
        rank: 1,
        totalRequests: 4321,
        totalTokens: 1234567890123456789n,
      },
    });
  });

  it("refuses a row with a bad field", () => {
    expect(readAppRankingRow({ ...row, total_tokens: 12345678 })).toEqual({
      ok: false,
      error: "total_tokens must be a decimal string of a whole number of tokens",
    });
    expect(readAppRankingRow({ ...row, total_tokens: "-5" })).toMatchObject({ ok: false });
    expect(readAppRankingRow({ ...row, rank: 0 })).toMatchObject({ ok: false });
    expect(readAppRankingRow({ ...row, app_name: "" })).toMatchObject({ ok: false });
    expect(readAppRankingRow({ ...row, app_id: "12345" })).toMatchObject({ ok: false });
    expect(readAppRankingRow({ ...row, total_requests: -1 })).toMatchObject({ ok: false });
    expect(readAppRankingRow(null)).toMatchObject({ ok: false });
  });

  it("cites OpenRouter's apps page with the data's as_of", () => {
    expect(appRankingsCitation("2026-05-12T02:00:00Z")).toBe(
      "Source: OpenRouter (openrouter.ai/apps), as of 2026-05-12T02:00:00Z. Licensed under CC BY 4.0.",
    );
  });
});

describe("codingAgentOfApp", () => {
  it("names the five agents by the names they rank under, and no other app", () => {
    expectMapping(codingAgentOfApp, {
      "Claude Code": "claude",
      "OpenAI Codex CLI": "codex",
      "GitHub Copilot": "copilot",
      Cursor: "cursor",
      Devin: "devin",
      Cline: null,
      "Claude Desktop": null,
    });
  });
});

describe("parseLlmCodingTokensQuery", () => {
  it("takes an optional agent and ordered days, refusing others in the API's words", () => {
    expect(parseLlmCodingTokensQuery({ agent: "codex", startDate: "2026-11-01" })).toEqual({
      ok: true,
      value: { agent: "codex", startDate: "2026-11-01" },
    });
    expectRefusals(parseLlmCodingTokensQuery, [
      [{ agent: "Codex" }, invalidAgentMessage("Codex")],
      [
        { startDate: "2026-11-02", endDate: "2026-11-01" },
        "'startDate' (2026-11-02) is after 'endDate' (2026-11-01).",
      ],
    ]);
  });
});
