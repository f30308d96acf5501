import { PUBLIC_RATE_LIMIT } from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../observability/logger";
import { Metrics } from "../observability/metrics";
import {
  RELAXED_RATE_LIMITS,
  observation,
  startTestApi,
  type HttpResult,
  type TestApi,
} from "../../testing/test-api";

/**
 * The fast lane sets the request id for a request's synchronous part only, and enters the
 * request's AsyncLocalStorage scope where the request continues later: the limiter asking its
 * store, a key looked up in the database. Answers decided there quote the id all the same.
 */
const NOW = new Date("2026-03-31T09:30:00.000Z");
const TRUSTED = "https://dashboard.example.com";
const INTERNAL_TOKEN = "internal-token-for-fast-lane-request-id-tests";
const LIMIT = 3;

type LogLine = { msg: string; requestId?: string; route?: string; status?: number };

let api: TestApi;
const lines: string[] = [];
const accessLines = () =>
  lines
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.msg === "request" && line.route !== "/metrics");

beforeAll(async () => {
  api = await startTestApi({
    now: NOW,
    internalToken: INTERNAL_TOKEN,
    configure: (deps) => ({
      ...deps,
      log: createLogger("info", (line) => lines.push(line), "json"),
      metrics: new Metrics(),
      rateLimits: {
        ...RELAXED_RATE_LIMITS,
        public: { ...PUBLIC_RATE_LIMIT, limit: LIMIT, windowMs: 60_000 },
        trustedOrigins: [TRUSTED],
      },
    }),
  });
  await api.load(
    ["2026-03-26", "2026-03-27", "2026-03-28"].flatMap((date) => [
      observation({ date, modelId: "anthropic/claude-a" }),
      observation({ date, modelId: "openai/gpt-a" }),
    ]),
  );
}, 60_000);
afterAll(async () => api?.close());

/** The id an error body quotes (test-api's `body` leaves it out), which must be the header's. */
function expectIdQuoted(result: HttpResult): string {
  const header = result.headers.get("x-request-id");
  expect(header).toMatch(/^[0-9a-f-]{36}$/);
  expect((JSON.parse(result.text) as { requestId?: string }).requestId).toBe(header);
  return header ?? "";
}

const fastLaneAnswers = async (): Promise<number> => {
  const text = (await api.get("/metrics", { Authorization: `Bearer ${INTERNAL_TOKEN}` })).text;
  const line = text.split("\n").find((candidate) => candidate.startsWith("tpi_fast_lane_answers"));
  return Number(line?.split(" ").pop());
};

describe("request ids on the fast lane", () => {
  it("quotes the id in a 429 that the limiter decides after asking its store", async () => {
    const before = await fastLaneAnswers();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await api.get("/api/otpi")).status);
    expect(statuses).toEqual([200, 200, 200]);
    // The first answer was computed and kept; the next ones came from the lane.
    expect((await fastLaneAnswers()) - before).toBe(LIMIT - 1);
    lines.length = 0;
    const limited = await api.get("/api/otpi");
    expect(limited.status).toBe(429);
    const id = expectIdQuoted(limited);
    expect(accessLines()).toMatchObject([{ requestId: id, route: "/api/otpi", status: 429 }]);
  });

  it("answers a trusted origin from kept bytes without counting, and logs its id", async () => {
    lines.length = 0;
    const answer = await api.get("/api/otpi", { Origin: TRUSTED, "X-Request-Id": "trusted-1" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("x-request-id")).toBe("trusted-1");
    expect(answer.headers.get("ratelimit")).toBeNull();
    expect(accessLines()).toMatchObject([{ requestId: "trusted-1", status: 200 }]);
  });

  it("quotes the id in a 401 for a key that is looked up in the database", async () => {
    // Well-formed (40 characters after the prefix), so it is looked up, not refused at sight.
    const unknownKey = `tpi_sk_${"Qx7q".repeat(10)}`;
    const refused = await api.get("/api/otpi", {
      Origin: TRUSTED,
      Authorization: `Bearer ${unknownKey}`,
    });
    expect(refused.status).toBe(401);
    expectIdQuoted(refused);
  });
});
