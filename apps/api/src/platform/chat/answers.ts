import {
  FREE_WINDOW_MONTHS,
  GPU_FREE_WINDOW_MONTHS,
  GPU_NAMES,
  LAB_CATALOG,
  LAB_IDS,
  PUBLIC_ACCESS,
  authorizeGpu,
  authorizeOtpiQuery,
  describeGpuMethodology,
  describeTokenMethodology,
  resolveGpuHistoryRange,
  type GpuName,
} from "@tpi/domain";
import type { ChatIntent, ChatSource } from "./schemas";
import type { Domain, LabSubject, Subject } from "./intent";
import type { Period } from "./period";
import {
  freeTier,
  latestPoint,
  latestSource,
  latestVolume,
  series,
  seriesSource,
  volumeSeries,
  volumeSource,
  type ChatData,
  type Point,
} from "./sources";

/** Answers in plain sentences, built only from the values `sources` returns and listed with them. */
export type EngineAnswer = { intent: ChatIntent; answer: string; sources: ChatSource[] };

/** What this service knows about, as the chat and the model backend both say it. */
export const CHAT_SCOPE =
  "the Token Price Index (USD per million tokens per model lab) and the GPU compute price index (USD per GPU-hour)";

export const OUT_OF_SCOPE_ANSWER = [
  `I can only answer questions about this service's data: ${CHAT_SCOPE}.`,
  "Ask about latest values, changes over a period, comparisons between labs or GPUs, highs and lows, labs' token volume and share, GPUs' volatility, rolling 24-hour average and traded volume, what is on the free tier, or how the indices are computed.",
  `Tracked labs: ${LAB_CATALOG.map((e) => e.label).join(", ")}. Tracked GPUs: ${GPU_NAMES.join(", ")}.`,
].join(" ");

const nameOf = (s: Subject) => (s.kind === "gpu" ? s.gpu : s.label);
const formatValue = (s: Subject, value: number) =>
  s.kind === "gpu"
    ? `$${value.toFixed(3)} per GPU-hour`
    : `$${value.toFixed(4)} per million tokens`;
const percent = (from: number, to: number) =>
  `${to >= from ? "+" : ""}${(((to - from) / from) * 100).toFixed(1)}%`;

const noDataLine = (s: Subject, period?: Period) =>
  `There is no published value for ${nameOf(s)}${period ? ` ${period.label}` : ""}.`;

export function outOfScopeAnswer(): EngineAnswer {
  return { intent: "out_of_scope", answer: OUT_OF_SCOPE_ANSWER, sources: [] };
}

export function latestAnswer(subjects: readonly Subject[], data: ChatData): EngineAnswer {
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

export function changeAnswer(
  subjects: readonly Subject[],
  period: Period,
  data: ChatData,
): EngineAnswer {
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

export function extremeAnswer(
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

/** How the first two subjects' values compare, or why they cannot; nothing when either has none. */
function comparisonLine(
  a: { s: Subject; value: number } | undefined,
  b: { s: Subject; value: number } | undefined,
  when = "",
): string | undefined {
  if (!a || !b) return undefined;
  if (a.s.kind !== b.s.kind)
    return "These are in different units (USD per million tokens and USD per GPU-hour), so they cannot be compared directly.";
  const cheaper = a.value <= b.value ? a : b;
  const dearer = cheaper === a ? b : a;
  const share = ((dearer.value - cheaper.value) / dearer.value) * 100;
  return `${nameOf(cheaper.s)} is ${share.toFixed(1)}% cheaper than ${nameOf(dearer.s)} (${(dearer.value / cheaper.value).toFixed(2)}x)${when}.`;
}

export function compareAnswer(subjects: readonly Subject[], data: ChatData): EngineAnswer {
  const latest = latestAnswer(subjects, data);
  const values = subjects.flatMap((s) => {
    const point = latestPoint(s, data);
    return point ? [{ s, value: point.value }] : [];
  });
  const line = values.length === subjects.length ? comparisonLine(values[0], values[1]) : undefined;
  return {
    intent: "compare",
    answer: [latest.answer, ...(line ? [line] : [])].join("\n"),
    sources: latest.sources,
  };
}

/**
 * A comparison over a named period: each subject's mean of its settled daily values in the
 * period (every settled day weighs the same), with the rows averaged as its source.
 */
export function comparePeriodAnswer(
  subjects: readonly Subject[],
  period: Period,
  data: ChatData,
): EngineAnswer {
  const lines: string[] = [];
  const sources: ChatSource[] = [];
  const means: Array<{ s: Subject; value: number } | undefined> = [];
  for (const s of subjects) {
    const points = series(s, period, data);
    const first = points[0];
    const last = points.at(-1);
    if (!first || !last) {
      lines.push(noDataLine(s, period));
      means.push(undefined);
      continue;
    }
    const mean = points.reduce((sum, p) => sum + p.value, 0) / points.length;
    means.push({ s, value: mean });
    lines.push(
      `${nameOf(s)}: ${formatValue(s, mean)} on average ${period.label} (the mean of ${points.length} settled daily ${points.length === 1 ? "value" : "values"}, ${first.at} to ${last.at}).`,
    );
    sources.push(seriesSource(s, period, points));
  }
  const line = comparisonLine(means[0], means[1], ` on average ${period.label}`);
  return {
    intent: "compare",
    answer: [...lines, ...(line ? [line] : [])].join("\n"),
    sources,
  };
}

/**
 * What a keyless caller may not read of a named period, in the REST API's words (the same domain
 * rules answer its 401s): a paid lab or GPU, or days before the free window. Undefined with a
 * key, or when everything asked is free.
 */
export function lockedPeriodMessage(
  subjects: readonly Subject[],
  period: Period,
  data: Pick<ChatData, "plan" | "now">,
): string | undefined {
  if (data.plan !== undefined) return undefined;
  for (const s of subjects) {
    const allowed =
      s.kind === "lab"
        ? authorizeOtpiQuery(
            { kind: "range", startDate: period.startDate, endDate: period.endDate, lab: s.lab },
            PUBLIC_ACCESS,
            data.now,
          )
        : authorizeGpuHistory(s.gpu, period, data.now);
    if (!allowed.ok) return allowed.error.message;
  }
  return undefined;
}

function authorizeGpuHistory(gpu: GpuName, period: Period, now: Date) {
  const named = authorizeGpu(gpu, PUBLIC_ACCESS);
  return named.ok ? resolveGpuHistoryRange(period, PUBLIC_ACCESS, now) : named;
}

export function rankingAnswer(
  pool: readonly Subject[],
  high: boolean,
  data: ChatData,
): EngineAnswer {
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

export function freeTierAnswer(): EngineAnswer {
  const { labs, gpus, sources } = freeTier();
  const paidLabs = LAB_IDS.filter((lab) => !labs.some((e) => e.lab === lab));
  const paidGpus = GPU_NAMES.filter((gpu) => !gpus.includes(gpu));
  return {
    intent: "free_tier",
    answer: [
      `Without an API key you can read the token index for ${labs.map((e) => e.label).join(", ")} over the trailing ${FREE_WINDOW_MONTHS} month (GET /api/otpi), and the GPU index for ${gpus.join(", ")}: latest prints, latest daily values, and the daily series over the trailing ${GPU_FREE_WINDOW_MONTHS} months.`,
      `A key is needed for ${paidLabs.join(", ")}, for ${paidGpus.join(", ")}, for older history, for the nearest-print history route and for this chat.`,
    ].join("\n"),
    sources,
  };
}

/** The method of the index the question is about (both when it is about neither or both), quoted from the domain. */
export function methodologyAnswer(
  subjects: readonly Subject[],
  domain: Domain | undefined,
  method: Pick<ChatData, "rules" | "winsor">,
): EngineAnswer {
  const aboutGpu = domain === "gpu" || subjects.some((s) => s.kind === "gpu");
  const aboutLab = domain === "lab" || subjects.some((s) => s.kind === "lab");
  const both = aboutGpu === aboutLab;
  const parts: string[] = [];
  if (aboutLab || both) parts.push(describeTokenMethodology(method.rules));
  if (aboutGpu || both) parts.push(describeGpuMethodology(method.winsor));
  return { intent: "methodology", answer: parts.join("\n"), sources: [] };
}

const tokens = (count: number) => `${Math.round(count).toLocaleString("en-US")} tokens`;
const sharePercent = (share: number | null) =>
  share === null ? "no share" : `${(share * 100).toFixed(1)}%`;
const growthText = (value: number | null) => (value === null ? "n/a" : value.toFixed(1));

/**
 * Token volume of labs, from the same rows as `GET /api/token-volume`: each lab's latest share
 * of the tracked labs' tokens (every lab, largest share first, when the question names none), or
 * with `growth` its volume's move over the period from the first and last settled day.
 */
export function volumeAnswer(
  named: readonly LabSubject[],
  period: Period,
  growth: boolean,
  data: ChatData,
): EngineAnswer {
  const labs: readonly LabSubject[] =
    named.length > 0 ? named : LAB_CATALOG.map(({ lab, label }) => ({ kind: "lab", lab, label }));
  const lines: string[] = [];
  const sources: ChatSource[] = [];
  if (growth) {
    for (const s of labs) {
      const rows = volumeSeries(s.lab, period, data);
      const first = rows[0];
      const last = rows.at(-1);
      if (!first || !last || rows.length < 2) {
        lines.push(
          `There is not enough published token volume for ${s.label} ${period.label} to measure growth.`,
        );
        continue;
      }
      const direction =
        last.totalTokens > first.totalTokens
          ? "grew"
          : last.totalTokens < first.totalTokens
            ? "fell"
            : "was unchanged";
      lines.push(
        `${s.label}'s token volume ${direction} ${period.label}: from ${tokens(first.totalTokens)} on ${first.date} to ${tokens(last.totalTokens)} on ${last.date} (${percent(first.totalTokens, last.totalTokens)}); growth index ${growthText(first.growthIndex)} to ${growthText(last.growthIndex)}, share ${sharePercent(first.share)} to ${sharePercent(last.share)}.`,
      );
      sources.push(volumeSource(s.lab, period, [first, last]));
    }
    return { intent: "volume", answer: lines.join("\n"), sources };
  }
  const latest = labs
    .map((s) => ({ s, row: latestVolume(s.lab, data) }))
    .sort((a, b) => (named.length > 0 ? 0 : (b.row?.share ?? -1) - (a.row?.share ?? -1)));
  for (const { s, row } of latest) {
    if (!row) {
      if (named.length > 0) lines.push(`There is no published token volume for ${s.label}.`);
      continue;
    }
    lines.push(
      `${s.label}: ${sharePercent(row.share)} of the tracked labs' tokens on ${row.date} (${tokens(row.totalTokens)}; growth index ${growthText(row.growthIndex)}, 100 on its first published day).`,
    );
    sources.push(volumeSource(s.lab, { startDate: row.date, endDate: row.date }, [row]));
  }
  if (lines.length === 0) lines.push("There is no published token volume yet.");
  return { intent: "volume", answer: lines.join("\n"), sources };
}
