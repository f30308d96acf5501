import type { Db } from "@tpi/db";
import { expect } from "vitest";
import { syncSessionCost } from "../markets/workload/jobs/session-cost-sync";
import { SESSION_COST_PATH } from "../markets/workload/sources/session-cost";
import { startJsonStub, type StubAnswer } from "./json-stub";
import { openRouterTestConfig } from "./openrouter-stub";

/**
 * OpenRouter's session costs as the Workload tests state them: weeks of cells, served by a
 * loopback stub in the dataset's documented shape and stored by the session-cost sync.
 */

/** One cell of a week: the harness's slug, the model's permaslug, the turn range, the median USD. */
export type SessionCostCell = [app: string, permaslug: string, turns: string, usd: number];
/** One week of the dataset: the window's last UTC day and its cells. */
export type SessionCostWeek = { end: string; cells: SessionCostCell[] };

/** A model of OpenRouter's model list at its list prices (USD per token, as text), no cache price. */
export const listPriceModel = (id: string, prompt: string, completion: string) => ({
  modelId: id,
  canonicalSlug: id,
  prompt,
  completion,
  inputCacheRead: null,
});

/** The dataset's answer for `week` (the 7 days to its end, as of 23:30 UTC that day). */
function sessionCostAnswer(week: SessionCostWeek): StubAnswer {
  return {
    body: {
      data: week.cells.map(([app, permaslug, turns, usd]) => ({
        app_name: app === "cline" ? "Cline" : "Claude Code",
        app_slug: app,
        median_session_cost_usd: usd,
        model_permaslug: permaslug,
        turn_range: turns,
      })),
      meta: {
        as_of: `${week.end}T23:30:00.000Z`,
        version: "v1",
        window_days: 7,
        window_end_date: week.end,
      },
    },
  };
}

/**
 * Syncs `weeks` in turn from a stub of the dataset that serves each as the latest, at 23:45 UTC
 * on its last day as the weekly job would; each sync must write its week.
 */
export async function syncSessionCostWeeks(
  db: Db,
  weeks: readonly SessionCostWeek[],
): Promise<void> {
  let latest: SessionCostWeek | undefined;
  const stub = await startJsonStub((request) =>
    request.path === SESSION_COST_PATH && latest !== undefined
      ? sessionCostAnswer(latest)
      : { status: 404, body: {} },
  );
  try {
    const config = openRouterTestConfig(stub.url, { maxRetries: 0 });
    for (const week of weeks) {
      latest = week;
      const report = await syncSessionCost(db, config, {
        trigger: "manual",
        now: new Date(`${week.end}T23:45:00Z`),
      });
      expect(report).toMatchObject({ written: true, outcome: "ok" });
    }
  } finally {
    await stub.close();
  }
}
