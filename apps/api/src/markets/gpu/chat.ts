import {
  FREE_TIER_GPU_NAMES,
  GPU_FREE_WINDOW_MONTHS,
  GPU_INDEX_UNIT,
  GPU_NAMES,
  GPU_REGION,
  VOLATILITY_WINDOW_DEFAULT_DAYS,
  describeGpuMethodology,
  newYorkDayOf,
  type GpuName,
} from "@tpi/domain";
import type { Route } from "../../platform/core/route";
import {
  askRoute,
  isAbout,
  namedIds,
  seriesSourceOf,
  sourceOf,
  sourceRowOf,
} from "../../platform/chat/market-kit";
import type * as Chat from "../../platform/chat/market-kit";
import { gpuVolatilityRoute, gpuVolumeRoute } from "./routes/analytics";
import {
  dailyIndexAllRoute,
  gpuIndexHistoryRoute,
  gpuMethodologyRoute,
  gpuTypesFreeRoute,
} from "./routes/prices";
import { gpuRollingAverageRoute } from "./routes/series";
import { GPU } from "./read-model/state";

/** What the chat knows of the GPU index: GPUs as people write them, their values through the GPU routes. */

/** GPU names as people write them: case and spacing vary, suffixes are often left out. */
const GPU_PATTERNS: Readonly<Record<GpuName, RegExp>> = {
  "H100 SXM": /h\s*100/,
  H200: /h\s*200/,
  "A100 SXM4": /a\s*100/,
  "RTX 5090": /(?:rtx\s*)?5090/,
  B200: /b\s*200/,
  "RTX PRO 6000 WS": /rtx\s*pro\s*6000|pro\s*6000|6000\s*ws/,
};

const gpuSubject = (gpu: GpuName): Chat.Subject => ({ market: GPU.name, id: gpu, name: gpu });

const VOLATILITY = /\bvolatil\w*|\bstandard deviation\b/;
const ROLLING_AVERAGE =
  /\brolling\b|\b24[- ]?(?:h|hr|hours?)\b|\btwenty[- ]four hours\b|\bhourly\b/;
const TRADE_VOLUME =
  /\b(?:trade|trading|traded) volume\b|\bvolumes?\b|\bhow many trades\b|\bgpu[- ]hours\b|\bproviders\b/;

const usd = (value: number) => `$${value.toFixed(3)} per GPU-hour`;
const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** What every GPU answer says of its values' sources (the REST answers' `provenance`). */
type Provenance = { provenance: { sources: { source: string; citation: string | null }[] } };
type Rows<T> = { data: T[] } & Provenance;
/** The evidence each GPU value names (the REST rows' provenance fields). */
type Evidence = { basis: string; sources: string[] };
type DailyRow = { gpu_type: string; index_value: number; date: string } & Evidence;
type HistoryRow = { timestamp: string; index_value: number } & Evidence;

/** The citations (or the sample notice) the answer's sources require, of those named. */
function citationsOf(answer: Provenance, named?: readonly string[]): string[] {
  return answer.provenance.sources
    .filter((source) => named === undefined || named.includes(source.source))
    .flatMap((source) => (source.citation ? [source.citation] : []));
}

/**
 * A settled daily value as the chat quotes it: its settlement instant, its New York day, what it
 * rests on, and the citations its sources require.
 */
function dailyPoint(at: string, row: { index_value: number } & Evidence, answer: Provenance) {
  return {
    at,
    value: row.index_value,
    row: sourceRowOf(row),
    note: `New York day ${newYorkDayOf(new Date(at))}, from ${row.basis}: ${row.sources.join(", ")}`,
    citations: citationsOf(answer, row.sources),
  } satisfies Chat.ChatPoint;
}

async function latest(subject: Chat.Subject, scope: Chat.ChatScope) {
  const answer = await askRoute(dailyIndexAllRoute, {}, scope);
  const body = answer.ok ? (answer.value as Rows<DailyRow>) : undefined;
  const row = body?.data.find((candidate) => candidate.gpu_type === subject.id);
  if (body === undefined || row === undefined) return undefined;
  const point: Chat.ChatPoint = dailyPoint(row.date, row, body);
  const source = sourceOf(dailyIndexAllRoute, {}, [point.row]);
  return { point, source };
}

async function series(subject: Chat.Subject, period: Chat.Period, scope: Chat.ChatScope) {
  const answer = await askRoute(
    gpuIndexHistoryRoute,
    {
      params: { gpuName: subject.id },
      query: { startDate: period.startDate, endDate: period.endDate },
    },
    scope,
  );
  if (!answer.ok) return answer;
  const body = answer.value as Rows<HistoryRow>;
  const points = body.data.map((row): Chat.ChatPoint => dailyPoint(row.timestamp, row, body));
  return { ok: true as const, value: points };
}

/** The GPUs a question names, or every GPU when it names none. */
const gpusOf = (question: Chat.Question): GpuName[] => {
  const named = namedIds(question, GPU.name) as GpuName[];
  return named.length > 0 ? named : [...GPU_NAMES];
};

/**
 * The day an analytics answer describes: the day the question names, the last day of the
 * period it names, or the GPU's latest settled day.
 */
const dayOf = (gpu: GpuName, question: Chat.Question, scope: Chat.ChatScope) => {
  const { when } = question;
  if (when.kind === "day") return when.day;
  if (when.kind === "period") return when.period.endDate;
  return GPU.of(scope.deps).index.latestDaily(gpu)?.day;
};

/** One GPU analytics question: its route, the query for a GPU, the line of its row. */
type Analytics<Row> = {
  intent: string;
  route: Route;
  /** The query for a GPU; none while the GPU has no settled day. */
  request(
    gpu: GpuName,
    question: Chat.Question,
    scope: Chat.ChatScope,
  ): Record<string, string> | undefined;
  rowOf(body: unknown): Row | undefined;
  line(gpu: GpuName, row: Row): string;
  /** What is said of a GPU without data. */
  none(gpu: GpuName): string;
};

/**
 * For each GPU the route's answer for its parameters, one line each; a refusal (a plan the route
 * needs) is the whole answer, in the route's words.
 */
async function analyticsAnswer<Row>(
  analytics: Analytics<Row>,
  question: Chat.Question,
  scope: Chat.ChatScope,
): Promise<Chat.EngineAnswer> {
  const lines: string[] = [];
  const sources: Chat.ChatSource[] = [];
  const citations: string[] = [];
  for (const gpu of gpusOf(question)) {
    const query = analytics.request(gpu, question, scope);
    const answer =
      query === undefined
        ? undefined
        : await askRoute(analytics.route, { params: { gpuName: gpu }, query }, scope);
    if (answer !== undefined && !answer.ok && answer.error.code !== "no_data")
      return { intent: analytics.intent, answer: answer.error.message, sources: [] };
    const row = answer?.ok ? analytics.rowOf(answer.value) : undefined;
    if (row === undefined) {
      lines.push(analytics.none(gpu));
      continue;
    }
    sources.push(sourceOf(analytics.route, { gpuName: gpu, ...query }, [row as object]));
    lines.push(analytics.line(gpu, row));
    // The answer's provenance covers exactly the values behind the row.
    if (answer?.ok) citations.push(...citationsOf(answer.value as Provenance));
  }
  return {
    intent: analytics.intent,
    answer: lines.join("\n"),
    sources,
    citations: [...new Set(citations)],
  };
}

const intentOf = <Row>(pattern: RegExp, analytics: Analytics<Row>): Chat.MarketIntent => ({
  intent: analytics.intent,
  asks: (question) => isAbout(question, GPU.name) && pattern.test(question.lower),
  answer: (question, scope) => analyticsAnswer(analytics, question, scope),
});

const firstRow = <Row>(body: unknown) => (body as Rows<Row>).data[0];
const noDailyValue = (gpu: GpuName) => `There is no published daily value for ${gpu}.`;

/** The rolling volatility (default window) as of each GPU's latest settled day. */
const VOLATILITY_INTENT = intentOf<{ recorded_at: string; rolling_volatility: number | null }>(
  VOLATILITY,
  {
    intent: "volatility",
    route: gpuVolatilityRoute,
    request(gpu, question, scope) {
      const day = dayOf(gpu, question, scope);
      return day === undefined
        ? undefined
        : { startDate: day, endDate: day, windowDays: String(VOLATILITY_WINDOW_DEFAULT_DAYS) };
    },
    rowOf: firstRow,
    line: (gpu, row) =>
      row.rolling_volatility === null
        ? `${gpu}: not enough daily values before ${row.recorded_at} for a full ${VOLATILITY_WINDOW_DEFAULT_DAYS}-day window.`
        : `${gpu}: ${(row.rolling_volatility * 100).toFixed(1)}% annualized volatility over the ${VOLATILITY_WINDOW_DEFAULT_DAYS} days to ${row.recorded_at} (standard deviation of daily log returns, times the square root of 365).`,
    none: noDailyValue,
  },
);

type RollingAverage = {
  average_usd_per_hour: number;
  print_count: number;
  carried_count: number;
  window_start: string;
  as_of: string;
};

/** The mean of the hourly prints of the 24 hours ending at each GPU's latest print (Full keys). */
const ROLLING_AVERAGE_INTENT = intentOf<RollingAverage>(ROLLING_AVERAGE, {
  intent: "rolling_average",
  route: gpuRollingAverageRoute,
  request: () => ({}),
  rowOf: (body) => (body as { data: RollingAverage }).data,
  line(gpu, average) {
    const carried =
      average.carried_count > 0 ? `, ${average.carried_count} of them carried forward` : "";
    return `${gpu}: ${usd(average.average_usd_per_hour)} on average over the ${average.print_count} hourly prints from ${average.window_start} to ${average.as_of}${carried}.`;
  },
  none: (gpu) => `There is no hourly print for ${gpu}.`,
});

/** What was traded in the settlement period of each GPU's latest settled day. */
const TRADE_VOLUME_INTENT = intentOf<{
  recorded_at: string;
  trade_count: number;
  gpu_hours: number;
  distinct_providers: number;
}>(TRADE_VOLUME, {
  intent: "trade_volume",
  route: gpuVolumeRoute,
  request(gpu, question, scope) {
    const day = dayOf(gpu, question, scope);
    return day === undefined ? undefined : { startDate: day, endDate: day, granularity: "daily" };
  },
  rowOf: firstRow,
  line: (gpu, row) =>
    `${gpu}: ${count(row.trade_count, "trade", "trades")}, ${row.gpu_hours.toLocaleString("en-US", { maximumFractionDigits: 1 })} GPU-hours, from ${count(row.distinct_providers, "provider", "providers")} in the settlement period ending ${row.recorded_at}.`,
  none: noDailyValue,
});

export const GPU_CHAT: Chat.ChatMarket = {
  scope: `the GPU compute price index (${GPU_INDEX_UNIT})`,
  subjectsNoun: "GPUs",
  asks: "GPUs' volatility, rolling 24-hour average and traded volume",
  tracked: `Tracked GPUs: ${GPU_NAMES.join(", ")}.`,
  // In catalog order: "every GPU" answers list them so.
  subjects: GPU_NAMES.map((gpu) => ({ subject: gpuSubject(gpu), pattern: GPU_PATTERNS[gpu] })),
  domainWords: /\bgpus?\b|\bcompute\b|\bcards?\b/,
  indexNames: /ocpi|gpu (?:compute )?(?:price )?index/,
  recordUnit: ["day", "days"],
  unit: GPU_INDEX_UNIT,
  lowerWord: "cheaper",
  format: usd,
  latest,
  series,
  seriesSource: (subject, period, points) =>
    seriesSourceOf(gpuIndexHistoryRoute, { gpuName: subject.id }, period, points),
  freeTier() {
    const paid = GPU_NAMES.filter((gpu) => !FREE_TIER_GPU_NAMES.includes(gpu));
    return {
      keyless: `the GPU index for ${FREE_TIER_GPU_NAMES.join(", ")}: latest prints, latest daily values, and the daily series over the trailing ${GPU_FREE_WINDOW_MONTHS} months`,
      keyed: [paid.join(", ")],
      keyedRoutes: ["the nearest-print history route"],
      sources: [
        sourceOf(
          gpuTypesFreeRoute,
          {},
          FREE_TIER_GPU_NAMES.map((gpu_name) => ({ gpu_name, region: GPU_REGION })),
        ),
      ],
    };
  },
  methodology: (scope) => describeGpuMethodology(GPU.of(scope.deps).rules),
  methodologyRoute: gpuMethodologyRoute,
  intents: [VOLATILITY_INTENT, ROLLING_AVERAGE_INTENT, TRADE_VOLUME_INTENT],
};
