import { GPU_NAMES, LAB_CATALOG, type GpuName, type LabId } from "@tpi/domain";
import { findNamedPeriod, findPeriod, type Period } from "./period";

/**
 * What a question asks, read deterministically from its words before any data is touched: the
 * kind of answer wanted, the labs and GPUs it names (or an earlier turn named), and the period.
 */
export type ChatTurn = { role: "user" | "assistant"; content: string };
export type LabSubject = { kind: "lab"; lab: LabId; label: string };
export type Subject = LabSubject | { kind: "gpu"; gpu: GpuName };
/** Which index a question is about when it names no lab or GPU ("which GPU...", "token prices"). */
export type Domain = "gpu" | "lab";

export type Question =
  | { kind: "methodology"; subjects: Subject[]; domain: Domain | undefined }
  | { kind: "free_tier" }
  /** Latest values of `pool`, most expensive first when `high`, cheapest first otherwise. */
  | { kind: "ranking"; pool: Subject[]; high: boolean }
  | { kind: "extreme"; subjects: Subject[]; period: Period; high: boolean }
  | { kind: "change"; subjects: Subject[]; period: Period }
  /** Latest values, or with `period` (a period the question names) each subject's mean over it. */
  | { kind: "compare"; subjects: Subject[]; period?: Period }
  /**
   * Token volume of labs (every lab when none is named): each one's latest share of the tracked
   * labs' tokens, or with `growth` how its volume moved over `period`.
   */
  | { kind: "volume"; labs: LabSubject[]; period: Period; growth: boolean }
  /** GPU analytics (every GPU when none is named): the rolling volatility, the rolling 24 h average, the traded volume. */
  | { kind: "volatility"; gpus: GpuName[] }
  | { kind: "rolling_average"; gpus: GpuName[] }
  | { kind: "trade_volume"; gpus: GpuName[] }
  | { kind: "latest"; subjects: Subject[] }
  | { kind: "out_of_scope" };

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

/** GPU names as people write them: case and spacing vary, suffixes are often left out. */
const GPU_PATTERNS: ReadonlyArray<[RegExp, GpuName]> = [
  [/rtx\s*pro\s*6000|pro\s*6000|6000\s*ws/, "RTX PRO 6000 WS"],
  [/(?:rtx\s*)?5090/, "RTX 5090"],
  [/h\s*100/, "H100 SXM"],
  [/h\s*200/, "H200"],
  [/a\s*100/, "A100 SXM4"],
  [/b\s*200/, "B200"],
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Labs and GPUs named in `text`, in the order they are mentioned, each once. */
export function findSubjects(text: string): Subject[] {
  const lower = text.toLowerCase();
  const found: Array<{ position: number; subject: Subject }> = [];
  const seen = new Set<string>();
  const add = (position: number, subject: Subject) => {
    const key = subject.kind === "lab" ? subject.lab : subject.gpu;
    if (position < 0 || seen.has(key)) return;
    seen.add(key);
    found.push({ position, subject });
  };
  for (const [pattern, gpu] of GPU_PATTERNS) add(lower.search(pattern), { kind: "gpu", gpu });
  const labWords: Array<[string, LabId]> = [
    ...LAB_CATALOG.flatMap(
      ({ lab, label }): Array<[string, LabId]> => [
        [lab, lab],
        [label.toLowerCase(), lab],
      ],
    ),
    ...Object.entries(LAB_ALIASES),
  ];
  for (const [word, lab] of labWords) {
    const position = lower.search(new RegExp(`(?<![a-z0-9-])${escape(word)}(?![a-z0-9])`));
    const entry = LAB_CATALOG.find((e) => e.lab === lab);
    if (entry) add(position, { kind: "lab", lab, label: entry.label });
  }
  return found.sort((a, b) => a.position - b.position).map((f) => f.subject);
}

/**
 * Questions about the method, however phrased: the words themselves ("methodology",
 * "winsorizing", "formula"); "how"/"explain"/"describe" with a verb of computing and something
 * of ours to compute (an index, a price, "it"); "explain the index"; "what is the OTPI". A
 * computing verb alone is not enough ("how do you compute pi?" stays out of scope), and a
 * question about a move or a comparison, or "explain why...", asks about values, not the method.
 */
const METHOD_WORD = /methodolog|winsori|\bformula\b/;
const METHOD_ASK =
  /\b(?:how|explain|describe|walk me through|what goes into)\b(?![^?]*\bwhy\b)[^?]*\b(?:calculat|comput|settl|derived?|weight|construct|determin|blend|made|built)\w*/;
const METHOD_OBJECT =
  /\b(?:index|indices|indexes|otpi|ocpi|prices?|values?|it|they|numbers?|figures?|prints?|daily values?)\b/;
const EXPLAIN_INDEX =
  /\b(?:explain|describe)\b(?![^?]*\bwhy\b)[^?]*\b(?:index|indices|indexes|otpi|ocpi|method)\b/;
const WHAT_IS_INDEX =
  /what is (?:the )?(?:otpi|ocpi|token price index|gpu (?:compute )?(?:price )?index)\b/;

function asksForMethod(lower: string, subjects: readonly Subject[]): boolean {
  if (METHOD_WORD.test(lower) || WHAT_IS_INDEX.test(lower)) return true;
  // "How did the settled price change?" and "explain the H100 vs B200 gap" ask about values.
  if (PATTERNS.change.test(lower) || PATTERNS.compare.test(lower)) return false;
  if (METHOD_ASK.test(lower) && (METHOD_OBJECT.test(lower) || subjects.length > 0)) return true;
  return EXPLAIN_INDEX.test(lower);
}

const PATTERNS = {
  freeTier: /\bfree\b|without (?:an? )?(?:api )?key|no (?:api )?key|public tier/,
  extreme:
    /\b(?:highest|lowest|peak|maximum|minimum|max|min|high|low|cheapest|most expensive|priciest|least expensive)\b/,
  ranking: /\b(?:cheapest|most expensive|priciest|least expensive)\b/,
  wantsHigh: /\b(?:highest|peak|maximum|max|high|most expensive|priciest)\b/,
  change:
    /\b(?:change[sd]?|changing|move[sd]?|rise|rose|risen|fall|fell|fallen|drop(?:ped)?|increase[sd]?|decrease[sd]?|trend|gain(?:ed)?|lost|declin\w*|went (?:up|down))\b/,
  compare: /\b(?:compare[sd]?|comparison|versus|vs\.?|cheaper|more expensive|difference between)\b/,
  latest: /\b(?:price|prices|index|value|cost|latest|current|today|now|how much)\b/,
  gpuDomain: /\bgpus?\b|\bcompute\b|\bcards?\b/,
  labDomain: /\btokens?\b|\blabs?\b|\bmodels?\b|\bllms?\b|\botpi\b/,
  volume:
    /\b(?:token )?volumes?\b|\busage\b|\b(?:market )?shares?\b|\bhow many tokens\b|\btokens? (?:used|processed|served|consumed)\b/,
  growth: /\bgr[eo]w(?:th|n|s|ing)?\b/,
  volatility: /\bvolatil\w*|\bstandard deviation\b/,
  rollingAverage: /\brolling\b|\b24[- ]?(?:h|hr|hours?)\b|\btwenty[- ]four hours\b|\bhourly\b/,
  tradeVolume:
    /\b(?:trade|trading|traded) volume\b|\bvolumes?\b|\bhow many trades\b|\bgpu[- ]hours\b|\bproviders\b/,
};

const allGpus = (): Subject[] => GPU_NAMES.map((gpu) => ({ kind: "gpu", gpu }));
const allLabs = (): Subject[] => LAB_CATALOG.map(({ lab, label }) => ({ kind: "lab", lab, label }));

/**
 * Reads one question; `history` supplies the labs or GPUs of a follow-up that names none. The
 * tests run in a fixed order: methodology, free tier, token volume (share, usage, growth of
 * volume; never about GPUs), GPU analytics (volatility, rolling 24 h average, traded volume), highs and lows (ranking first), change, comparison, latest value,
 * and anything else is out of scope.
 */
export function parseQuestion(message: string, history: readonly ChatTurn[], now: Date): Question {
  const lower = message.toLowerCase();
  let subjects = findSubjects(message);
  if (subjects.length === 0) {
    const earlier = [...history]
      .reverse()
      .find((turn) => turn.role === "user" && findSubjects(turn.content).length > 0);
    if (earlier && !PATTERNS.freeTier.test(lower)) subjects = findSubjects(earlier.content);
  }
  const domain: Domain | undefined = PATTERNS.gpuDomain.test(lower)
    ? "gpu"
    : PATTERNS.labDomain.test(lower)
      ? "lab"
      : undefined;

  if (asksForMethod(lower, subjects)) return { kind: "methodology", subjects, domain };
  if (PATTERNS.freeTier.test(lower)) return { kind: "free_tier" };
  if (
    PATTERNS.volume.test(lower) &&
    domain !== "gpu" &&
    !subjects.some((subject) => subject.kind === "gpu")
  ) {
    const labs = subjects.filter((subject): subject is LabSubject => subject.kind === "lab");
    const growth = PATTERNS.growth.test(lower) || PATTERNS.change.test(lower);
    return { kind: "volume", labs, period: findPeriod(message, now), growth };
  }
  // GPU analytics: about the GPUs named, or every GPU when the question is about GPUs.
  const gpus = subjects.flatMap((subject) => (subject.kind === "gpu" ? [subject.gpu] : []));
  if (gpus.length > 0 || (domain === "gpu" && subjects.length === 0)) {
    if (PATTERNS.volatility.test(lower)) return { kind: "volatility", gpus };
    if (PATTERNS.rollingAverage.test(lower)) return { kind: "rolling_average", gpus };
    if (PATTERNS.tradeVolume.test(lower)) return { kind: "trade_volume", gpus };
  }
  const all = (): Subject[] => (domain === "gpu" ? allGpus() : domain === "lab" ? allLabs() : []);
  const high = PATTERNS.wantsHigh.test(lower);
  if (PATTERNS.extreme.test(lower)) {
    if (PATTERNS.ranking.test(lower) && subjects.length !== 1) {
      const pool = subjects.length > 1 ? subjects : all();
      if (pool.length > 0) return { kind: "ranking", pool, high };
    }
    if (subjects.length > 0)
      return { kind: "extreme", subjects, period: findPeriod(message, now), high };
  }
  if (PATTERNS.change.test(lower) && subjects.length > 0)
    return { kind: "change", subjects, period: findPeriod(message, now) };
  if (subjects.length > 1 || (PATTERNS.compare.test(lower) && subjects.length > 0)) {
    const period = findNamedPeriod(message, now);
    return period ? { kind: "compare", subjects, period } : { kind: "compare", subjects };
  }
  // A value asked for a named period ("Anthropic in March 2026") is its mean over that period,
  // never the latest value, which would answer another question.
  const named = findNamedPeriod(message, now);
  if (subjects.length > 0)
    return named ? { kind: "compare", subjects, period: named } : { kind: "latest", subjects };
  if (domain !== undefined && (PATTERNS.latest.test(lower) || PATTERNS.compare.test(lower)))
    return named
      ? { kind: "compare", subjects: all(), period: named }
      : { kind: "latest", subjects: all() };
  return { kind: "out_of_scope" };
}
