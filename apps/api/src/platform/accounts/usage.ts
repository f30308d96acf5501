import { addDays, eachUtcDay, utcDayOf, type UtcDay } from "@tpi/domain";
import { listApiKeys, listKeyUsage } from "@tpi/db";
import { KEY_USAGE_FLUSH_MS } from "../auth/api-key-authenticator";
import type { LimiterState } from "../rate-limit/limiters";
import type { AccountServiceDeps } from "./session-guard";

/** What a signed-in account's keys have used: requests per day, and the chat limiter's window. */
export type UsageServiceDeps = AccountServiceDeps & {
  chatState: (keyId: string) => Promise<LimiterState>;
};

/** Days of usage shown: the current UTC day and the 29 before it. */
export const USAGE_DAYS = 30;

export class UsageService {
  constructor(private readonly deps: UsageServiceDeps) {}

  /** Requests per key per UTC day over the last 30 days, and each key's current chat window. */
  async lastDays(input: { sessionToken: string }) {
    const session = await this.deps.guard.session(input.sessionToken);
    const today = utcDayOf(this.deps.clock());
    const days: UtcDay[] = eachUtcDay(addDays(today, -(USAGE_DAYS - 1)), today);
    const keys = await listApiKeys(this.deps.db, session.account.id);
    const [firstDay = today] = days;
    const rows = await listKeyUsage(
      this.deps.db,
      keys.map((key) => key.id),
      firstDay,
    );
    const counts = new Map(rows.map((row) => [`${row.keyId}|${row.day}`, row.count]));
    return {
      days,
      flushIntervalSeconds: KEY_USAGE_FLUSH_MS / 1000,
      keys: await Promise.all(
        keys.map(async (key) => {
          const chat = await this.deps.chatState(key.id);
          return {
            keyId: key.id,
            name: key.name,
            displayPrefix: key.displayPrefix,
            revoked: key.revokedAt !== null,
            requestsPerDay: days.map((day) => ({
              day,
              requests: counts.get(`${key.id}|${day}`) ?? 0,
            })),
            currentMinute: {
              limiter: "chat" as const,
              limit: chat.limit,
              used: chat.used,
              resetsAt: chat.resetsAt?.toISOString() ?? null,
            },
          };
        }),
      ),
    };
  }
}
