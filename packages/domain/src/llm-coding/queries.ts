import { parseUtcDay, type UtcDay } from "../shared/calendar";
import { err, ok, type Result } from "../shared/result";
import {
  CODING_AGENT_IDS,
  LLM_CODING_PRODUCTS,
  countsNeeded,
  type CodingAgent,
  type CodingMetric,
} from "./catalog";

/**
 * GitHub search queries, one per (agent, metric, UTC day). GitHub's REST search answers
 * `total_count` for any query and any past day (`GET /search/issues` for pull requests,
 * `GET /search/commits` for commits; docs.github.com/rest/search/search), so every day can be
 * counted and back-filled with one request per count.
 *
 * How each agent is recognised: the public trackers of agent pull requests all key on what the
 * agent itself writes, and we follow them.
 * - PRarena (github.com/aavetis/PRarena, `collect_data.py`; prarena.ai) counts Copilot, Codex and
 *   Cursor by branch prefix (`is:pr head:copilot/`, `head:codex/`, `head:cursor/`) and Devin by
 *   its bot author (`is:pr author:devin-ai-integration[bot]`), merged ones with `is:merged`.
 * - Agent-PR studies built on GitHub search key Claude Code on the line its pull request
 *   descriptions carry, `"Generated with Claude Code" in:body` (Claude Code opens pull requests
 *   under the user's account, so it has no bot author to search).
 * - The Claude Code GitHub tracker (github.com/AlbGri/claude-github-monitor) counts Claude Code
 *   commits by the trailer Claude Code appends to every commit it writes,
 *   `Co-Authored-By: Claude … <noreply@anthropic.com>` (the model name sits between, e.g.
 *   "Claude Opus 4.6"), with `/search/commits` and a `committer-date:` per day.
 * Every count is a lower bound: users can switch the attribution off, and only what GitHub
 * indexes is found.
 */

/** What marks an agent's pull requests (and, for Claude Code, commits) in a search. */
export type AgentSearchMarker = {
  /** Qualifiers that select the agent's pull requests in `/search/issues`. */
  pullRequests: string;
  /** Qualifiers that select the agent's commits in `/search/commits`; null: not counted. */
  commits: string | null;
  /** Why this marker: how the agent marks its work and who counts it this way. */
  reason: string;
};

export const AGENT_SEARCH_MARKERS: Readonly<Record<CodingAgent, AgentSearchMarker>> = {
  claude: {
    // Claude Code opens pull requests under the user's own account, so there is no bot author
    // to search; its default pull request description ends "🤖 Generated with [Claude Code](…)",
    // which search reads as the phrase "Generated with Claude Code" (punctuation is ignored).
    // Its commits carry the trailer "Co-Authored-By: Claude <model> <noreply@anthropic.com>";
    // both parts are required so that neither a stray "anthropic.com" nor a person named Claude
    // is counted, and one query (not the sum of two, as the tracker does) counts no commit twice.
    pullRequests: '"Generated with Claude Code" in:body',
    commits: '"Co-Authored-By: Claude" "noreply@anthropic.com"',
    reason:
      'Claude Code writes "Generated with Claude Code" at the end of its pull request descriptions and the trailer "Co-Authored-By: Claude … <noreply@anthropic.com>" in its commits (the markers agent-PR studies and the Claude Code GitHub tracker search for).',
  },
  codex: {
    // Codex (cloud) pushes its work to branches named `codex/…` and the user opens the pull
    // request from ChatGPT under their own account: the branch prefix is the marker (PRarena).
    pullRequests: "head:codex/",
    commits: null,
    reason:
      "Codex pushes its work to branches named codex/… and opens the pull request under the user's account; PRarena counts Codex pull requests with head:codex/.",
  },
  copilot: {
    // Copilot's coding agent works on branches named `copilot/…` (and opens its pull requests as
    // the GitHub App `copilot-swe-agent`, shown as "Copilot"). PRarena counts `head:copilot/`
    // at scale. Adding the app author would leave out people's own `copilot/` branches, but
    // search's handling of bot authors has been inconsistent (githubnext/gh-aw,
    // INVESTIGATION_REPORT.md), and a qualifier that silently matched nothing would publish
    // zeros: the proven branch prefix is kept.
    pullRequests: "head:copilot/",
    commits: null,
    reason:
      "Copilot's coding agent pushes its work to branches named copilot/… and opens the pull request as the Copilot bot; PRarena counts Copilot pull requests with head:copilot/.",
  },
  cursor: {
    // Cursor's background agents push branches named `cursor/…` and open the pull request
    // under the user's account (PRarena: head:cursor/).
    pullRequests: "head:cursor/",
    commits: null,
    reason:
      "Cursor's background agents push branches named cursor/… and open pull requests under the user's account; PRarena counts them with head:cursor/.",
  },
  devin: {
    // Devin opens pull requests as its own GitHub App bot, `devin-ai-integration[bot]`
    // (PRarena's query; `author:app/devin-ai-integration` is the same account).
    pullRequests: "author:devin-ai-integration[bot]",
    commits: null,
    reason:
      "Devin opens its pull requests as the bot devin-ai-integration[bot]; PRarena counts them with author:devin-ai-integration[bot].",
  },
};

/**
 * Qualifiers on every query:
 * - `is:public`: search also returns private repositories the token's user can read, so without
 *   it a count would depend on whose `GITHUB_TOKEN` ran the sync; with it, a count is the same
 *   with a token, with another token and without one.
 * - `is:pr` (issues search returns issues and pull requests alike).
 * - `created:YYYY-MM-DD`: a pull request belongs to the UTC day it was opened. Merged pull
 *   requests are counted by the same creation day (`is:merged`), not by `merged:` day, so that
 *   merged is a subset of opened and the merge rate of a day's pull requests lies in 0..100%.
 * - Drafts are counted (no `-is:draft`): a draft is a pull request the agent opened (Copilot opens
 *   one as soon as it starts), and draft status moves both ways, so a `-is:draft` count of a past
 *   day could fall as well as rise. PRarena also reports ready (non-draft) pull requests; we do
 *   not, to keep one count per agent-day that only the merges keep moving.
 * - Commits: `committer-date:YYYY-MM-DD` (the day the commit took its current form: a rebase or
 *   squash on merge re-dates it), as the Claude Code tracker does.
 */
export const PUBLIC_ONLY_QUALIFIER = "is:public";

export type GithubSearchEndpoint = "/search/issues" | "/search/commits";

export type GithubSearchRequest = {
  agent: CodingAgent;
  metric: CodingMetric;
  day: UtcDay;
  endpoint: GithubSearchEndpoint;
  /** The `q` parameter, unencoded. */
  q: string;
};

/** Why a query cannot be built. */
export const SEARCH_QUERY_MESSAGES = {
  badDay: (day: string) => `not a real calendar day in YYYY-MM-DD format: '${day}'`,
  noCommitMarker: (agent: CodingAgent) =>
    `commits are not counted for ${agent}: it leaves no marker in its commits`,
} as const;

/**
 * The exact search for one count of one UTC day, e.g. for Codex merged on 2026-11-20:
 * `/search/issues`, `is:pr is:public head:codex/ created:2026-11-20 is:merged`.
 */
export function githubSearchRequest(
  agent: CodingAgent,
  metric: CodingMetric,
  day: string,
): Result<GithubSearchRequest, string> {
  const parsed = parseUtcDay(day);
  if (parsed === undefined) return err(SEARCH_QUERY_MESSAGES.badDay(day));
  const marker = AGENT_SEARCH_MARKERS[agent];
  if (metric === "commits") {
    if (marker.commits === null) return err(SEARCH_QUERY_MESSAGES.noCommitMarker(agent));
    return ok({
      agent,
      metric,
      day: parsed,
      endpoint: "/search/commits",
      q: `${marker.commits} ${PUBLIC_ONLY_QUALIFIER} committer-date:${parsed}`,
    });
  }
  const base = `is:pr ${PUBLIC_ONLY_QUALIFIER} ${marker.pullRequests} created:${parsed}`;
  return ok({
    agent,
    metric,
    day: parsed,
    endpoint: "/search/issues",
    q: metric === "merged" ? `${base} is:merged` : base,
  });
}

/**
 * Path and query string for the request: one result per page, since only `total_count` is read;
 * `q` percent-encoded with `encodeURIComponent` (spaces as %20, quotes as %22).
 */
export function githubSearchPath(request: Pick<GithubSearchRequest, "endpoint" | "q">): string {
  return `${request.endpoint}?q=${encodeURIComponent(request.q)}&per_page=1`;
}

/**
 * Every search one UTC day needs to serve all products, in catalogue order without repeats:
 * opened and merged for each of the five agents, and Claude's commits (11 requests; GitHub allows
 * 10 search requests a minute without a token and 30 with one).
 */
export function searchesForDay(day: UtcDay): GithubSearchRequest[] {
  const requests: GithubSearchRequest[] = [];
  const seen = new Set<string>();
  for (const agent of CODING_AGENT_IDS) {
    for (const product of LLM_CODING_PRODUCTS) {
      for (const need of countsNeeded(product)) {
        const key = `${need.agent}|${need.metric}`;
        if (need.agent !== agent || seen.has(key)) continue;
        seen.add(key);
        const request = githubSearchRequest(need.agent, need.metric, day);
        if (!request.ok) throw new RangeError(request.error);
        requests.push(request.value);
      }
    }
  }
  return requests;
}

/**
 * GitHub's search rate limits (docs.github.com/rest/search/search#rate-limit): 10 requests a
 * minute without a token, 30 with one (`GITHUB_TOKEN`). Secondary limits answer 403 or 429 with
 * `retry-after`; the connector waits that long before the next search.
 */
export const GITHUB_SEARCH_REQUESTS_PER_MINUTE = { anonymous: 10, token: 30 } as const;

/** The pause between two searches that keeps within the limit: 6,000 ms without a token, 2,000 with one. */
export function githubSearchIntervalMs(hasToken: boolean): number {
  const perMinute = hasToken
    ? GITHUB_SEARCH_REQUESTS_PER_MINUTE.token
    : GITHUB_SEARCH_REQUESTS_PER_MINUTE.anonymous;
  return Math.ceil(60_000 / perMinute);
}

/** Why a search answered no count. Never read as zero. */
export type CountFailureReason = "incomplete_results" | "malformed_response";

export type CountFailure = { reason: CountFailureReason; message: string };

export const COUNT_FAILURE_MESSAGES = {
  incomplete_results:
    "GitHub marked the search incomplete_results (it timed out before counting everything): the count is failed, not low",
  malformed_response:
    "GitHub's search answer has no whole, non-negative total_count and boolean incomplete_results",
} as const satisfies Record<CountFailureReason, string>;

/**
 * Reads a search answer (`{ total_count, incomplete_results, items }`). An answer marked
 * `incomplete_results: true` timed out on GitHub's side and counted only part of the matches:
 * it is a failed count, never a (low) value.
 */
export function readSearchCount(body: unknown): Result<number, CountFailure> {
  if (typeof body !== "object" || body === null)
    return err({
      reason: "malformed_response",
      message: COUNT_FAILURE_MESSAGES.malformed_response,
    });
  const { total_count: total, incomplete_results: incomplete } = body as Record<string, unknown>;
  if (
    typeof incomplete !== "boolean" ||
    typeof total !== "number" ||
    !Number.isSafeInteger(total) ||
    total < 0
  )
    return err({
      reason: "malformed_response",
      message: COUNT_FAILURE_MESSAGES.malformed_response,
    });
  if (incomplete)
    return err({
      reason: "incomplete_results",
      message: COUNT_FAILURE_MESSAGES.incomplete_results,
    });
  return ok(total);
}
