import { CODING_AGENT_IDS, codingAgentLabel } from "./catalog";
import { MATURATION_DAYS } from "./maturation";
import { AGENT_SEARCH_MARKERS, PUBLIC_ONLY_QUALIFIER } from "./queries";

/** What the LLM Coding values are: counts per UTC day, and percentages for merge rates. */
export const LLM_CODING_UNIT = "pull requests or commits per UTC day; merge rates in percent";
/** The method's version: the queries, the maturation rule and the merge-rate definition. */
export const LLM_CODING_METHODOLOGY_VERSION = "1.0";
/** The sync log's, the lock's and the served data's name for GitHub search. */
export const GITHUB_SEARCH_SOURCE_NAME = "github-search";

/** The source of every LLM Coding value. GitHub's search counts are facts, not licensed data. */
export const GITHUB_SEARCH_SOURCE = {
  name: "GitHub search API",
  url: "https://docs.github.com/rest/search/search",
  citation:
    "Source: GitHub search API (api.github.com/search/issues and /search/commits), counts of public pull requests and commits per UTC day.",
} as const;

/** How a product is computed, one sentence per rule, for the methodology answer, `/docs` and the chat. */
export function describeLlmCodingMethodology(): string[] {
  const markers = CODING_AGENT_IDS.map((agent) => {
    const marker = AGENT_SEARCH_MARKERS[agent];
    const commits = marker.commits === null ? "" : `; commits: ${marker.commits}`;
    return `${codingAgentLabel(agent)}: pull requests ${marker.pullRequests}${commits}. ${marker.reason}`;
  });
  return [
    `Counts come from GitHub's search API (total_count), one search per agent, count and UTC day, restricted to public repositories (${PUBLIC_ONLY_QUALIFIER}) so that a count does not depend on the token used.`,
    "Pull requests: is:pr with the agent's marker and created:<day>, drafts included. Merged: the same search with is:merged (pull requests opened that day and merged since). Commits: the marker with committer-date:<day>.",
    "Merge rate = 100 * merged / opened for the same creation day, in percent; a day with no pull requests has no merge rate (never 0%).",
    `Maturation: a day's counts are provisional, and updated at each sync, until ${MATURATION_DAYS} whole days after the day ended; then settled. A settled count that changes later is recorded as a revision with its old and new value.`,
    "A search GitHub marks incomplete_results (it timed out) is a failed count, retried later, never a low value.",
    "Every count is a lower bound: only public repositories are searched, and users can switch an agent's attribution off.",
    ...markers,
  ];
}
