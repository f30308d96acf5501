import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { notifyWebsiteOfNewData } from "./website-revalidation";

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
