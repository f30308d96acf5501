import { describe, expect, it } from "vitest";
import type { ModelClass } from "./models";
import { invalidCellSelectionMessage, parseWorkloadQuery, resolveWorkloadFamily } from "./query";
import { expectRefusals } from "../testing/tables";

describe("parseWorkloadQuery", () => {
  it("accepts no parameters and every filter", () => {
    expect(parseWorkloadQuery({})).toEqual({ ok: true, value: { cells: "latest" } });
    expect(
      parseWorkloadQuery({
        startDate: "2026-11-01",
        endDate: "2026-11-30",
        lab: "anthropic",
        family: "claude-sonnet",
        cells: "all",
      }),
    ).toEqual({
      ok: true,
      value: {
        startDate: "2026-11-01",
        endDate: "2026-11-30",
        lab: "anthropic",
        family: "claude-sonnet",
        cells: "all",
      },
    });
    expect(parseWorkloadQuery({ family: "all" })).toEqual({
      ok: true,
      value: { family: "all", cells: "latest" },
    });
    expect(parseWorkloadQuery({ cells: "none" })).toEqual({ ok: true, value: { cells: "none" } });
  });

  it("refuses an unknown lab, a malformed family, bad or reversed days", () => {
    expectRefusals(parseWorkloadQuery, [
      [{ lab: "Anthropic" }, expect.stringContaining("Invalid lab 'Anthropic'")],
      [{ family: "Claude Sonnet" }, expect.stringContaining("Invalid family 'Claude Sonnet'")],
      [
        { endDate: "2026-02-29" },
        expect.stringContaining("'endDate' must be a real calendar date"),
      ],
      [
        { startDate: "2026-12-01", endDate: "2026-11-01" },
        "'startDate' (2026-12-01) is after 'endDate' (2026-11-01).",
      ],
      [{ cells: "every" }, invalidCellSelectionMessage("every")],
      [{ model: "x" }, expect.stringContaining("Unknown query parameter 'model'")],
    ]);
    expect(invalidCellSelectionMessage("every")).toBe(
      "Invalid cells 'every'. Allowed values: latest, all, none (default latest).",
    );
  });
});

describe("resolveWorkloadFamily", () => {
  const published: ModelClass[] = [
    { lab: "anthropic", family: "claude-opus" },
    { lab: "anthropic", family: "claude-sonnet" },
    { lab: "openai", family: "gpt-5" },
    { lab: "openai", family: "gpt-5-chat" },
    { lab: "openai", family: "gpt-mini" },
    { lab: "openai", family: "o4-mini" },
    { lab: "openai", family: "gpt-codex-mini" },
    { lab: "openai", family: "gpt-pro" },
    { lab: "google", family: "gemini-pro" },
    { lab: "google", family: "gemini-flash" },
    { lab: "google", family: "gemini-flash-lite" },
    { lab: "qwen", family: "qwen3-coder" },
  ];
  const families = (value: string, lab?: ModelClass["lab"]) => {
    const selection = resolveWorkloadFamily(value, lab, published);
    return selection.kind === "families"
      ? selection.families.map((entry) => `${entry.lab}/${entry.family}`)
      : selection.kind;
  };

  it("takes our own families and the aggregate as they are", () => {
    expect(families("claude-sonnet")).toEqual(["anthropic/claude-sonnet"]);
    expect(families("all")).toBe("aggregate");
  });

  it("maps the reference's class names to every family in the class", () => {
    expect(families("sonnet")).toEqual(["anthropic/claude-sonnet"]);
    expect(families("opus", "anthropic")).toEqual(["anthropic/claude-opus"]);
    expect(families("flagship")).toEqual(["openai/gpt-5", "openai/gpt-5-chat"]);
    expect(families("mini")).toEqual(["openai/gpt-mini", "openai/o4-mini"]);
    expect(families("codex")).toEqual(["openai/gpt-codex-mini"]);
    expect(families("lite")).toEqual(["google/gemini-flash-lite"]);
    expect(families("flash")).toEqual(["google/gemini-flash"]);
    expect(families("pro")).toEqual(["openai/gpt-pro", "google/gemini-pro"]);
    expect(families("pro", "google")).toEqual(["google/gemini-pro"]);
  });

  it("names the families there are for a name that is neither ours nor a class of the lab", () => {
    expect(resolveWorkloadFamily("sonnet", "openai", published)).toEqual({
      kind: "unknown",
      known: ["gpt-5", "gpt-5-chat", "gpt-codex-mini", "gpt-mini", "gpt-pro", "o4-mini"],
    });
    expect(resolveWorkloadFamily("haiku", "anthropic", published)).toMatchObject({
      kind: "unknown",
    });
    expect(resolveWorkloadFamily("flagship", "qwen", published)).toEqual({
      kind: "unknown",
      known: ["qwen3-coder"],
    });
  });
});
