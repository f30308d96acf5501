import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../observability/logger";
import {
  atEachUtcMidnight,
  MIDNIGHT_NOTICE_DELAY_MS,
  notifyWebsiteOfNewData,
} from "./website-revalidation";

type Received = {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
};

let closeServer: (() => void) | undefined;
afterEach(() => closeServer?.());

async function fakeWebsite(status: number): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    received.push({ method: req.method, url: req.url, headers: req.headers });
    res.statusCode = status;
    res.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closeServer = () => server.close();
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, received };
}

describe("notifyWebsiteOfNewData", () => {
  it("POSTs /revalidate with the internal token", async () => {
    const website = await fakeWebsite(200);
    await notifyWebsiteOfNewData(website.url, "internal-token-0123456789", createLogger("silent"));
    expect(website.received).toHaveLength(1);
    expect(website.received[0]).toMatchObject({ method: "POST", url: "/revalidate" });
    expect(website.received[0]?.headers.authorization).toBe("Bearer internal-token-0123456789");
  });

  it("never throws when the website is down", async () => {
    await expect(
      notifyWebsiteOfNewData(
        "http://127.0.0.1:9",
        "internal-token-0123456789",
        createLogger("silent"),
      ),
    ).resolves.toBeUndefined();
  });
});

describe("atEachUtcMidnight", () => {
  afterEach(() => vi.useRealTimers());

  it("runs just after each UTC midnight and at no other time, until stopped", () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T23:59:00Z") });
    const runs: string[] = [];
    const stop = atEachUtcMidnight(() => runs.push(new Date().toISOString()));
    vi.advanceTimersByTime(60_000 + MIDNIGHT_NOTICE_DELAY_MS - 1);
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(runs).toEqual(["2026-11-24T00:00:01.000Z"]);
    vi.advanceTimersByTime(24 * 3_600_000);
    expect(runs).toEqual(["2026-11-24T00:00:01.000Z", "2026-11-25T00:00:01.000Z"]);
    stop();
    vi.advanceTimersByTime(3 * 24 * 3_600_000);
    expect(runs).toHaveLength(2);
  });

  it("reads the given clock, so the api's clock decides the day", () => {
    vi.useFakeTimers({ now: new Date("2026-11-23T12:00:00Z") });
    let runs = 0;
    // The clock says it is ten seconds to midnight although the timers say noon.
    const stop = atEachUtcMidnight(
      () => (runs += 1),
      () => new Date("2026-11-23T23:59:50Z"),
    );
    vi.advanceTimersByTime(10_000 + MIDNIGHT_NOTICE_DELAY_MS);
    expect(runs).toBe(1);
    stop();
  });
});
