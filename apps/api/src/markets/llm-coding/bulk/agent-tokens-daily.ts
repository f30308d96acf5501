import {
  LLM_CODING_METHODOLOGY_VERSION,
  appRankingsCitation,
  codingAgentOfApp,
  itemOfRow,
  provenanceOfRow,
  rowOfItem,
  type BulkRow,
  type ItemFields,
  type UtcDay,
} from "@tpi/domain";
import { readAppRankingDayRows, type AppRankingDayRow, type Db } from "@tpi/db";
import { keysetRows, type MarketBulkDataset } from "../../../platform/bulk/dataset";
import { APP_RANKINGS_SOURCE } from "../../../platform/ingest/openrouter-data-api";
import type {} from "../../../platform/provenance/data-sources";
import { CODING_CATEGORY } from "../sources/app-rankings";
import type { LlmCodingTokensItem } from "../services/llm-coding";
import type {} from "../schemas/llm-coding";

/**
 * `GET /api/llm-coding/tokens` as one table: the coding agents' apps in OpenRouter's coding app
 * rankings, one row per app and UTC day (one-day windows only, as the route), the app id being
 * the series (an agent may rank under more than one app). The item's `asOf` (the rankings'
 * `as_of`) is the provenance column of the same name, so it is written once.
 */

/** Rows read per page (keyset on app id and day). */
const ROWS_PER_PAGE = 5_000;

/** The totals are OpenRouter's own, as its rankings report them. */
const BASIS = "reported";

const FIELDS: ItemFields = {
  columns: [
    {
      name: "appId",
      type: "integer",
      nullable: false,
      description: "The app's id in OpenRouter's rankings",
    },
    {
      name: "date",
      type: "date",
      nullable: false,
      description: "The UTC day of the one-day rankings window",
    },
    {
      name: "agent",
      type: "string",
      nullable: false,
      description: "The coding agent the app is (`claude`, `codex`, `copilot`, `cursor`, `devin`)",
    },
    {
      name: "appName",
      type: "string",
      nullable: false,
      description: "The app's name in the rankings",
    },
    {
      name: "rank",
      type: "integer",
      nullable: false,
      description: "Its rank in the coding category that day",
    },
    {
      name: "totalRequests",
      type: "integer",
      nullable: false,
      description: "Requests that day",
    },
    {
      name: "totalTokens",
      type: "decimal",
      // Whole tokens, stored as NUMERIC(20, 0).
      scale: 0,
      nullable: false,
      description:
        "Prompt + completion tokens that day as each provider's tokenizer counts them, exact (totals exceed 2^53)",
    },
  ],
};

/** The row of an item of the route. */
export function agentTokensRow(item: LlmCodingTokensItem): BulkRow {
  const { asOf, ...fields } = item;
  return rowOfItem(FIELDS, fields, {
    source: APP_RANKINGS_SOURCE,
    asOf,
    sample: false,
    basis: BASIS,
    methodologyVersion: LLM_CODING_METHODOLOGY_VERSION,
    citation: appRankingsCitation(asOf),
  });
}

/** A row back as the route's item, `asOf` from its provenance column. */
export function tokensItemOfRow(row: BulkRow): LlmCodingTokensItem {
  const item = itemOfRow(FIELDS, row);
  return {
    date: item.date,
    agent: item.agent,
    appId: item.appId,
    appName: item.appName,
    rank: item.rank,
    totalRequests: item.totalRequests,
    totalTokens: item.totalTokens,
    asOf: provenanceOfRow(row).asOf,
  } as LlmCodingTokensItem;
}

/** The agents' apps' rows, series (app id) then day, read `rowsPerPage` rows at a time. */
export async function* agentTokensRows(
  db: Db,
  stopping?: AbortSignal,
  rowsPerPage = ROWS_PER_PAGE,
): AsyncGenerator<BulkRow> {
  const rows = keysetRows<AppRankingDayRow, UtcDay>(
    (key, limit) =>
      readAppRankingDayRows(db, {
        category: CODING_CATEGORY,
        after: key && { appId: Number(key.series), day: key.period },
        limit,
      }),
    (row) => ({ series: String(row.appId), period: row.day }),
    rowsPerPage,
    stopping,
  );
  for await (const row of rows) {
    const agent = codingAgentOfApp(row.appName);
    if (agent === null) continue;
    const { day, asOf, ...fields } = row;
    yield agentTokensRow({ date: day, agent, ...fields, asOf: asOf.toISOString() });
  }
}

export const llmCodingAgentTokensDaily: MarketBulkDataset = {
  market: "llm-coding",
  name: "agent-tokens-daily",
  title: "Coding agents' tokens on OpenRouter, daily",
  description:
    "One row per coding agent's app and UTC day of OpenRouter's coding app rankings: its rank, requests and prompt + completion tokens that day (CC BY 4.0, cite OpenRouter).",
  historyRoute: "/api/llm-coding/tokens",
  seriesColumn: "appId",
  periodColumn: "date",
  columns: FIELDS.columns,
  rows: agentTokensRows,
  // Every value needs a key, of any plan: no free file.
  freeSeries: [],
};
