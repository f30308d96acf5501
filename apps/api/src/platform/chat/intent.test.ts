import { GPU_NAMES, LAB_IDS } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import { MARKETS } from "../../markets";
import type { Market } from "../core/market";
import { findSubjects, intentOf, readQuestion, withoutSubjects } from "./intent";
import type { ChatTurn, Period } from "../core/chat";
import { defaultPeriod } from "./period";
import { readWhen } from "./when";

const names = (text: string) => findSubjects(text, MARKETS).map((s) => s.id);

/**
 * A question as the engine reads it, in a shape tests can compare: the intent's kind (a market
 * intent by its name), the subjects it is about (ids), its period, highs or lows, its market.
 */
type Read = {
  kind: string;
  subjects?: string[];
  period?: Period;
  high?: boolean;
  domain?: string;
};

function readAt(now: Date) {
  return (message: string, history: ChatTurn[] = []): Read => {
    const when = readWhen(withoutSubjects(message, MARKETS), now);
    const question = readQuestion(message, history, now, MARKETS, when);
    const named = when.kind === "period" ? when.period : undefined;
    const period = named ?? defaultPeriod(now);
    const intent = intentOf(question, MARKETS);
    const ids = (subjects: readonly { id: string }[]) => subjects.map((s) => s.id);
    switch (intent.kind) {
      case "methodology":
        return { kind: "methodology", subjects: ids(question.subjects), domain: question.domain };
      case "free_tier":
      case "provenance":
      case "out_of_scope":
        return { kind: intent.kind };
      case "mover":
        return { kind: "mover", subjects: ids(intent.pool), period };
      case "on_day":
        return { kind: "on_day", subjects: ids(intent.subjects) };
      case "market": {
        const handler = intent.market.intents[intent.intent];
        const own = question.subjects.filter((s) =>
          intent.market.subjects.some((entry) => entry.subject.market === s.market),
        );
        return { kind: handler?.intent ?? "?", subjects: ids(own) };
      }
      case "ranking":
        return { kind: "ranking", subjects: ids(intent.pool), high: intent.high };
      case "extreme":
        return {
          kind: "extreme",
          subjects: ids(intent.subjects),
          period,
          high: intent.high,
        };
      case "change":
        return { kind: "change", subjects: ids(intent.subjects), period };
      case "history":
        return { kind: "history", subjects: ids(intent.subjects), period };
      case "compare":
        return named !== undefined
          ? { kind: "compare", subjects: ids(intent.subjects), period: named }
          : { kind: "compare", subjects: ids(intent.subjects) };
      case "latest":
        return { kind: "latest", subjects: ids(intent.subjects) };
    }
  };
}

describe("findSubjects", () => {
  it("reads a name inside a longer one as the longer one's subject only", () => {
    // "Claude Code" is the coding agent, not also the lab that "Claude" names alone.
    expect(names("Tell me about Claude Code")).toEqual(["claude"]);
    expect(names("Claude vs Claude Code")).toEqual(["anthropic", "claude"]);
  });

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

describe("reading a question", () => {
  // The questions the built-in engine answers today (see chat-route.int.test.ts).
  const now = new Date("2026-03-10T12:30:00.000Z");
  const parse = readAt(now);

  it("reads a latest-value question", () => {
    expect(parse("What is the current H100 price?")).toEqual({
      kind: "latest",
      subjects: ["H100 SXM"],
    });
  });

  it("reads a change over a named period", () => {
    expect(parse("How did the H200 change over the last 5 days?")).toEqual({
      kind: "change",
      subjects: ["H200"],
      period: { startDate: "2026-03-05", endDate: "2026-03-10", label: "over the last 5 days" },
    });
  });

  it("reads a period's values asked as a history, not their mean", () => {
    expect(parse("Show me the A100 price history for the last 5 days")).toEqual({
      kind: "history",
      subjects: ["A100 SXM4"],
      period: { startDate: "2026-03-05", endDate: "2026-03-10", label: "over the last 5 days" },
    });
    expect(parse("Anthropic's index day by day over the last 5 days")).toMatchObject({
      kind: "history",
      subjects: ["anthropic"],
    });
    // "Every day" says how often, not which values: never a history.
    expect(parse("Is the Anthropic index published every day?").kind).not.toBe("history");
  });

  it("reads when and how often values are made, and what a term means, as the method", () => {
    for (const question of [
      "How often is the LLM coding data updated?",
      "When does the memory index settle?",
      "What does provisional mean for pull request counts?",
    ])
      expect(parse(question).kind, question).toBe("methodology");
    // A value's time is not the method's.
    expect(parse("When was the H100 price at its highest this month?").kind).toBe("extreme");
  });

  it("reads 'which … has the lowest (highest) price' as a ranking", () => {
    expect(parse("Which GPU has the lowest price?")).toMatchObject({
      kind: "ranking",
      high: false,
    });
    expect(parse("Which lab has the highest index?")).toMatchObject({
      kind: "ranking",
      high: true,
    });
    // One subject's high is its extreme, not a ranking.
    expect(parse("What was the H100's highest price this month?").kind).toBe("extreme");
  });

  it("leaves another market's 'which provider' question to that market", () => {
    // The neo-cloud operators' ranking answers site questions only.
    expect(parse("Which provider's GPU prices rose the most?").kind).toBe("mover");
    expect(parse("Which memory provider had the largest increase?").kind).toBe("mover");
  });

  it("reads 'trended' and 'go up or down' as a change", () => {
    for (const question of [
      "How has the H200 trended over the last 5 days?",
      "Did the H200 go up or down over the last 5 days?",
    ])
      expect(parse(question), question).toEqual({
        kind: "change",
        subjects: ["H200"],
        period: { startDate: "2026-03-05", endDate: "2026-03-10", label: "over the last 5 days" },
      });
  });

  it("reads a comparison of two labs, named by product or by label", () => {
    expect(parse("Compare Claude vs OpenAI")).toEqual({
      kind: "compare",
      subjects: ["anthropic", "openai"],
    });
    // Two subjects are a comparison even without the word.
    expect(parse("H100 and B200 please")).toMatchObject({ kind: "compare" });
  });

  it("reads a low or high of one subject over a period", () => {
    expect(parse("What was the lowest H100 value in the past week?")).toEqual({
      kind: "extreme",
      subjects: ["H100 SXM"],
      period: { startDate: "2026-03-03", endDate: "2026-03-10", label: "over the last week" },
      high: false,
    });
    expect(parse("peak anthropic price")).toMatchObject({ kind: "extreme", high: true });
  });

  it("ranks every GPU or lab when the question names a kind but no subject", () => {
    const cheapest = parse("Which GPU is cheapest right now?");
    expect(cheapest).toMatchObject({ kind: "ranking", high: false });
    expect(cheapest.subjects).toEqual(GPU_NAMES);
    const dearest = parse("Which lab is the most expensive?");
    expect(dearest).toMatchObject({ kind: "ranking", high: true });
    expect(dearest.subjects).toEqual(LAB_IDS);
    // Only the named ones when several are named.
    const named = parse("cheapest of qwen and deepseek");
    expect(named.subjects).toEqual(["qwen", "deepseek"]);
  });

  it("answers every subject's latest value for a kind without a subject", () => {
    const all = parse("token prices");
    expect(all.subjects).toEqual(LAB_IDS);
  });

  it("takes the subject of a follow-up from the latest user turn that named one", () => {
    const history: ChatTurn[] = [
      { role: "user", content: "What about H200?" },
      { role: "user", content: "What about anthropic?" },
      { role: "assistant", content: "OpenAI and Google are cheaper." },
    ];
    expect(parse("and how did it change?", history)).toMatchObject({
      kind: "change",
      subjects: ["anthropic"],
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
      subjects: ["anthropic"],
    });
  });

  it("reads 'what is' and an index's own name as a methodology question, from the markets' names", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const kindOf = (message: string, markets: readonly Market[]) => {
      const question = readQuestion(message, [], now, markets, readWhen(message, now));
      return intentOf(question, markets).kind;
    };
    for (const market of MARKETS.filter((candidate) => candidate.chat.indexNames !== undefined)) {
      const name = market.chat.indexNames?.source.split("|")[0] ?? "";
      expect(kindOf(`what is the ${name}?`, MARKETS), market.name).toBe("methodology");
      // Without the market, its index's name is no word of ours.
      expect(kindOf(`what is the ${name}?`, []), market.name).toBe("out_of_scope");
    }
  });

  it("reads token volume, usage and share questions about labs", () => {
    // Whether volume grew or what share it has is the market's answer (chat-route.int.test.ts).
    expect(parse("what share of tokens does anthropic have")).toEqual({
      kind: "volume",
      subjects: ["anthropic"],
    });
    expect(parse("token volume growth of openai this month")).toEqual({
      kind: "volume",
      subjects: ["openai"],
    });
    expect(parse("How did Claude's usage change over the last week?")).toMatchObject({
      kind: "volume",
      subjects: ["anthropic"],
    });
    expect(parse("What is each lab's market share?")).toMatchObject({
      kind: "volume",
      subjects: [],
    });
    // A follow-up takes its lab from an earlier turn, like any other question.
    expect(
      parse("and its share?", [{ role: "user", content: "What about Gemini?" }]),
    ).toMatchObject({ kind: "volume", subjects: ["google"] });
  });

  it("never reads a GPU question as token volume", () => {
    expect(parse("What is the H100's trade volume?")).toEqual({
      kind: "trade_volume",
      subjects: ["H100 SXM"],
    });
    expect(parse("GPU usage prices")).toMatchObject({ kind: "latest" });
  });

  it("reads GPU analytics questions: volatility, the rolling 24-hour average, traded volume", () => {
    expect(parse("How volatile is the B200?")).toEqual({ kind: "volatility", subjects: ["B200"] });
    expect(parse("volatility of H100 vs H200")).toEqual({
      kind: "volatility",
      subjects: ["H100 SXM", "H200"],
    });
    expect(parse("Which GPUs are most volatile?")).toEqual({ kind: "volatility", subjects: [] });
    expect(parse("What is the H200's rolling 24h average?")).toEqual({
      kind: "rolling_average",
      subjects: ["H200"],
    });
    expect(parse("H100 average over the last 24 hours")).toMatchObject({ kind: "rolling_average" });
    expect(parse("How many trades did the A100 see, and from how many providers?")).toEqual({
      kind: "trade_volume",
      subjects: ["A100 SXM4"],
    });
    // Without a GPU or a word about GPUs, volatility is not read as a GPU question.
    expect(parse("How volatile is Anthropic?")).toMatchObject({ kind: "latest" });
  });

  it("leaves anything else out of scope", () => {
    expect(parse("What's the weather in Paris?")).toEqual({ kind: "out_of_scope" });
    expect(parse("hello")).toEqual({ kind: "out_of_scope" });
  });
});

describe("reading a question: the method, however it is asked", () => {
  const parse = readAt(new Date("2026-11-23T12:00:00.000Z"));

  // The help text offers "how the indices are computed": these are ways people ask it.
  it.each([
    ["Explain how the index is computed", undefined],
    ["explain how the index is computed", undefined],
    ["How is the index calculated?", undefined],
    ["What is the methodology?", undefined],
    ["How do you compute the GPU index?", "gpu"],
    ["Can you explain how the token index is calculated?", "token"],
    ["How are the token prices weighted?", "token"],
    ["Explain the GPU index", "gpu"],
    ["describe the methodology of the token price index", "token"],
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

describe("reading a question: a comparison over the period it names", () => {
  const parse = readAt(new Date("2026-11-23T12:00:00.000Z"));
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
    expect(parse(message).subjects).toHaveLength(2);
  });

  it.each([
    ["What was Anthropic's index in October 2026?", ["anthropic"]],
    ["H100 price in October", ["H100 SXM"]],
    ["What was the GPU index in October 2026?", [...GPU_NAMES]],
  ])("%j asks one period's value: its mean over the period, not the latest", (message, names) => {
    const question = parse(message);
    expect(question).toMatchObject({ kind: "compare", period: OCTOBER });
    expect(question.subjects).toEqual(names);
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
    expect(parse(message)).toEqual({ kind: "compare", subjects: expect.any(Array) as unknown });
  });
});

describe("a lab's models: asked of the constituents only when the question is about them", () => {
  const parse = readAt(new Date("2026-11-22T12:00:00.000Z"));
  it.each([
    ["What is the cheapest Claude model?", ["anthropic"]],
    ["Which OpenAI models are in the index?", ["openai"]],
    ["How much does GPT-5 cost per million tokens?", ["openai"]],
    ["What does Claude Sonnet 4.5 cost?", ["anthropic"]],
    ["What did Qwen3 cost on 2026-11-20?", ["qwen"]],
    ["What is the cheapest model?", []],
  ])("%j is the models' question", (message, subjects) => {
    expect(parse(message)).toEqual({ kind: "models", subjects });
  });

  it.each([
    // A coding-agent session's model is Workload Cost's.
    ["What does a Cline session on GPT-5 cost?", "workload"],
    ["What is the workload index for Claude Sonnet?", "workload"],
    ["Which Anthropic models are in the workload index?", "workload"],
    // Comparisons, changes, movers and periods are the labs' index questions.
    ["Is Claude cheaper than GPT-5?", "compare"],
    ["Claude versus GPT-5 versus Gemini", "compare"],
    ["How did OpenAI model prices change?", "change"],
    ["Which OpenAI model got cheaper?", "mover"],
    ["Anthropic models last month", "compare"],
    // A lab and a word or number that is no model version is the lab's index.
    ["Anthropic max price", "extreme"],
    ["OpenAI 30-day low", "extreme"],
    ["Qwen 11/15 price", "on_day"],
    ["How much does OpenAI o3 cost?", "latest"],
    // A model's move or history over time is the lab's.
    ["Has GPT-5 gone up?", "change"],
    ["GPT-5 price history", "history"],
    ["Anthropic model price history", "history"],
    // Not about the data.
    ["What model are you?", "out_of_scope"],
    ["Which model powers this chat?", "out_of_scope"],
  ])("%j is not (%s)", (message, kind) => {
    expect(parse(message).kind).toBe(kind);
  });
});
