import { addDays, isFreeTierLab } from "@tpi/domain";
import { TRPCError, initTRPC } from "@trpc/server";
import { z } from "zod";
import {
  DATE_RANGE_INPUT,
  ENDED_TRIAL_VIEWER,
  FULL_VIEWER,
  planInput,
  viewerProcedure,
} from "../../kit/test-viewers";
import { routerWithOpenRouterData } from "./test-routers";

/**
 * The token routers of test-routers.ts plus the signed-in procedures, in the api's shapes: a
 * session token names a reader (`sessions.full` a Full account, `sessions.ended` an ended trial,
 * anything else no live session), and `planIndex` answers as `GET /api/otpi` answers that
 * reader's plan (a keyed lab without a plan is the api's 401). Every input is recorded, so a test
 * sees what the website asked for. The api's own test holds these shapes to the REST routes.
 */
const t = initTRPC.create();

const FULL_SESSION = "full-session-token-0123456789";
const ENDED_SESSION = "ended-session-token-0123456789";
/** The first and last settled day of the Full reader's history (a year and a month). */
const PLAN_FIRST_DAY = "2025-03-01";
const PLAN_LAST_DAY = "2026-03-29";
const KEYED_LAB_REFUSAL =
  "An API key is required for lab minimax: without a key only anthropic, openai, google, deepseek are available.";

const planInputs: unknown[] = [];

const VIEWERS = {
  [FULL_SESSION]: FULL_VIEWER,
  [ENDED_SESSION]: { ...ENDED_TRIAL_VIEWER, trialEndsAt: "2026-03-20T10:00:00.000Z" },
};

/** One row a day of a lab from PLAN_FIRST_DAY to PLAN_LAST_DAY, rising a cent a day. */
function history(lab: string, startDate: string, endDate: string) {
  const rows = [];
  for (let day = PLAN_FIRST_DAY, n = 0; day <= PLAN_LAST_DAY; day = addDays(day, 1), n++)
    if (day >= startDate && day <= endDate)
      rows.push({
        date: day,
        lab,
        indexPerMtok: 2 + n / 100,
        computedAt: `${addDays(day, 2)}T12:00:00.000Z`,
      });
  return rows;
}

const signedIn = t.router({
  viewer: viewerProcedure(VIEWERS, planInputs),
  planIndex: t.procedure
    .input(
      planInput({
        lab: z.string().optional(),
        ...DATE_RANGE_INPUT,
      }),
    )
    .query(({ input }) => {
      planInputs.push({ planIndex: input });
      const full = input.sessionToken === FULL_SESSION;
      if (!full && input.lab !== undefined && !isFreeTierLab(input.lab as never))
        throw new TRPCError({ code: "UNAUTHORIZED", message: KEYED_LAB_REFUSAL });
      if (input.startDate === undefined) {
        const readable = full ? ["anthropic", "minimax"] : ["anthropic"];
        const labs = input.lab === undefined ? readable : [input.lab];
        const data = labs.flatMap((lab) => history(lab, PLAN_LAST_DAY, PLAN_LAST_DAY));
        return {
          success: true,
          access: full ? "full" : "public-1mo",
          date: PLAN_LAST_DAY,
          count: data.length,
          data,
        };
      }
      const labs = input.lab === undefined ? ["anthropic", "minimax"] : [input.lab];
      const data = labs.flatMap((lab) =>
        history(lab, input.startDate ?? "", input.endDate ?? PLAN_LAST_DAY),
      );
      return {
        success: true,
        access: full ? "full" : "public-1mo",
        startDate: input.startDate,
        endDate: input.endDate,
        count: data.length,
        data,
      };
    }),
  planConstituents: t.procedure
    .input(planInput({ date: z.string(), lab: z.string() }))
    .query(({ input }) => {
      planInputs.push({ planConstituents: input });
      throw new TRPCError({ code: "NOT_FOUND", message: "No constituents in this fixture." });
    }),
});

const routerSignedIn = t.mergeRouters(routerWithOpenRouterData, signedIn);

/** The token signed-in page tests' api: its router, readers' sessions, inputs and values. */
export const tokenSignedIn = {
  router: routerSignedIn,
  inputs: planInputs,
  sessions: { full: FULL_SESSION, ended: ENDED_SESSION },
  keyedLabRefusal: KEYED_LAB_REFUSAL,
  planFirstDay: PLAN_FIRST_DAY,
  planLastDay: PLAN_LAST_DAY,
};
