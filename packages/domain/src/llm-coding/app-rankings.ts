import type { UtcDay } from "../shared/calendar";
import { badRequest, type DomainError } from "../shared/errors";
import { parseOptionalDayRange } from "../shared/dated-query";
import { singleParameterQuery } from "../shared/query-parameters";
import { err, ok, type Result } from "../shared/result";
import { CODING_AGENT_IDS, type CodingAgent } from "./catalog";

/**
 * OpenRouter's app rankings (`GET /api/v1/datasets/app-rankings`, category `coding`): tokens per
 * app over a date window, a second measure of coding-agent work, independent of GitHub. Tokens
 * are prompt + completion as each provider's tokenizer counts them (not strictly comparable
 * across apps), sent as a decimal string because they exceed 2^53. CC BY 4.0.
 */
export type AppRankingRow = {
  appId: number;
  appName: string;
  /** 1-based position in the answer (absolute across pages). */
  rank: number;
  totalRequests: number;
  /** prompt + completion tokens in the window, exact. */
  totalTokens: bigint;
};

/** The attribution OpenRouter asks for on app-rankings data, with its `meta.as_of`. */
export function appRankingsCitation(asOf: string): string {
  return `Source: OpenRouter (openrouter.ai/apps), as of ${asOf}. Licensed under CC BY 4.0.`;
}

const WHOLE = (value: unknown, min: number): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= min;

/** Validates one `data` row; the first problem is reported. */
export function readAppRankingRow(raw: unknown): Result<AppRankingRow, string> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return err("an app-rankings row must be an object");
  const { app_id, app_name, rank, total_requests, total_tokens } = raw as Record<string, unknown>;
  if (!WHOLE(app_id, 0)) return err("app_id must be a whole number");
  if (typeof app_name !== "string" || app_name.trim() === "" || app_name.length > 200)
    return err("app_name must be 1 to 200 characters");
  if (!WHOLE(rank, 1)) return err("rank must be a whole number >= 1");
  if (!WHOLE(total_requests, 0)) return err("total_requests must be a whole number >= 0");
  if (typeof total_tokens !== "string" || !/^\d{1,19}$/.test(total_tokens))
    return err("total_tokens must be a decimal string of a whole number of tokens");
  return ok({
    appId: app_id,
    appName: app_name,
    rank,
    totalRequests: total_requests,
    totalTokens: BigInt(total_tokens),
  });
}

/**
 * The coding agent an app of OpenRouter's coding rankings is, by the name it ranks under
 * ("Claude Code", "OpenAI Codex", "GitHub Copilot", "Cursor", "Devin"); null for every other app.
 * Only apps that send their traffic through OpenRouter rank at all, so an agent may have no row.
 */
const APP_NAME_AGENTS: readonly [RegExp, CodingAgent][] = [
  [/\bclaude[ -]?code\b/i, "claude"],
  [/\bcodex\b/i, "codex"],
  [/\bcopilot\b/i, "copilot"],
  [/\bcursor\b/i, "cursor"],
  [/\bdevin\b/i, "devin"],
];

export function codingAgentOfApp(appName: string): CodingAgent | null {
  return APP_NAME_AGENTS.find(([pattern]) => pattern.test(appName))?.[1] ?? null;
}

/** `GET /api/llm-coding/tokens`: an optional agent and optional inclusive days in order. */
export const LLM_CODING_TOKENS_QUERY_PARAMETERS = ["agent", "startDate", "endDate"] as const;

export type LlmCodingTokensQuery = {
  agent?: CodingAgent;
  startDate?: UtcDay;
  endDate?: UtcDay;
};

export function invalidAgentMessage(value: string): string {
  return `Invalid agent '${value}'. Allowed values (case-sensitive): ${CODING_AGENT_IDS.join(", ")}.`;
}

export const parseLlmCodingTokensQuery = singleParameterQuery(
  LLM_CODING_TOKENS_QUERY_PARAMETERS,
  (params): Result<LlmCodingTokensQuery, DomainError> => {
    const query: LlmCodingTokensQuery = {};
    const { agent } = params;
    if (agent !== undefined) {
      if (!(CODING_AGENT_IDS as readonly string[]).includes(agent))
        return err(badRequest(invalidAgentMessage(agent)));
      query.agent = agent as CodingAgent;
    }
    const range = parseOptionalDayRange(params);
    if (!range.ok) return range;
    return ok({ ...query, ...range.value });
  },
);
