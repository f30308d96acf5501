import { addDays, daysBetween, eachUtcDay, type UtcDay } from "../shared/calendar";
import { unitHash } from "../shared/sample-noise";
import { type CodingAgent, type CodingMetric } from "./catalog";
import { countStatus, type CountStatus } from "./maturation";
import { searchesForDay } from "./queries";

/**
 * The generated LLM Coding sample: shown only while no GitHub search has answered (an api
 * without network, a first start), always marked as sample data, and gone as soon as one real
 * count is stored. Deterministic: a day's counts depend on the day alone, so every instance and
 * every reload serve the same numbers.
 */

/** Days the sample covers, ending yesterday: two maturation periods and more. */
export const LLM_CODING_SAMPLE_DAYS = 30;

/** Pull requests a day on 2026-01-01 and the share merged, per agent (made-up magnitudes). */
const SAMPLE_SHAPE: Readonly<Record<CodingAgent, { opened: number; mergeShare: number }>> = {
  claude: { opened: 9_000, mergeShare: 0.72 },
  codex: { opened: 30_000, mergeShare: 0.83 },
  copilot: { opened: 14_000, mergeShare: 0.55 },
  cursor: { opened: 4_000, mergeShare: 0.68 },
  devin: { opened: 1_500, mergeShare: 0.6 },
};
/** Claude commits per Claude pull request in the sample. */
const SAMPLE_COMMITS_PER_PR = 11;
const SAMPLE_EPOCH: UtcDay = "2026-01-01";

/** The sample's count of one agent, metric and day (whole pull requests or commits). */
export function sampleCount(agent: CodingAgent, metric: CodingMetric, day: UtcDay): number {
  const shape = SAMPLE_SHAPE[agent];
  // 0.3% growth a day, weekends at 70%, +-10% noise.
  const growth = Math.pow(1.003, daysBetween(SAMPLE_EPOCH, day));
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 0.7 : 1;
  const opened = Math.round(
    shape.opened * growth * weekend * (0.9 + 0.2 * unitHash(`${agent}|opened|${day}`)),
  );
  if (metric === "opened") return opened;
  if (metric === "merged")
    return Math.min(
      opened,
      Math.round(opened * shape.mergeShare * (0.95 + 0.1 * unitHash(`${agent}|merged|${day}`))),
    );
  return Math.round(
    opened * SAMPLE_COMMITS_PER_PR * (0.9 + 0.2 * unitHash(`${agent}|commits|${day}`)),
  );
}

export type SampleCodingCount = {
  day: UtcDay;
  agent: CodingAgent;
  metric: CodingMetric;
  count: number;
  status: CountStatus;
};

/**
 * The sample's counts of the LLM_CODING_SAMPLE_DAYS days ending the day before `today`, every
 * count the products need, with the status the maturation rule gives them on `today`.
 */
export function llmCodingSampleCounts(today: UtcDay): SampleCodingCount[] {
  const yesterday = addDays(today, -1);
  const counts: SampleCodingCount[] = [];
  for (const day of eachUtcDay(addDays(yesterday, -(LLM_CODING_SAMPLE_DAYS - 1)), yesterday))
    for (const request of searchesForDay(day))
      counts.push({
        day,
        agent: request.agent,
        metric: request.metric,
        count: sampleCount(request.agent, request.metric, day),
        status: countStatus(day, today),
      });
  return counts;
}
