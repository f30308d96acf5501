import {
  changeAnswer,
  compareAnswer,
  comparePeriodAnswer,
  extremeAnswer,
  freeTierAnswer,
  latestAnswer,
  lockedPeriodMessage,
  methodologyAnswer,
  outOfScopeAnswer,
  rankingAnswer,
  volumeAnswer,
  type EngineAnswer,
} from "./answers";
import { rollingAverageAnswer, tradeVolumeAnswer, volatilityAnswer } from "./gpu-answers";
import { parseQuestion, type ChatTurn } from "./intent";
import type { ChatData } from "./sources";

/**
 * The built-in chat engine: deterministic intent detection over questions about our own data
 * (`intent.ts`), answered from the in-memory published sets (`sources.ts`) in plain sentences
 * (`answers.ts`). Every number in an answer comes from a row listed in its sources.
 */
export function answerQuestion(
  message: string,
  history: readonly ChatTurn[],
  data: ChatData,
): EngineAnswer {
  const question = parseQuestion(message, history, data.now);
  switch (question.kind) {
    case "methodology":
      return methodologyAnswer(question.subjects, question.domain, data);
    case "free_tier":
      return freeTierAnswer();
    case "ranking":
      return rankingAnswer(question.pool, question.high, data);
    case "extreme":
      return extremeAnswer(question.subjects, question.period, question.high, data);
    case "change":
      return changeAnswer(question.subjects, question.period, data);
    case "compare": {
      if (!question.period) return compareAnswer(question.subjects, data);
      const locked = lockedPeriodMessage(question.subjects, question.period, data);
      if (locked) return { intent: "compare", answer: locked, sources: [] };
      return comparePeriodAnswer(question.subjects, question.period, data);
    }
    case "volume":
      return volumeAnswer(question.labs, question.period, question.growth, data);
    case "volatility":
      return volatilityAnswer(question.gpus, data);
    case "rolling_average":
      return rollingAverageAnswer(question.gpus, data);
    case "trade_volume":
      return tradeVolumeAnswer(question.gpus, data);
    case "latest":
      return latestAnswer(question.subjects, data);
    case "out_of_scope":
      return outOfScopeAnswer();
  }
}
