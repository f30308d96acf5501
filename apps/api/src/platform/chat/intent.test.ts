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

describe("parseQuestion: the method, however it is asked", () => {
  const now = new Date("2026-11-23T12:00:00.000Z");
  const parse = (message: string) => parseQuestion(message, [], now);

  // The help text offers "how the indices are computed": these are ways people ask it.
  it.each([
    ["Explain how the index is computed", undefined],
    ["explain how the index is computed", undefined],
    ["How is the index calculated?", undefined],
    ["What is the methodology?", undefined],
    ["How do you compute the GPU index?", "gpu"],
    ["Can you explain how the token index is calculated?", "lab"],
    ["How are the token prices weighted?", "lab"],
    ["Explain the GPU index", "gpu"],
    ["describe the methodology of the token price index", "lab"],
    ["how does the H100 price get determined?", undefined],
    ["Walk me through how the daily values are derived", undefined],
    ["What's the formula?", undefined],
    ["how are the hourly prints made for GPUs?", "gpu"],
    ["how is it calculated", undefined],
  ])("%j asks for the method", (message, domain) => {
    expect(parse(message)).toMatchObject({ kind: "methodology", domain });
  });

  it.each([
    // Not about our data: a computing word alone is not a question about the index.
    ["How do you compute pi?", "out_of_scope"],
    ["Explain quantum computing", "out_of_scope"],
    ["explain how photosynthesis works", "out_of_scope"],
    ["How is the weather determined?", "out_of_scope"],
    ["Explain the rules of chess", "out_of_scope"],
    // About values, not the method.
    ["Explain why qwen's index fell last month", "change"],
    ["How did the settled H100 price change over the last week?", "change"],
    ["Explain the H100 vs B200 index gap", "compare"],
    ["How much is the H100 index today?", "latest"],
    ["What is the latest settled value for qwen?", "latest"],
  ])("%j does not", (message, kind) => {
    expect(parse(message).kind).toBe(kind);
  });
});

describe("parseQuestion: a comparison over the period it names", () => {
  const now = new Date("2026-11-23T12:00:00.000Z");
  const parse = (message: string) => parseQuestion(message, [], now);
  const OCTOBER = { startDate: "2026-10-01", endDate: "2026-10-31", label: "in October 2026" };

  it.each([
    ["Compare qwen and deepseek in October 2026", OCTOBER],
    ["compare Qwen with DeepSeek during October 2026", OCTOBER],
    ["Qwen vs DeepSeek, Oct 2026", OCTOBER],
    ["How did qwen compare with deepseek in October?", OCTOBER],
    ["Was qwen cheaper than deepseek in october?", OCTOBER],
    ["qwen versus deepseek for 2026-10", OCTOBER],
    [
      "compare qwen and deepseek in Sept 2026",
      {
        startDate: "2026-09-01",
        endDate: "2026-09-30",
        label: "in September 2026",
      },
    ],
    // The current month runs to today.
    [
      "compare qwen and deepseek in November",
      {
        startDate: "2026-11-01",
        endDate: "2026-11-23",
        label: "in November 2026",
      },
    ],
    // A month without a year is the latest one that has begun.
    [
      "compare qwen and deepseek in December",
      {
        startDate: "2025-12-01",
        endDate: "2025-12-31",
        label: "in December 2025",
      },
    ],
    [
      "compare qwen and deepseek from 2026-10-05 to 2026-10-20",
      {
        startDate: "2026-10-05",
        endDate: "2026-10-20",
        label: "from 2026-10-05 to 2026-10-20",
      },
    ],
    [
      "compare the H100 and the B200 over the last 3 months",
      {
        startDate: "2026-08-23",
        endDate: "2026-11-23",
        label: "over the last 3 months",
      },
    ],
  ])("%j compares the period", (message, period) => {
    expect(parse(message)).toMatchObject({ kind: "compare", period });
    expect((parse(message) as { subjects: unknown[] }).subjects).toHaveLength(2);
  });

  it.each([
    ["What was Anthropic's index in October 2026?", ["anthropic"]],
    ["H100 price in October", ["H100 SXM"]],
    ["What was the GPU index in October 2026?", [...GPU_NAMES]],
  ])("%j asks one period's value: its mean over the period, not the latest", (message, names) => {
    const question = parse(message);
    expect(question).toMatchObject({ kind: "compare", period: OCTOBER });
    expect(
      (question as { subjects: Subject[] }).subjects.map((s) => (s.kind === "gpu" ? s.gpu : s.lab)),
    ).toEqual(names);
  });

  it("answers the latest value when no period is named", () => {
    expect(parse("What is Anthropic's index?")).toMatchObject({ kind: "latest" });
  });

  it.each([
    "Compare qwen and deepseek",
    "qwen vs deepseek",
    "May I compare qwen and deepseek?",
    "Compare qwen and deepseek now",
  ])("%j compares the latest values (no period)", (message) => {
    expect(parse(message)).toEqual({ kind: "compare", subjects: expect.any(Array) });
  });
});
