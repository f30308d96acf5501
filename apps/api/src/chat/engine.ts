import {
  FREE_TIER_GPU_NAMES,
  FREE_TIER_LAB_IDS,
  GPU_FREE_WINDOW_MONTHS,
  GPU_NAMES,
  GPU_REGION,
  INDEX_FORMULA,
  LAB_CATALOG,
  LAB_IDS,
  FREE_WINDOW_MONTHS,
  addDays,
  subtractMonthsClamped,
  utcDayOf,
  type GpuName,
  type LabId,
  type MethodologyRules,
  type UtcDay,
  type WinsorBounds,
} from "@tpi/domain";
import type { ChatIntent, ChatSource } from "../../schemas/chat";
import type { GpuPublishedIndex } from "../gpu-published-index";
import type { PublishedIndex } from "../published-index";

/**
 * The built-in chat engine: deterministic intent detection over questions about our own data,
 * answered from the in-memory published sets (the same values the REST routes serve). Every
 * number in an answer comes from a row listed in `sources`. The caller holds a key, so every lab
 * and GPU and all history are in reach.
 */
export type ChatData = {
  index: PublishedIndex;
  gpuIndex: GpuPublishedIndex;
  now: Date;
  rules: MethodologyRules;
  winsor: WinsorBounds;
};
export type ChatTurn = { role: "user" | "assistant"; content: string };
export type EngineAnswer = { intent: ChatIntent; answer: string; sources: ChatSource[] };

type Subject = { kind: "lab"; lab: LabId; label: string } | { kind: "gpu"; gpu: GpuName };
type Period = { startDate: UtcDay; endDate: UtcDay; label: string };
type Point = { at: string; value: number; row: Record<string, string | number> };

/** Default look-back of change and high/low questions that name no period. */
export const DEFAULT_PERIOD_DAYS = 30;

export const OUT_OF_SCOPE_ANSWER = [
  "I can only answer questions about this service's data: the Token Price Index (USD per million tokens per model lab) and the GPU compute price index (USD per GPU-hour).",
  "Ask about latest values, changes over a period, comparisons between labs or GPUs, highs and lows, what is on the free tier, or how the indices are computed.",
  `Tracked labs: ${LAB_CATALOG.map((e) => e.label).join(", ")}. Tracked GPUs: ${GPU_NAMES.join(", ")}.`,
].join(" ");

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

const UNIT_DAYS: Readonly<Record<string, number>> = { day: 1, week: 7 };

/** The period a question names ("last 3 months", "past week", "since 2026-01-01", "from A to B"), else the default. */
export function findPeriod(text: string, now: Date): Period {
  const today = utcDayOf(now);
  const lower = text.toLowerCase();
  const between =
    /from\s+(\d{4}-\d{2}-\d{2})\s+(?:to|until|through|and)\s+(\d{4}-\d{2}-\d{2})/.exec(lower);
  if (between?.[1] && between[2])
    return {
      startDate: between[1],
      endDate: between[2],
      label: `from ${between[1]} to ${between[2]}`,
    };
  const since = /since\s+(\d{4}-\d{2}-\d{2})/.exec(lower);
  if (since?.[1]) return { startDate: since[1], endDate: today, label: `since ${since[1]}` };
  const counted = /(?:last|past|previous)?\s*(\d{1,4})\s+(day|week|month|year)s?/.exec(lower);
  const single = /(?:last|past|this|previous)\s+(day|week|month|quarter|year)\b/.exec(lower);
  const amount = counted?.[1] ? Number(counted[1]) : single ? 1 : undefined;
  const unit = counted?.[2] ?? single?.[1];
  if (amount !== undefined && unit !== undefined && amount > 0) {
    const startDate =
      unit === "month" || unit === "quarter" || unit === "year"
        ? subtractMonthsClamped(
            today,
            amount * (unit === "month" ? 1 : unit === "quarter" ? 3 : 12),
          )
        : addDays(today, -amount * (UNIT_DAYS[unit] ?? 1));
    return {
      startDate,
      endDate: today,
      label: `over the last ${amount === 1 ? unit : `${amount} ${unit}s`}`,
    };
  }
  return {
    startDate: addDays(today, -DEFAULT_PERIOD_DAYS),
    endDate: today,
    label: `over the last ${DEFAULT_PERIOD_DAYS} days`,
  };
}

const PATTERNS = {
  methodology:
    /methodolog|winsori|how (?:is|are|do you|does)\b.*\b(?:calculat|comput|settl|made|built|derived|weight)|what is (?:the )?(?:otpi|ocpi|token price index|gpu (?:compute )?(?:price )?index)\b/,
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
};

/** Answers one question; `history` supplies the labs or GPUs of a follow-up that names none. */
export function answerQuestion(
  message: string,
  history: readonly ChatTurn[],
  data: ChatData,
): EngineAnswer {
  const lower = message.toLowerCase();
  let subjects = findSubjects(message);
  if (subjects.length === 0) {
    const earlier = [...history]
      .reverse()
      .find((turn) => turn.role === "user" && findSubjects(turn.content).length > 0);
    if (earlier && !PATTERNS.freeTier.test(lower)) subjects = findSubjects(earlier.content);
  }
  const domain: "gpu" | "lab" | undefined = PATTERNS.gpuDomain.test(lower)
    ? "gpu"
    : PATTERNS.labDomain.test(lower)
      ? "lab"
      : undefined;

  if (PATTERNS.methodology.test(lower)) return methodologyAnswer(subjects, domain, data);
  if (PATTERNS.freeTier.test(lower)) return freeTierAnswer();
  const all = (): Subject[] => (domain === "gpu" ? allGpus() : domain === "lab" ? allLabs() : []);
  if (PATTERNS.extreme.test(lower)) {
    if (PATTERNS.ranking.test(lower) && subjects.length !== 1) {
      const pool = subjects.length > 1 ? subjects : all();
      if (pool.length > 0) return rankingAnswer(pool, PATTERNS.wantsHigh.test(lower), data);
    }
    if (subjects.length > 0)
      return extremeAnswer(
        subjects,
        findPeriod(message, data.now),
        PATTERNS.wantsHigh.test(lower),
        data,
      );
  }
  if (PATTERNS.change.test(lower) && subjects.length > 0)
    return changeAnswer(subjects, findPeriod(message, data.now), data);
  if (subjects.length > 1 || (PATTERNS.compare.test(lower) && subjects.length > 0))
    return compareAnswer(subjects, data);
  if (subjects.length > 0) return latestAnswer(subjects, data);
  if (domain !== undefined && (PATTERNS.latest.test(lower) || PATTERNS.compare.test(lower)))
    return latestAnswer(all(), data);
  return { intent: "out_of_scope", answer: OUT_OF_SCOPE_ANSWER, sources: [] };
}

const allGpus = (): Subject[] => GPU_NAMES.map((gpu) => ({ kind: "gpu", gpu }));
const allLabs = (): Subject[] => LAB_CATALOG.map(({ lab, label }) => ({ kind: "lab", lab, label }));
const nameOf = (s: Subject) => (s.kind === "gpu" ? s.gpu : s.label);
const formatValue = (s: Subject, value: number) =>
  s.kind === "gpu"
    ? `$${value.toFixed(3)} per GPU-hour`
    : `$${value.toFixed(4)} per million tokens`;
const percent = (from: number, to: number) =>
  `${to >= from ? "+" : ""}${(((to - from) / from) * 100).toFixed(1)}%`;

/** The subject's latest settled daily value. */
function latestPoint(s: Subject, data: ChatData): Point | undefined {
  if (s.kind === "gpu") {
    const value = data.gpuIndex.latestDaily(s.gpu);
    return (
      value && {
        at: value.settledAt.toISOString(),
        value: value.indexValue,
        row: {
          gpu_type: s.gpu,
          region: GPU_REGION,
          index_value: value.indexValue,
          date: value.settledAt.toISOString(),
        },
      }
    );
  }
  const day = data.index.latestDayWith([s.lab]);
  const row = day === undefined ? undefined : data.index.rowsOn(day, [s.lab])[0];
  return (
    row && {
      at: row.date,
      value: row.indexPerMtok,
      row: {
        date: row.date,
        lab: row.lab,
        indexPerMtok: row.indexPerMtok,
        computedAt: row.computedAt,
      },
    }
  );
}

/** The subject's daily series within the period, oldest first. */
function series(s: Subject, period: Period, data: ChatData): Point[] {
  if (s.kind === "gpu") {
    return data.gpuIndex.dailyBetween(s.gpu, period.startDate, period.endDate).map((v) => ({
      at: v.settledAt.toISOString(),
      value: v.indexValue,
      row: { timestamp: v.settledAt.toISOString(), index_value: v.indexValue },
    }));
  }
  return data.index.rowsBetween(period.startDate, period.endDate, [s.lab]).map((r) => ({
    at: r.date,
    value: r.indexPerMtok,
    row: { date: r.date, lab: r.lab, indexPerMtok: r.indexPerMtok, computedAt: r.computedAt },
  }));
}

function latestSource(s: Subject, point: Point): ChatSource {
  return s.kind === "gpu"
    ? { endpoint: "/api/daily-index/all", parameters: {}, values: [point.row] }
    : { endpoint: "/api/otpi", parameters: { lab: s.lab, date: point.at }, values: [point.row] };
}

function seriesSource(s: Subject, period: Period, rows: readonly Point[]): ChatSource {
  return s.kind === "gpu"
    ? {
        endpoint: "/api/gpu/{gpuName}/index-history",
        parameters: { gpuName: s.gpu, startDate: period.startDate, endDate: period.endDate },
        values: rows.map((p) => p.row),
      }
    : {
        endpoint: "/api/otpi",
        parameters: { lab: s.lab, startDate: period.startDate, endDate: period.endDate },
        values: rows.map((p) => p.row),
      };
}

const noDataLine = (s: Subject, period?: Period) =>
  `There is no published value for ${nameOf(s)}${period ? ` ${period.label}` : ""}.`;

function latestAnswer(subjects: readonly Subject[], data: ChatData): EngineAnswer {
  const lines: string[] = [];
  const sources: ChatSource[] = [];
  for (const s of subjects) {
    const point = latestPoint(s, data);
    if (!point) {
      lines.push(noDataLine(s));
      continue;
    }
    lines.push(`${nameOf(s)}: ${formatValue(s, point.value)} (settled ${point.at}).`);
    sources.push(latestSource(s, point));
  }
  return { intent: "latest", answer: lines.join("\n"), sources };
}

function changeAnswer(subjects: readonly Subject[], period: Period, data: ChatData): EngineAnswer {
  const lines: string[] = [];
  const sources: ChatSource[] = [];
  for (const s of subjects) {
    const points = series(s, period, data);
    const first = points[0];
    const last = points.at(-1);
    if (!first || !last || points.length < 2) {
      lines.push(
        noDataLine(s, period).replace(
          "no published value",
          "not enough published data to measure a change",
        ),
      );
      continue;
    }
    const direction =
      last.value > first.value ? "rose" : last.value < first.value ? "fell" : "was unchanged";
    lines.push(
      `${nameOf(s)} ${direction} ${period.label}: from ${formatValue(s, first.value)} on ${first.at} to ${formatValue(s, last.value)} on ${last.at} (${percent(first.value, last.value)}).`,
    );
    sources.push(seriesSource(s, period, [first, last]));
  }
  return { intent: "change", answer: lines.join("\n"), sources };
}

function extremeAnswer(
  subjects: readonly Subject[],
  period: Period,
  high: boolean,
  data: ChatData,
): EngineAnswer {
  const lines: string[] = [];
  const sources: ChatSource[] = [];
  for (const s of subjects) {
    const points = series(s, period, data);
    if (points.length === 0) {
      lines.push(noDataLine(s, period));
      continue;
    }
    const best = points.reduce((a, b) =>
      high ? (b.value > a.value ? b : a) : b.value < a.value ? b : a,
    );
    lines.push(
      `${nameOf(s)}'s ${high ? "highest" : "lowest"} daily value ${period.label} was ${formatValue(s, best.value)} on ${best.at} (out of ${points.length} settled days).`,
    );
    sources.push(seriesSource(s, period, [best]));
  }
  return { intent: "extreme", answer: lines.join("\n"), sources };
}

function compareAnswer(subjects: readonly Subject[], data: ChatData): EngineAnswer {
  const latest = latestAnswer(subjects, data);
  const points = subjects.map((s) => ({ s, point: latestPoint(s, data) }));
  const [a, b] = points;
  const lines = [latest.answer];
  if (a?.point && b?.point) {
    if (a.s.kind !== b.s.kind)
      lines.push(
        "These are in different units (USD per million tokens and USD per GPU-hour), so they cannot be compared directly.",
      );
    else {
      const cheaper = a.point.value <= b.point.value ? a : b;
      const dearer = cheaper === a ? b : a;
      if (cheaper.point && dearer.point) {
        const share = ((dearer.point.value - cheaper.point.value) / dearer.point.value) * 100;
        lines.push(
          `${nameOf(cheaper.s)} is ${share.toFixed(1)}% cheaper than ${nameOf(dearer.s)} (${(dearer.point.value / cheaper.point.value).toFixed(2)}x).`,
        );
      }
    }
  }
  return { intent: "compare", answer: lines.join("\n"), sources: latest.sources };
}

function rankingAnswer(pool: readonly Subject[], high: boolean, data: ChatData): EngineAnswer {
  const ranked = pool
    .map((s) => ({ s, point: latestPoint(s, data) }))
    .filter((entry): entry is { s: Subject; point: Point } => entry.point !== undefined)
    .sort((x, y) => (high ? y.point.value - x.point.value : x.point.value - y.point.value));
  const top = ranked[0];
  if (!top)
    return { intent: "extreme", answer: "There are no published values to rank.", sources: [] };
  const order = ranked
    .map((e, i) => `${i + 1}. ${nameOf(e.s)}: ${formatValue(e.s, e.point.value)}`)
    .join("\n");
  return {
    intent: "extreme",
    answer: `By the latest settled values, the ${high ? "most expensive" : "cheapest"} is ${nameOf(top.s)} at ${formatValue(top.s, top.point.value)}.\n${order}`,
    sources: ranked.map((e) => latestSource(e.s, e.point)),
  };
}

function freeTierAnswer(): EngineAnswer {
  const labs = LAB_CATALOG.filter((e) => FREE_TIER_LAB_IDS.includes(e.lab));
  const paidLabs = LAB_IDS.filter((lab) => !FREE_TIER_LAB_IDS.includes(lab));
  const paidGpus = GPU_NAMES.filter((gpu) => !FREE_TIER_GPU_NAMES.includes(gpu));
  return {
    intent: "free_tier",
    answer: [
      `Without an API key you can read the token index for ${labs.map((e) => e.label).join(", ")} over the trailing ${FREE_WINDOW_MONTHS} month (GET /api/otpi), and the GPU index for ${FREE_TIER_GPU_NAMES.join(", ")}: latest prints, latest daily values, and the daily series over the trailing ${GPU_FREE_WINDOW_MONTHS} months.`,
      `A key is needed for ${paidLabs.join(", ")}, for ${paidGpus.join(", ")}, for older history, for the nearest-print history route and for this chat.`,
    ].join("\n"),
    sources: [
      {
        endpoint: "/api/token-types-free",
        parameters: {},
        values: labs.map(({ lab, label }) => ({ lab, label })),
      },
      {
        endpoint: "/api/gpu-types-free",
        parameters: {},
        values: FREE_TIER_GPU_NAMES.map((gpu_name) => ({ gpu_name, region: GPU_REGION })),
      },
    ],
  };
}

function methodologyAnswer(
  subjects: readonly Subject[],
  domain: "gpu" | "lab" | undefined,
  data: ChatData,
): EngineAnswer {
  const aboutGpu = domain === "gpu" || subjects.some((s) => s.kind === "gpu");
  const aboutLab = domain === "lab" || subjects.some((s) => s.kind === "lab");
  const both = aboutGpu === aboutLab;
  const parts: string[] = [];
  if (aboutLab || both) {
    parts.push(
      `Token Price Index: a daily volume-weighted blend of list prices per lab, in USD per million tokens: ${INDEX_FORMULA}. Free variants, open-weight releases of closed labs (${data.rules.excludedModelPatterns.join(", ")}) and models without a price or volume are excluded; each UTC day settles ${data.rules.settlementLagHours} hours after it ends.`,
    );
  }
  if (aboutGpu || both) {
    parts.push(
      `GPU compute price index: executed rental trades in USD per GPU-hour. Every hour on the hour it prints the volume-weighted mean (weights: GPU-hours) of the trailing hour's trades after winsorizing prices at the ${data.winsor.lower * 100}th and ${data.winsor.upper * 100}th percentiles; an hour without trades carries the previous print forward, marked as carried. The daily value is the mean of the day's hourly prints, settled at 4 PM America/New_York and stamped with that instant in UTC (20:00 in summer, 21:00 in winter).`,
    );
  }
  return { intent: "methodology", answer: parts.join("\n"), sources: [] };
}
