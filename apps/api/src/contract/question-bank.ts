import { SAMPLE_NOTICE } from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startContractApi, type ContractApi } from "./contract-api";
import { LLM_CODING } from "../markets/llm-coding/read-model/state";
import { MEMORY } from "../markets/memory/read-model/state";
import { NEOCLOUD } from "../markets/neocloud/read-model/state";
import type { ChatResponse } from "../platform/chat/schemas";

/**
 * The shared harness of the markets' question banks: questions as users type them, each with
 * the exact answer the chat must give, computed when the test runs from what the REST routes
 * answer a Full key (never written out by hand). The api is the contract's (fixed clock
 * 2026-11-22 12:00 UTC, the token and GPU samples from 2026-08-01) with every other market's
 * generated sample published, so every answer ends with the sample notice.
 */

export type ChatAnswer = ChatResponse["data"];

/** What a bank's expectations are computed from: the REST routes, as a Full key reads them. */
export type Rest = {
  get<T>(path: string): Promise<{ status: number; body: T }>;
  /** The clock the api answers at. */
  now: Date;
};

/**
 * One question and what the chat must answer: `answer` is the exact text before the notices,
 * computed from REST; `intent` the kind of answer; `notices` the lines that end it (the sample
 * notice unless said otherwise).
 */
export type BankQuestion = {
  question: string;
  intent: string;
  answer(rest: Rest): Promise<string>;
  notices?: readonly string[];
};

/**
 * Registers a market's bank: one test per question, and one that states how many questions the
 * bank holds (`holds`), so that a question dropped or added is a decision, not an accident.
 */
export function questionBank(market: string, holds: number, questions: readonly BankQuestion[]) {
  let contract: ContractApi;
  const authorization = () => ({ authorization: `Bearer ${contract.keys.full}` });
  const rest: Rest = {
    async get<T>(path: string) {
      const res = await contract.api.get(path, authorization());
      return { status: res.status, body: res.body as T };
    },
    get now() {
      return contract.api.clock.now;
    },
  };

  describe(`the ${market} question bank, answered as REST answers`, () => {
    beforeAll(async () => {
      contract = await startContractApi();
      // The contract publishes the token, GPU and Workload samples; these three read theirs now.
      for (const published of [
        MEMORY.of(contract.api.deps).index,
        LLM_CODING.of(contract.api.deps).counts,
        NEOCLOUD.of(contract.api.deps).sites,
      ]) {
        published.allowSample(true);
        await published.refresh();
      }
    });
    afterAll(async () => contract.api.close());

    it(`holds ${holds} questions`, () => {
      expect(questions).toHaveLength(holds);
      expect(new Set(questions.map((entry) => entry.question)).size).toBe(holds);
    });

    for (const entry of questions)
      it(entry.question, async () => {
        const res = await contract.api.post(
          "/api/chat",
          { message: entry.question },
          authorization(),
        );
        expect(res.status, res.text).toBe(200);
        const data = (res.body as ChatResponse).data;
        const notices = entry.notices ?? [SAMPLE_NOTICE];
        expect(data.answer).toBe([await entry.answer(rest), ...notices].join("\n"));
        expect(data.intent).toBe(entry.intent);
        expect(data.notices).toEqual(notices);
      });
  });
}
