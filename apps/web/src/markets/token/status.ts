import "server-only";
import { orUnavailable, type StatusReading } from "../../server/status";
import { loadLatest } from "./loaders";

/** The token index on /status: its latest settled day. */
export async function loadTokenStatus(): Promise<StatusReading[]> {
  return [
    {
      status: "token-day",
      label: "Token index: latest settled day (UTC)",
      value: await orUnavailable(async () => (await loadLatest())?.date),
      kind: "day",
    },
  ];
}
