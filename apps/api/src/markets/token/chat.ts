import {
  ALL_LABS_VALUE,
  FREE_TIER_LAB_IDS,
  FREE_WINDOW_MONTHS,
  LAB_CATALOG,
  LAB_IDS,
  describeTokenMethodology,
  type LabId,
  type TokenVolumeRow,
} from "@tpi/domain";
import { findPeriod } from "../../platform/chat/period";
import {
  askRoute,
  asksOverTime,
  changePercent,
  escapeRegExp,
  seriesSourceOf,
  sourceOf,
  sourceRowOf,
} from "../../platform/chat/market-kit";
import type * as Chat from "../../platform/chat/market-kit";
import { tokenTypesFreeRoute } from "./routes/catalog";
import { otpiConstituentsRoute, otpiMethodologyRoute } from "./routes/details";
import { otpiRoute } from "./routes/otpi";
import { tokenVolumeRoute } from "./routes/volume";
import type { OtpiRow } from "./services/otpi";
import type { ConstituentsResponse } from "./schemas/details";
import { TOKEN, TOKEN_INDEX_UNIT } from "./read-model/state";

/** What the chat knows of the token index: labs as people name them, their values through /api/otpi. */

/** Names people use for a lab besides its id and display name. */
const LAB_ALIASES: Readonly<Record<string, LabId>> = {
  claude: "anthropic",
  gpt: "openai",
  chatgpt: "openai",
  gemini: "google",
  llama: "meta-llama",
  meta: "meta-llama",
  mistral: "mistralai",
  kimi: "moonshotai",
  moonshot: "moonshotai",
  glm: "z-ai",
  zhipu: "z-ai",
  mimo: "xiaomi",
};

const labSubject = (lab: LabId, label: string): Chat.Subject => ({
  market: TOKEN.name,
  id: lab,
  name: label,
});

/** A lab as a whole word (or a word and a version): its id, display name or an alias. */
const SUBJECTS = LAB_CATALOG.map(({ lab, label }) => {
  const words = [
    lab,
    label.toLowerCase(),
    ...Object.entries(LAB_ALIASES)
      .filter(([, aliased]) => aliased === lab)
      .map(([alias]) => alias),
  ];
  return {
    subject: labSubject(lab, label),
    // A digit may follow: a model family's version run on ("qwen3", "gpt5") still names the lab.
    pattern: new RegExp(`(?<![a-z0-9-])(?:${words.map(escapeRegExp).join("|")})(?![a-z])`),
  };
});

const VOLUME =
  /\b(?:token )?volumes?\b|\busage\b|\b(?:market )?shares?\b|\bhow many tokens\b|\btokens? (?:used|processed|served|consumed)\b/;
const GROWTH = /\bgr[eo]w(?:th|n|s|ing)?\b/;
const CHANGE =
  /\b(?:change[sd]?|changing|move[sd]?|rise|rose|risen|fall|fell|fallen|drop(?:ped)?|increase[sd]?|decrease[sd]?|trend|gain(?:ed)?|lost|declin\w*|went (?:up|down))\b/;

const pointOf = (row: OtpiRow): Chat.ChatPoint => ({
  at: row.date,
  value: row.indexPerMtok,
  row: sourceRowOf(row),
});

async function latest(subject: Chat.Subject, scope: Chat.ChatScope) {
  const answer = await askRoute(otpiRoute, { query: { lab: subject.id } }, scope);
  const row = answer.ok ? answer.value.data[0] : undefined;
  if (row === undefined) return undefined;
  const point = pointOf(row);
  const source = sourceOf(otpiRoute, { lab: subject.id, date: point.at }, [point.row]);
  return { point, source };
}

async function series(subject: Chat.Subject, period: Chat.Period, scope: Chat.ChatScope) {
  const query = { lab: subject.id, startDate: period.startDate, endDate: period.endDate };
  const answer = await askRoute(otpiRoute, { query }, scope);
  return answer.ok ? { ok: true as const, value: answer.value.data.map(pointOf) } : answer;
}

/** The volume query of one lab: shares over every tracked lab (`labs=all`), as the chat says them. */
const volumeQuery = (lab: LabId, range: { startDate: string; endDate: string }) => ({
  startDate: range.startDate,
  endDate: range.endDate,
  labs: ALL_LABS_VALUE,
  lab,
});

/** `GET /api/token-volume` rows of one lab over a range, oldest first; none when nothing is settled. */
async function volumeRows(
  lab: LabId,
  range: { startDate: string; endDate: string },
  scope: Chat.ChatScope,
): Promise<TokenVolumeRow[]> {
  const answer = await askRoute(tokenVolumeRoute, { query: volumeQuery(lab, range) }, scope);
  return answer.ok ? answer.value.data : [];
}

const volumeSource = (
  lab: LabId,
  range: { startDate: string; endDate: string },
  rows: readonly TokenVolumeRow[],
): Chat.ChatSource => sourceOf(tokenVolumeRoute, volumeQuery(lab, range), rows);

const tokens = (count: number) => `${Math.round(count).toLocaleString("en-US")} tokens`;
const sharePercent = (share: number | null) =>
  share === null ? "no share" : `${(share * 100).toFixed(1)}%`;
const growthText = (value: number | null) => (value === null ? "n/a" : value.toFixed(1));

/** "Which lab's volume grew the most", "fell the fastest": the labs ranked by their move. */
const MOST = /\b(?:most|fastest|biggest|largest)\b/;
const FELL = /\b(?:fell|fall(?:en)?|drop(?:ped)?|declin\w*|shr[ai]nk|shrunk|decreased?|lost)\b/;

/** A lab's measured volume move: its relative change, its line and the rows it rests on. */
type VolumeMove = {
  s: Chat.Subject;
  change: number;
  percent: string;
  line: string;
  source: Chat.ChatSource;
};

/** The lead of a ranking: the lab that grew (or, `falling`, fell) the most, or that none did. */
function rankingLead(top: VolumeMove, falling: boolean, label: string): string {
  const moved = top.change > 0 ? "grew" : top.change < 0 ? "fell" : "was unchanged";
  if (falling)
    return top.change < 0
      ? `${top.s.name}'s token volume fell the most ${label} (${top.percent}).`
      : `No lab's token volume fell ${label}; ${top.s.name}'s ${moved === "grew" ? "grew the least" : moved} (${top.percent}).`;
  return top.change > 0
    ? `${top.s.name}'s token volume grew the most ${label} (${top.percent}).`
    : `No lab's token volume grew ${label}; ${top.s.name}'s ${moved === "fell" ? "fell the least" : moved} (${top.percent}).`;
}

/**
 * Each lab's volume move over the period, from its first and last settled day in it. A question
 * that asks which lab grew (or fell) the most ranks the measured labs by their move, names the
 * first, and lists the labs without enough data after them.
 */
async function volumeGrowthAnswer(
  question: Chat.Question,
  labs: readonly Chat.Subject[],
  scope: Chat.ChatScope,
): Promise<Chat.EngineAnswer> {
  const period = findPeriod(question.message, question.now);
  // In the labs' order: each lab's measured move, or the line saying there is none.
  const entries: Array<VolumeMove | string> = [];
  for (const s of labs) {
    const lab = s.id as LabId;
    const rows = await volumeRows(lab, period, scope);
    const first = rows[0];
    const last = rows.at(-1);
    // From no tokens there is no growth rate to give.
    if (!first || !last || rows.length < 2 || first.totalTokens === 0) {
      entries.push(
        `There is not enough published token volume for ${s.name} ${period.label} to measure growth.`,
      );
      continue;
    }
    const direction =
      last.totalTokens > first.totalTokens
        ? "grew"
        : last.totalTokens < first.totalTokens
          ? "fell"
          : "was unchanged";
    const percent = changePercent(first.totalTokens, last.totalTokens);
    entries.push({
      s,
      change: (last.totalTokens - first.totalTokens) / first.totalTokens,
      percent,
      line: `${s.name}'s token volume ${direction} ${period.label}: from ${tokens(first.totalTokens)} on ${first.date} to ${tokens(last.totalTokens)} on ${last.date} (${percent}); growth index ${growthText(first.growthIndex)} to ${growthText(last.growthIndex)}, share ${sharePercent(first.share)} to ${sharePercent(last.share)}.`,
      source: volumeSource(lab, period, [first, last]),
    });
  }
  const moves = entries.filter((entry): entry is VolumeMove => typeof entry !== "string");
  const falling = FELL.test(question.lower);
  const ranking = labs.length > 1 && MOST.test(question.lower) && moves.length > 0;
  const ranked = [...moves].sort((a, b) => (falling ? a.change - b.change : b.change - a.change));
  const ordered = ranking
    ? [...ranked, ...entries.filter((entry) => typeof entry === "string")]
    : entries;
  const [top] = ranked;
  const lead = ranking && top !== undefined ? [rankingLead(top, falling, period.label)] : [];
  return {
    intent: "volume",
    answer: [
      ...lead,
      ...ordered.map((entry) => (typeof entry === "string" ? entry : entry.line)),
    ].join("\n"),
    sources: ordered.flatMap((entry) => (typeof entry === "string" ? [] : [entry.source])),
  };
}

/**
 * Token volume of labs, from `GET /api/token-volume`'s rows: each lab's latest share of the
 * tracked labs' tokens (every lab, largest share first, when the question names none), or with
 * growth words its volume's move over the period.
 */
async function volumeAnswer(
  question: Chat.Question,
  scope: Chat.ChatScope,
): Promise<Chat.EngineAnswer> {
  const named = question.subjects.filter((s) => s.market === TOKEN.name);
  const labs: readonly Chat.Subject[] =
    named.length > 0 ? named : LAB_CATALOG.map(({ lab, label }) => labSubject(lab, label));
  if (GROWTH.test(question.lower) || CHANGE.test(question.lower))
    return volumeGrowthAnswer(question, labs, scope);
  const lines: string[] = [];
  const sources: Chat.ChatSource[] = [];
  // The day the question names ("yesterday", "on 2026-11-20"), else each lab's latest settled day.
  const asked = question.when.kind === "day" ? question.when.day : undefined;
  const latestRows: Array<{ s: Chat.Subject; row: TokenVolumeRow | undefined }> = [];
  for (const s of labs) {
    const lab = s.id as LabId;
    const latest = TOKEN.of(scope.deps).index.latestDayWith([lab]);
    const day = asked ?? latest;
    const rows =
      day === undefined ? [] : await volumeRows(lab, { startDate: day, endDate: day }, scope);
    // A day not settled yet is said so, then the latest settled day answers.
    if (rows.length === 0 && asked !== undefined && latest !== undefined && latest < asked) {
      const notice = `${named.length > 0 ? `${s.name}'s token volume` : "The token volume"} of ${asked} is not settled yet; the latest settled day is ${latest}.`;
      if (!lines.includes(notice)) lines.push(notice);
      const latestRow = await volumeRows(lab, { startDate: latest, endDate: latest }, scope);
      latestRows.push({ s, row: latestRow[0] });
      continue;
    }
    latestRows.push({ s, row: rows[0] });
  }
  if (named.length === 0) latestRows.sort((a, b) => (b.row?.share ?? -1) - (a.row?.share ?? -1));
  for (const { s, row } of latestRows) {
    if (!row) {
      if (named.length > 0)
        lines.push(
          `There is no published token volume for ${s.name}${asked === undefined ? "" : ` on ${asked}`}.`,
        );
      continue;
    }
    lines.push(
      `${s.name}: ${sharePercent(row.share)} of the tracked labs' tokens on ${row.date} (${tokens(row.totalTokens)}; growth index ${growthText(row.growthIndex)}, 100 on its first published day).`,
    );
    sources.push(volumeSource(s.id as LabId, { startDate: row.date, endDate: row.date }, [row]));
  }
  if (lines.length === 0) lines.push("There is no published token volume yet.");
  return { intent: "volume", answer: lines.join("\n"), sources };
}

/** Volume questions about labs (every lab when none is named), never about another market's subjects. */
const VOLUME_INTENT: Chat.MarketIntent = {
  intent: "volume",
  asks: (question) =>
    VOLUME.test(question.lower) &&
    (question.domain === undefined || question.domain === TOKEN.name) &&
    question.subjects.every((s) => s.market === TOKEN.name),
  answer: volumeAnswer,
};

/** "Which Anthropic models are in the index", "the cheapest Claude model": a lab-day's constituents. */
const MODELS = /\bmodels?\b|\bconstituents?\b/;
const CHEAPEST = /\b(?:cheapest|lowest|least expensive)\b/;
const DEAREST = /\b(?:most expensive|priciest|dearest|highest)\b/;
/** How many models an answer about every lab lists. */
const MODELS_LISTED = 10;

/**
 * A model as questions write it: a family word, its tier, and a version that starts with a
 * digit ("GPT-5", "gpt 4o", "Claude Sonnet 4.5", "Gemini 2.5 Pro", "Qwen3", "Kimi K2", "DeepSeek
 * R1"). A lab's name or a word without a version ("Anthropic max", "Qwen max") is the lab, and a
 * number that counts time or starts a date ("Qwen 30 days ago", "Qwen 11/15", "DeepSeek 2026")
 * is no version: those questions are about the lab's index.
 */
const MODEL_FAMILIES = [
  "gpt",
  "claude",
  "gemini",
  "llama",
  "mistral",
  "kimi",
  "glm",
  "mimo",
  "deepseek",
  "qwen",
  "minimax",
];
const MODEL_TIERS =
  "opus|sonnet|haiku|pro|flash|lite|mini|nano|turbo|instruct|large|medium|small|nemo|chat|coder|max|plus";
const MODEL_VERSION = String.raw`(?:v?\d(?:\.\d+)*[a-z]?|[okmr]\d(?:\.\d+)*[a-z]?)(?![\w.])(?!-?\s*(?:days?|weeks?|months?|years?|hours?|h\b|%|percent))`;
const MODEL_NAME = new RegExp(
  String.raw`\b(?:${MODEL_FAMILIES.join("|")})(?:[-\s](?:${MODEL_TIERS}))?[-\s]?${MODEL_VERSION}(?:[-\s](?:\d+(?:\.\d+)?b|${MODEL_VERSION}|${MODEL_TIERS})\b)*`,
);

/** Every model a question names ("GPT-5 and GPT-4o"), as written and lower case, in order. */
const modelNamesOf = (lower: string): string[] =>
  [...lower.matchAll(new RegExp(MODEL_NAME.source, "g"))].map((match) => match[0]);

/** A model id's name as words: "openai/gpt-5-mini-20250807" is gpt, 5, mini. */
const modelWords = (modelId: string): string[] =>
  (modelId.split("/").at(-1) ?? modelId).replace(/-\d{8}$/, "").split(/[-_\s]+/);

/** Whether a model is the one written: every written word is one of its words ("claude 4.5 sonnet"), or its name starts with them run together ("gpt5"). */
function isModelNamed(model: Constituent, written: string): boolean {
  const words = modelWords(model.modelId);
  const asked = written.split(/[-\s]+/);
  return asked.every((word) => words.includes(word)) || words.join("").startsWith(asked.join(""));
}

/** A list price in USD per million tokens: cents at least, and every digit up to the fourth. */
const listPrice = (value: number | null) =>
  value === null ? "no price" : `$${value.toFixed(4).replace(/(\.\d\d\d*?)0+$/, "$1")}`;

type Constituent = ConstituentsResponse["data"][number];

/** A lab-day's models as the blend used them: counted (priced, eligible) and left out. */
type LabModels = {
  lab: Chat.Subject;
  day: string;
  /** Said first when the day asked is not settled yet and `day` is the latest settled one. */
  note: string | undefined;
  indexPerMtok: number | null;
  counted: Constituent[];
  left: Constituent[];
  source: Chat.ChatSource;
};

const blended = (model: Constituent) =>
  `${listPrice(model.blendedPricePerMtok)} per million tokens blended (input ${listPrice(model.inputPricePerMtok)}, output ${listPrice(model.outputPricePerMtok)})`;

/** The lab's constituents on the day asked, or on its latest settled day; a line when there are none. */
async function labModels(
  lab: Chat.Subject,
  question: Chat.Question,
  scope: Chat.ChatScope,
): Promise<LabModels | string> {
  const latest = TOKEN.of(scope.deps).index.latestDayWith([lab.id as LabId]);
  const asked = question.when.kind === "day" ? question.when.day : undefined;
  if (latest === undefined) return `There is no settled day of ${lab.name} yet.`;
  // A day not settled yet ("yesterday") is said so, then the latest settled day answers.
  const notSettled = asked !== undefined && asked > latest;
  const day = asked === undefined || notSettled ? latest : asked;
  const query = { lab: lab.id, date: day };
  const answer = await askRoute(otpiConstituentsRoute, { query }, scope);
  if (!answer.ok) return answer.error.message;
  const counted = answer.value.data.filter(
    (model) => model.eligible && model.blendedPricePerMtok !== null,
  );
  const left = answer.value.data.filter((model) => !counted.includes(model));
  return {
    lab,
    day,
    note: notSettled
      ? `${lab.name}'s ${asked} is not settled yet; the latest settled day is ${latest}.`
      : undefined,
    indexPerMtok: answer.value.indexPerMtok,
    counted,
    left,
    source: sourceOf(otpiConstituentsRoute, query, answer.value.data),
  };
}

/** Cheapest first, or most expensive first. */
const byBlendedPrice = (dearest: boolean) => (a: Constituent, b: Constituent) => {
  const ascending = (a.blendedPricePerMtok ?? 0) - (b.blendedPricePerMtok ?? 0);
  return dearest ? -ascending : ascending;
};

/** A named lab's models, the cheapest (or most expensive) named first when asked. */
function labModelLines(entry: LabModels, dearest: boolean, ranking: boolean): string[] {
  const { lab, day } = entry;
  const counted = [...entry.counted].sort(byBlendedPrice(dearest));
  const order = dearest ? "most expensive" : "cheapest";
  const [first] = counted;
  const lines =
    first === undefined
      ? [`No model of ${lab.name} counted in the index on ${day}.`]
      : [
          ...(ranking
            ? [
                `The ${order} ${lab.name} model in the index on ${day} was ${first.modelId}, at ${listPrice(first.blendedPricePerMtok)} per million tokens blended (its input and output list prices weighted by its own token split).`,
              ]
            : []),
          `${lab.name}'s models in the index on ${day}, ${order} first (the lab's index that day: ${entry.indexPerMtok === null ? "not published" : `$${entry.indexPerMtok.toFixed(4)} per million tokens`}):`,
          ...counted.map(
            (model) =>
              `${model.modelId}: ${blended(model)}, ${((model.weight ?? 0) * 100).toFixed(1)}% of the lab's tokens.`,
          ),
        ];
  if (entry.left.length > 0)
    lines.push(
      `Not counted: ${entry.left.map((model) => `${model.modelId} (${model.exclusionDescription ?? "no price"})`).join("; ")}.`,
    );
  return lines;
}

/** The models of a lab-day a question names ("GPT-5": gpt-5, gpt-5-mini, ...), counted or not. */
function namedModelLines(entry: LabModels, written: string): string[] {
  const { lab, day } = entry;
  const counted = entry.counted.filter((model) => isModelNamed(model, written));
  const left = entry.left.filter((model) => isModelNamed(model, written));
  if (counted.length + left.length === 0)
    return [
      `No ${lab.name} model named "${written}" is in the index on ${day}. Its models that day: ${[...entry.counted, ...entry.left].map((model) => model.modelId).join(", ")}.`,
    ];
  return [
    ...counted
      .sort(byBlendedPrice(false))
      .map(
        (model) =>
          `${model.modelId} in ${lab.name}'s index on ${day}: ${blended(model)}, ${((model.weight ?? 0) * 100).toFixed(1)}% of the lab's tokens.`,
      ),
    ...left.map(
      (model) =>
        `${model.modelId} on ${day}: not counted in ${lab.name}'s index (${model.exclusionDescription ?? "no price"}); list prices input ${listPrice(model.inputPricePerMtok)}, output ${listPrice(model.outputPricePerMtok)} per million tokens.`,
    ),
  ];
}

/**
 * Every lab's models on its latest settled day: ranked across the labs, the first
 * `MODELS_LISTED` listed ("the cheapest model"), or each lab's counted models on one line.
 */
function everyLabModelLines(
  entries: readonly LabModels[],
  dearest: boolean,
  ranking: boolean,
  dayAsked: boolean,
) {
  if (!ranking)
    return entries.map(
      ({ lab, day, counted }) =>
        `${lab.name} (${day}): ${counted.length === 0 ? "no model counted" : counted.map((model) => model.modelId).join(", ")}.`,
    );
  const pool = entries
    .flatMap((entry) => entry.counted.map((model) => ({ entry, model })))
    .sort((a, b) => byBlendedPrice(dearest)(a.model, b.model));
  const [top] = pool;
  if (top === undefined) return ["No model is counted in the index."];
  const order = dearest ? "most expensive" : "cheapest";
  return [
    `The ${order} model in the index, ${dayAsked ? `on ${top.entry.day}` : "on each lab's latest settled day"}, was ${top.model.modelId} (${top.entry.lab.name}, ${top.entry.day}), at ${listPrice(top.model.blendedPricePerMtok)} per million tokens blended (its input and output list prices weighted by its own token split).`,
    `The ${Math.min(MODELS_LISTED, pool.length)} ${order} of ${pool.length} models counted:`,
    ...pool
      .slice(0, MODELS_LISTED)
      .map(
        ({ entry, model }, rank) =>
          `${rank + 1}. ${model.modelId} (${entry.lab.name}, ${entry.day}): ${blended(model)}.`,
      ),
  ];
}

/**
 * The models behind the labs' values, from `GET /api/otpi/constituents` of each lab's latest
 * settled day (or the day asked): the models the blend counted, cheapest first (most expensive
 * first when asked), by the blended price the method weights them with, and those it left out.
 * The index has one value per lab and no per-model index: the answer names the lab-day whose
 * list prices it quotes. Without a lab named, every lab's models.
 */
async function modelsAnswer(
  question: Chat.Question,
  scope: Chat.ChatScope,
): Promise<Chat.EngineAnswer> {
  const named = question.subjects.filter((s) => s.market === TOKEN.name);
  const labs =
    named.length > 0 ? named : LAB_CATALOG.map(({ lab, label }) => labSubject(lab, label));
  const dearest = DEAREST.test(question.lower);
  const ranking = dearest || CHEAPEST.test(question.lower);
  const lines: string[] = [];
  const entries: LabModels[] = [];
  for (const lab of labs) {
    const entry = await labModels(lab, question, scope);
    if (typeof entry === "string") {
      if (!lines.includes(entry)) lines.push(entry);
    } else entries.push(entry);
  }
  const notes = entries.flatMap((entry) => (entry.note === undefined ? [] : [entry.note]));
  const asked = question.when.kind === "day" ? question.when.day : undefined;
  // Without a lab named, one line for all: each lab's latest settled day answers.
  const said =
    named.length === 0 && notes.length > 0
      ? [`${asked} is not settled yet: each lab's latest settled day answers.`]
      : notes;
  const written = modelNamesOf(question.lower);
  const answer =
    named.length === 0
      ? everyLabModelLines(entries, dearest, ranking, asked !== undefined && notes.length === 0)
      : entries.flatMap((entry) =>
          written.length === 0
            ? labModelLines(entry, dearest, ranking)
            : written.flatMap((name) => namedModelLines(entry, name)),
        );
  return {
    intent: "models",
    answer: [...said, ...answer, ...lines].join("\n"),
    sources: entries.map((entry) => entry.source),
  };
}

/**
 * Words that make a question another one than "which models, at what prices": a period, a change
 * or a comparison is asked of the labs' index ("Is Claude cheaper than GPT-5", "how did OpenAI
 * model prices change"), and a coding-agent session's model is a Workload Cost question ("a
 * Cline session on GPT-5").
 */
const NOT_ABOUT_MODELS =
  /\b(?:cheaper|more expensive|than|versus|vs\.?|compare[sd]?|workload|sessions?|harness(?:es)?)\b/;

/**
 * Questions about the models behind the labs' values, on the latest settled day or a day asked:
 * a model written with its version ("GPT-5", one lab), the models of the labs named ("which
 * Anthropic models are in the index"), or of every lab when the question names none and asks
 * for the cheapest or the index's models ("the cheapest model"; "which lab has the cheapest
 * models" ranks the labs' values instead, and "what model are you" is not about the data).
 */
function asksAboutModels(question: Chat.Question): boolean {
  const { lower, subjects } = question;
  if (question.when.kind === "period") return false;
  if (CHANGE.test(lower) || asksOverTime(question)) return false;
  if (VOLUME.test(lower) || NOT_ABOUT_MODELS.test(lower)) return false;
  if (subjects.length === 0)
    return (
      question.domain === TOKEN.name &&
      MODELS.test(lower) &&
      !/\blabs?\b/.test(lower) &&
      (CHEAPEST.test(lower) || DEAREST.test(lower) || /\bindex\b|\bconstituents?\b/.test(lower))
    );
  if (!subjects.every((s) => s.market === TOKEN.name)) return false;
  if (modelNamesOf(lower).length > 0) return subjects.length === 1;
  return MODELS.test(lower);
}

const MODELS_INTENT: Chat.MarketIntent = {
  intent: "models",
  asks: asksAboutModels,
  answer: modelsAnswer,
};

export const TOKEN_CHAT: Chat.ChatMarket = {
  scope: "the Token Price Index (USD per million tokens per model lab)",
  subjectsNoun: "labs",
  asks: "labs' token volume and share",
  tracked: `Tracked labs: ${LAB_CATALOG.map((entry) => entry.label).join(", ")}.`,
  subjects: SUBJECTS,
  domainWords: /\btokens?\b|\blabs?\b|\bmodels?\b|\bllms?\b|\botpi\b/,
  indexNames: /otpi|token price index/,
  recordUnit: ["day", "days"],
  unit: TOKEN_INDEX_UNIT,
  lowerWord: "cheaper",
  format: (value) => `$${value.toFixed(4)} per million tokens`,
  latest,
  series,
  seriesSource: (subject, period, points) =>
    seriesSourceOf(otpiRoute, { lab: subject.id }, period, points),
  freeTier() {
    const labs = LAB_CATALOG.filter((entry) => FREE_TIER_LAB_IDS.includes(entry.lab));
    return {
      keyless: `the token index for ${labs.map((entry) => entry.label).join(", ")} over the trailing ${FREE_WINDOW_MONTHS} month (GET ${otpiRoute.path})`,
      keyed: [LAB_IDS.filter((lab) => !FREE_TIER_LAB_IDS.includes(lab)).join(", ")],
      keyedRoutes: [],
      sources: [
        sourceOf(
          tokenTypesFreeRoute,
          {},
          labs.map(({ lab, label }) => ({ lab, label })),
        ),
      ],
    };
  },
  methodology: (scope) => describeTokenMethodology(TOKEN.of(scope.deps).rules),
  methodologyRoute: otpiMethodologyRoute,
  intents: [VOLUME_INTENT, MODELS_INTENT],
};
