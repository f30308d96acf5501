import type { Market } from "../core/market";
import {
  changeAnswer,
  chatMarkets,
  compareAnswer,
  comparePeriodAnswer,
  extremeAnswer,
  freeTierAnswer,
  latestAnswer,
  methodologyAnswer,
  outOfScopeAnswer,
  rankingAnswer,
} from "./answers";
import { intentOf, readQuestion, type ChatTurn } from "./intent";
import type { ChatScope, EngineAnswer } from "./market-chat";
import { findNamedPeriod, findPeriod } from "./period";

/**
 * The built-in chat engine: deterministic intent detection over questions about our own data
 * (`intent.ts`), answered from the markets' routes for this caller (`market-chat.ts`) in plain
 * sentences (`answers.ts`). Every number in an answer comes from a row listed in its sources.
 */
export async function answerQuestion(
  message: string,
  history: readonly ChatTurn[],
  markets: readonly Market[],
  scope: ChatScope,
): Promise<EngineAnswer> {
  const question = readQuestion(message, history, scope.now, markets);
  const named = findNamedPeriod(message, scope.now);
  const intent = intentOf(question, markets, named !== undefined);
  const byMarket = chatMarkets(markets);
  const period = () => findPeriod(message, scope.now);
  switch (intent.kind) {
    case "methodology":
      return methodologyAnswer(question.subjects, question.domain, markets, scope);
    case "free_tier":
      return freeTierAnswer(markets);
    case "market": {
      const handler = intent.market.intents[intent.intent];
      if (handler === undefined) throw new Error("a market intent vanished");
      return handler.answer(question, scope);
    }
    case "ranking":
      return rankingAnswer(intent.pool, intent.high, byMarket, scope);
    case "extreme":
      return extremeAnswer(intent.subjects, period(), intent.high, byMarket, scope);
    case "change":
      return changeAnswer(intent.subjects, period(), byMarket, scope);
    case "compare":
      return named === undefined
        ? compareAnswer(intent.subjects, byMarket, scope)
        : comparePeriodAnswer(intent.subjects, named, byMarket, scope);
    case "latest":
      return latestAnswer(intent.subjects, byMarket, scope);
    case "out_of_scope":
      return outOfScopeAnswer(markets);
  }
}
