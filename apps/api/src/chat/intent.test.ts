import { GPU_NAMES, LAB_IDS } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import { findSubjects, parseQuestion, type ChatTurn, type Subject } from "./intent";

const names = (text: string) => findSubjects(text).map((s) => (s.kind === "gpu" ? s.gpu : s.lab));

describe("findSubjects", () => {
  it("recognises GPUs however they are written, in the order mentioned", () => {
    expect(names("is the b200 cheaper than an H100?")).toEqual(["B200", "H100 SXM"]);
    expect(names("RTX PRO 6000 vs rtx 5090 vs A100")).toEqual([
      "RTX PRO 6000 WS",
      "RTX 5090",
      "A100 SXM4",
    ]);
    expect(names("h 200 price")).toEqual(["H200"]);
  });

  it("recognises labs by id, label and common product names, without matching inside words", () => {
    expect(names("Claude versus GPT-5 versus Gemini")).toEqual(["anthropic", "openai", "google"]);
    expect(names("what about z-ai and Moonshot AI?")).toEqual(["z-ai", "moonshotai"]);
    expect(names("metadata about the market")).toEqual([]);
  });
});

describe("parseQuestion", () => {
  // The questions the built-in engine answers today (see routes/chat.int.test.ts).
  const now = new Date("2026-03-10T12:30:00.000Z");
  const parse = (message: string, history: ChatTurn[] = []) => parseQuestion(message, history, now);
  const subjectNames = (subjects: readonly Subject[]) =>
    subjects.map((s) => (s.kind === "gpu" ? s.gpu : s.lab));

  it("reads a latest-value question", () => {
    expect(parse("What is the current H100 price?")).toEqual({
      kind: "latest",
      subjects: [{ kind: "gpu", gpu: "H100 SXM" }],
    });
  });

  it("reads a change over a named period", () => {
    expect(parse("How did the H200 change over the last 5 days?")).toEqual({
      kind: "change",
      subjects: [{ kind: "gpu", gpu: "H200" }],
      period: { startDate: "2026-03-05", endDate: "2026-03-10", label: "over the last 5 days" },
    });
  });

  it("reads a comparison of two labs, named by product or by label", () => {
    expect(parse("Compare Claude vs OpenAI")).toEqual({
      kind: "compare",
      subjects: [
        { kind: "lab", lab: "anthropic", label: "Anthropic" },
        { kind: "lab", lab: "openai", label: "OpenAI" },
      ],
    });
    // Two subjects are a comparison even without the word.
    expect(parse("H100 and B200 please")).toMatchObject({ kind: "compare" });
  });

  it("reads a low or high of one subject over a period", () => {
    expect(parse("What was the lowest H100 value in the past week?")).toEqual({
      kind: "extreme",
      subjects: [{ kind: "gpu", gpu: "H100 SXM" }],
      period: { startDate: "2026-03-03", endDate: "2026-03-10", label: "over the last week" },
      high: false,
    });
    expect(parse("peak anthropic price")).toMatchObject({ kind: "extreme", high: true });
  });

  it("ranks every GPU or lab when the question names a kind but no subject", () => {
    const cheapest = parse("Which GPU is cheapest right now?");
    expect(cheapest).toMatchObject({ kind: "ranking", high: false });
    expect(cheapest.kind === "ranking" && subjectNames(cheapest.pool)).toEqual(GPU_NAMES);
    const dearest = parse("Which lab is the most expensive?");
    expect(dearest).toMatchObject({ kind: "ranking", high: true });
    expect(dearest.kind === "ranking" && subjectNames(dearest.pool)).toEqual(LAB_IDS);
    // Only the named ones when several are named.
    const named = parse("cheapest of qwen and deepseek");
    expect(named.kind === "ranking" && subjectNames(named.pool)).toEqual(["qwen", "deepseek"]);
  });

  it("answers every subject's latest value for a kind without a subject", () => {
    const all = parse("token prices");
    expect(all.kind === "latest" && subjectNames(all.subjects)).toEqual(LAB_IDS);
  });

  it("takes the subject of a follow-up from the latest user turn that named one", () => {
    const history: ChatTurn[] = [
      { role: "user", content: "What about H200?" },
      { role: "user", content: "What about anthropic?" },
      { role: "assistant", content: "OpenAI and Google are cheaper." },
    ];
    expect(parse("and how did it change?", history)).toMatchObject({
      kind: "change",
      subjects: [{ kind: "lab", lab: "anthropic" }],
    });
    // A free-tier question never inherits a subject.
    expect(parse("and is it free?", history)).toEqual({ kind: "free_tier" });
  });

  it("reads free-tier and methodology questions, and which index the method is asked of", () => {
    expect(parse("What can I get for free without a key?")).toEqual({ kind: "free_tier" });
    expect(parse("How is the GPU index calculated?")).toEqual({
      kind: "methodology",
      subjects: [],
      domain: "gpu",
    });
    expect(parse("what is winsorizing?")).toEqual({
      kind: "methodology",
      subjects: [],
      domain: undefined,
    });
    expect(parse("How is the Claude index computed?")).toMatchObject({
      kind: "methodology",
      subjects: [{ kind: "lab", lab: "anthropic" }],
    });
  });

  it("reads token volume, usage and share questions about labs", () => {
    expect(parse("what share of tokens does anthropic have")).toEqual({
      kind: "volume",
      labs: [{ kind: "lab", lab: "anthropic", label: "Anthropic" }],
      period: { startDate: "2026-02-08", endDate: "2026-03-10", label: "over the last 30 days" },
      growth: false,
    });
    expect(parse("token volume growth of openai this month")).toEqual({
      kind: "volume",
      labs: [{ kind: "lab", lab: "openai", label: "OpenAI" }],
      period: { startDate: "2026-02-10", endDate: "2026-03-10", label: "over the last month" },
      growth: true,
    });
    expect(parse("How did Claude's usage change over the last week?")).toMatchObject({
      kind: "volume",
      labs: [{ lab: "anthropic" }],
      growth: true,
    });
    expect(parse("What is each lab's market share?")).toMatchObject({ kind: "volume", labs: [] });
    // A follow-up takes its lab from an earlier turn, like any other question.
    expect(
      parse("and its share?", [{ role: "user", content: "What about Gemini?" }]),
    ).toMatchObject({ kind: "volume", labs: [{ lab: "google" }] });
  });

  it("never reads a GPU question as token volume", () => {
    expect(parse("What is the H100's trade volume?")).toEqual({
      kind: "trade_volume",
      gpus: ["H100 SXM"],
    });
    expect(parse("GPU usage prices")).toMatchObject({ kind: "latest" });
  });

  it("reads GPU analytics questions: volatility, the rolling 24-hour average, traded volume", () => {
    expect(parse("How volatile is the B200?")).toEqual({ kind: "volatility", gpus: ["B200"] });
    expect(parse("volatility of H100 vs H200")).toEqual({
      kind: "volatility",
      gpus: ["H100 SXM", "H200"],
    });
    expect(parse("Which GPUs are most volatile?")).toEqual({ kind: "volatility", gpus: [] });
    expect(parse("What is the H200's rolling 24h average?")).toEqual({
      kind: "rolling_average",
      gpus: ["H200"],
    });
    expect(parse("H100 average over the last 24 hours")).toMatchObject({ kind: "rolling_average" });
    expect(parse("How many trades did the A100 see, and from how many providers?")).toEqual({
      kind: "trade_volume",
      gpus: ["A100 SXM4"],
    });
    // Without a GPU or a word about GPUs, volatility is not read as a GPU question.
    expect(parse("How volatile is Anthropic?")).toMatchObject({ kind: "latest" });
  });

  it("leaves anything else out of scope", () => {
    expect(parse("What's the weather in Paris?")).toEqual({ kind: "out_of_scope" });
    expect(parse("hello")).toEqual({ kind: "out_of_scope" });
  });
});
