import "server-only";
import { readWebEnv } from "../env";

/** What the api's `GET /health` answers (database and redis), or why it could not be read. */
export type HealthView =
  | { reachable: true; httpStatus: number; status: string; database: string; redis: string }
  | { reachable: false; error: string };

/** How long the status page waits for `/health`: a stuck api must not hang the page, ms. */
const HEALTH_TIMEOUT_MS = 3_000;

export async function loadHealth(): Promise<HealthView> {
  try {
    const response = await fetch(`${readWebEnv().apiUrl}/health`, {
      cache: "no-store",
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    });
    const body = (await response.json()) as Partial<
      Record<"status" | "database" | "redis", string>
    >;
    return {
      reachable: true,
      httpStatus: response.status,
      status: body.status ?? "unknown",
      database: body.database ?? "unknown",
      redis: body.redis ?? "unknown",
    };
  } catch (error) {
    return { reachable: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** What a part of the status page holds when it failed to load (a value of its own, not a string). */
export const UNAVAILABLE: unique symbol = Symbol("unavailable");

/** A part of the status page that failed to load says so instead of failing the whole page. */
export async function orUnavailable<T>(load: () => Promise<T>): Promise<T | typeof UNAVAILABLE> {
  try {
    return await load();
  } catch {
    return UNAVAILABLE;
  }
}

/** One row of /status: a market's latest published day or instant. */
export type StatusReading = {
  /** The row's `data-status`. */
  status: string;
  label: string;
  /** The day or instant; undefined: none published yet; UNAVAILABLE: the api did not answer. */
  value: string | undefined | typeof UNAVAILABLE;
  /** How the value is written: a UTC day, or an instant (a settlement, a print). */
  kind: "day" | "instant";
};
