import "server-only";
import { refusal, type ApiRefusal } from "../server/account";
import { isTrpcNotFound } from "../server/trpc-errors";

/**
 * A signed-in reader's answer as the REST route answers a key of their plan: the answer, the
 * api's refusal of it (shown in its words: which plans read a market is the api's rule, never
 * decided here), or nothing yet (the api's 404: no published value).
 */
export type PlanAnswer<T> =
  | { state: "answer"; answer: T }
  | { state: "refused"; refusal: ApiRefusal }
  | { state: "none" };

export async function planAnswer<T>(load: () => Promise<T>): Promise<PlanAnswer<T>> {
  try {
    return { state: "answer", answer: await load() };
  } catch (error) {
    if (isTrpcNotFound(error)) return { state: "none" };
    // refusal() rethrows anything that is not an api answer (the api down, a bug).
    return { state: "refused", refusal: refusal(error) };
  }
}

/** The session a personal procedure reads the plan of; none for a visitor (the api refuses). */
export function sessionInput(token: string | undefined): { sessionToken?: string } {
  return token === undefined ? {} : { sessionToken: token };
}
