import { MARKETS } from "../markets";
import { createLogger } from "../platform/observability/logger";
import { readEnv } from "../platform/runtime/env";
import { startServer, type RunningServer } from "../platform/server";

/**
 * The api as main.ts starts it, in the test's own process, on `databaseUrl`: a free loopback
 * port, no settlement timer and no GPU ledger (tests talk to loopback stubs only) unless
 * `variables` say otherwise, its clock pinned at `now`, and its log lines (info and above) kept
 * in `lines`.
 */
export function startInProcessServer(options: {
  databaseUrl: string;
  now: Date;
  lines: string[];
  variables?: Record<string, string>;
}): Promise<RunningServer> {
  const { databaseUrl, now, lines, variables = {} } = options;
  return startServer(
    readEnv(MARKETS, {
      GPU_LEDGER_ENABLED: "false",
      SETTLEMENT_INTERVAL_SECONDS: "0",
      ...variables,
      DATABASE_URL: databaseUrl,
      PORT: "0",
      HOST: "127.0.0.1",
      TPI_TEST_CLOCK: now.toISOString(),
    }),
    createLogger("info", (line) => lines.push(line)),
    MARKETS,
  );
}
