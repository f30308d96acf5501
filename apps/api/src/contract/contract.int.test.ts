/**
 * The public HTTP contract, pinned: every request of `requests.ts` replayed against a fresh api
 * at a fixed clock on deterministic data, and each answer (status, the headers that carry
 * meaning, body) compared with `contract-snapshot.txt`. Any changed byte fails this test, with
 * the first differing entries printed. Volatile values are hidden in one documented place,
 * `withoutVolatile` in `contract-api.ts`.
 *
 * Re-record only when a change to the contract is intended, and explain every changed entry
 * (`git diff src/contract/contract-snapshot.txt`) in the commit message:
 *
 *   pnpm --filter @tpi/api contract:record
 *
 * (that is `vitest run src/contract --update`). The answers do not depend on the process's time
 * zone, so the same snapshot holds under any TZ (CI replays it under New York and Adelaide too).
 * Adding requests to `requests.ts` also needs a re-record; the entries are numbered, so
 * insertions shift the numbers after them.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  describeDifferences,
  renderSnapshot,
  replayContract,
  startContractApi,
  type ContractApi,
} from "./contract-api";
import { routeLabeler } from "../platform/http/request-context";
import { MARKETS } from "../markets";
import { routesOf } from "../platform/routes";

const ROUTES = routesOf(MARKETS);
import { CONTRACT_INTERNAL_TOKEN, CONTRACT_REQUESTS } from "./requests";

const SNAPSHOT_FILE = new URL("./contract-snapshot.txt", import.meta.url);

let contract: ContractApi;
beforeAll(async () => {
  contract = await startContractApi();
});
afterAll(async () => contract.api.close());

describe("public HTTP contract", () => {
  it("labels every request once", () => {
    const labels = CONTRACT_REQUESTS.map((request) => request.label);
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
  });

  it("answers every request exactly as recorded", { timeout: 120_000 }, async () => {
    const actual = renderSnapshot(
      CONTRACT_REQUESTS,
      await replayContract(contract, CONTRACT_REQUESTS),
    );
    let recorded = "";
    try {
      recorded = readFileSync(SNAPSHOT_FILE, "utf8");
    } catch {
      // No snapshot yet: the file snapshot below writes it (outside CI).
    }
    const differences = recorded === actual ? "" : describeDifferences(recorded, actual);
    await expect(actual, `The contract changed:\n${differences}\n`).toMatchFileSnapshot(
      SNAPSHOT_FILE.pathname,
    );
  });

  it("answers a repeated GET byte for byte the same, from memory when settled", async () => {
    const gets = CONTRACT_REQUESTS.filter(
      (request) => request.method === "GET" && request.body === undefined,
    );
    const first = await replayContract(contract, gets);
    const before = await fastLaneAnswers();
    const second = await replayContract(contract, gets);
    expect(renderSnapshot(gets, second)).toBe(renderSnapshot(gets, first));
    // Every settled 200 of the second round came from the fast lane (each URL was answered once).
    const labelOf = routeLabeler(ROUTES);
    const settledPaths = new Set(ROUTES.filter((r) => r.settled).map((r) => r.path));
    const settledAnswers = gets.filter((request, i) => {
      const pathname = new URL(request.path, "http://contract").pathname;
      return second[i]?.status === 200 && settledPaths.has(labelOf(pathname));
    });
    expect(settledAnswers.length).toBeGreaterThan(20);
    expect((await fastLaneAnswers()) - before).toBe(settledAnswers.length);
  });
});

/** The api's count of answers sent by the fast lane, from its metrics. */
async function fastLaneAnswers(): Promise<number> {
  const response = await fetch(`${contract.api.url}/metrics`, {
    headers: { authorization: `Bearer ${CONTRACT_INTERNAL_TOKEN}` },
  });
  const match = /^tpi_fast_lane_answers_total (\d+)$/m.exec(await response.text());
  if (match === null) throw new Error("no tpi_fast_lane_answers_total in /metrics");
  return Number(match[1]);
}
