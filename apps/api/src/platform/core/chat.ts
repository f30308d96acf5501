import type { DomainError, Result, UtcDay } from "@tpi/domain";
import { z } from "zod";
import type { Caller } from "../auth/api-key-authenticator";
import type { AppDeps } from "./deps";
import type { Route } from "./route";

/**
 * The chat's contract with the markets and with the optional model backend: what a market tells
 * the chat (`ChatMarket`), the questions and answers they exchange, and what a model may call.
 * The engine that reads questions and writes answers is `platform/chat`.
 */

/** UTC days from `startDate` through `endDate`; `label` says it the way answers do ("over the last 3 months"). */
export type Period = { startDate: UtcDay; endDate: UtcDay; label: string };

/**
 * When a question asks about: one day ("on 2025-06-15", "yesterday", "on Nov 1"), a period ("in
 * October 2026", "last week", "Q3 2026", "since June", "from 1 to 15 October"), nothing (the
 * latest value), or a date that is no date ("2025-13-45"), refused in the API's own words
 * (read by `platform/chat/when.ts`).
 */
export type When =
  | { kind: "latest" }
  | { kind: "day"; day: UtcDay; label: string }
  | { kind: "period"; period: Period }
  | { kind: "invalid"; message: string };

/** A call that returns rows an answer used: its route, parameters and rows (`sources` of a chat answer). */
export const chatSourceSchema = z
  .object({
    endpoint: z.string().meta({
      description: "The REST route that returns these rows.",
      example: "/api/gpu/{gpuName}/index-history",
    }),
    parameters: z
      .record(z.string(), z.string())
      .meta({ description: "Its parameters, so the rows can be fetched again and checked." }),
    values: z
      .array(
        z.record(
          z.string(),
          // A list of names: a GPU value's `sources`.
          z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]),
        ),
      )
      .meta({ description: "The rows the answer used, with the route's field names." }),
    tool: z.string().optional().meta({
      description:
        "Model answers: the data tool the model called for these rows (the MCP server's tool of the same name).",
      example: "get_token_index",
    }),
  })
  .meta({ id: "ChatSource" });

export type ChatSource = z.infer<typeof chatSourceSchema>;

/** One turn of a conversation, oldest first. */
export type ChatTurn = { role: "user" | "assistant"; content: string };

/**
 * What the chat knows of one market. The platform's engine reads questions, finds the subjects
 * they name (a lab, a GPU), picks an intent and writes the answer; the market says which
 * subjects exist, how its values read, where its latest values and series come from (its REST
 * routes, through `runRoute`, so every number is the one REST serves this caller) and which
 * questions only it answers.
 */

/**
 * Something a question can name: one lab, one GPU, one memory type. `group` is the category a
 * market sorts it in ("flash" for a NAND chip), so that "which flash chip rose most" ranks only
 * that category.
 */
export type Subject = { market: string; id: string; name: string; group?: string };

/**
 * A kind of thing a market's questions name ("harness", "memory type", "coding agent"), declared
 * so that a name the data does not have is said to be unknown ("Codex is not a harness in the
 * Workload Cost data") rather than answered with every other subject, or matched to another
 * market's subject.
 */
export type SubjectKind = {
  /** The kind as answers name it: "harness". */
  noun: string;
  /** The data it belongs to, as answers name it: "the Workload Cost data". */
  data: string;
  /**
   * The names of this kind the question asks for that the data does not have, as written, and
   * the names it has (for the caller: from the market's route); none when the question asks
   * about no such thing.
   */
  unknown(question: Question, scope: ChatScope): Promise<{ names: string[]; known: string[] }>;
};

/** A source row: the route's own fields. */
export type SourceRow = Record<string, string | number | boolean | null | string[]>;

/** A route's row as a source row (the flat fields a route's rows have, lists of names included). */
export const sourceRowOf = (row: object): SourceRow => ({ ...(row as SourceRow) });

/**
 * One value a route returned: `at` is its UTC day or instant, `row` the route's row. A market
 * whose values name their evidence adds `note` (said with the value: its day or hour, basis and
 * sources) and `citations` (the lines its sources require, ended with the answer).
 */
export type ChatPoint = {
  at: string;
  value: number;
  row: SourceRow;
  note?: string;
  citations?: readonly string[];
};

/** Whom the chat answers: its caller's access decides what every route returns. */
export type ChatScope = { deps: AppDeps; caller: Caller; now: Date };

/** A question as read before any data is touched. */
export type Question = {
  message: string;
  lower: string;
  now: Date;
  /** Every subject named, in the order mentioned (or those of an earlier turn). */
  subjects: readonly Subject[];
  /** The market whose words the question uses when it names no subject ("which GPU…"). */
  domain: string | undefined;
  /** The day or period it asks about, or the latest value. */
  when: When;
};

/** `citations`: the lines the sources of the values quoted require (the sample notice for sample values). */
export type EngineAnswer = {
  intent: string;
  answer: string;
  sources: ChatSource[];
  citations?: readonly string[];
};

/** A latest value with the call that returns it. */
export type Latest = { point: ChatPoint; source: ChatSource };

/** A subject's values over a period, or the route's refusal (a key or plan it needs). */
export type Series = Result<ChatPoint[], DomainError>;

/** A question only this market answers (its analytics). */
export type MarketIntent = {
  intent: string;
  asks(question: Question): boolean;
  answer(question: Question, scope: ChatScope): Promise<EngineAnswer>;
};

export type ChatMarket = {
  /** How the scope sentence names the market: "the GPU compute price index (USD per GPU-hour)". */
  scope: string;
  /** The subjects as a plural noun: "labs". */
  subjectsNoun: string;
  /** Its own questions as the out-of-scope answer lists them: "labs' token volume and share". */
  asks: string;
  /** "Tracked labs: Anthropic, OpenAI." */
  tracked: string;
  /** Every subject, in catalog order, and how questions write it (lower-case text is searched). */
  subjects: ReadonlyArray<{ subject: Subject; pattern: RegExp }>;
  /** Words that put a question in this market when it names no subject. */
  domainWords: RegExp;
  /** Categories of its subjects as questions name them ("flash chip"): `Subject.group`. */
  groups?: ReadonlyArray<{ group: string; pattern: RegExp }>;
  /** The kinds of things its questions name, for saying which ones the data does not have. */
  kinds?: readonly SubjectKind[];
  /** What its sources' `days` count, singular and plural: "day"/"days", "type-day"/"type-days". */
  recordUnit: readonly [one: string, many: string];
  /**
   * How questions name the index itself, lower case ("otpi", "token price index"), for "what is
   * the OTPI"; a market without a name of its own leaves it out.
   */
  indexNames?: RegExp;
  /** The unit of its values, for "different units" answers. */
  unit: string;
  /**
   * The word comparisons use for the lower of two values: "cheaper" where values are prices;
   * "lower" when left out (counts, rates, sizes).
   */
  lowerWord?: string;
  format(value: number): string;
  latest(subject: Subject, scope: ChatScope): Promise<Latest | undefined>;
  series(subject: Subject, period: Period, scope: ChatScope): Promise<Series>;
  /** The call that returns a series, with the rows an answer used. */
  seriesSource(subject: Subject, period: Period, points: readonly ChatPoint[]): ChatSource;
  /** What a keyless caller may read, and what needs a key, with the routes that list the free tier. */
  freeTier(): FreeTierPart;
  /** The method in force, in plain sentences. */
  methodology(scope: ChatScope): string;
  /** The route whose answer states the market's data sources (sample or not, citations). */
  methodologyRoute: Route;
  intents: readonly MarketIntent[];
};

export type FreeTierPart = {
  /** "the token index for Anthropic, OpenAI over the trailing 1 month (GET /api/otpi)" */
  keyless: string;
  /** Items needing a key: "minimax, xiaomi", "RTX PRO 6000 WS". */
  keyed: readonly string[];
  /** Routes that need a key whatever the subject: "the nearest-print history route". */
  keyedRoutes: readonly string[];
  sources: ChatSource[];
};

/** One entry of the OpenAI `tools` array. */
export type FunctionTool = {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
};

/** What the chat runs for the model: the tools it may call, with the caller's access. */
export type ChatToolbox = {
  tools: readonly FunctionTool[];
  /** Runs one call; `content` is the JSON the model reads back (a result or an error body). */
  call(name: string, argumentsJson: string): Promise<{ content: string }>;
};

export type ChatModel = {
  answer(input: {
    question: string;
    history: readonly ChatTurn[];
    toolbox: ChatToolbox;
  }): Promise<string>;
};
