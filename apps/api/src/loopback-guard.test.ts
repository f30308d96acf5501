import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { isLoopbackHost, takeRefused } from "../../../tooling/vitest/loopback-only.mjs";

/**
 * The tests' loopback guard (tooling/vitest/loopback-only.mjs, installed by the shared set-up
 * file): a connection or a DNS look-up beyond loopback fails and is recorded, in the test's own
 * process and in the processes it starts, and the test that caused it fails. Each case here takes
 * what it caused off the record, so that only the assertions decide.
 */
describe("the tests' loopback guard", () => {
  it("tells loopback hosts from the rest", () => {
    for (const host of ["localhost", "127.0.0.1", "127.3.2.1", "::1", "[::1]", "::ffff:127.0.0.1"])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      "huggingface.co",
      "192.0.2.1",
      "10.0.0.1",
      "::ffff:192.0.2.1",
      "2001:db8::1",
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it("refuses a fetch beyond loopback and records it", async () => {
    await expect(fetch("http://192.0.2.1:80/")).rejects.toThrow();
    expect(takeRefused()).toEqual([expect.stringContaining("a connection to 192.0.2.1:80")]);
  });

  it("refuses a DNS look-up of an outside host and records it", async () => {
    const { lookup } = await import("node:dns/promises");
    await expect(lookup("huggingface.co")).rejects.toThrow(/loopback guard refused/);
    expect(takeRefused()).toEqual([expect.stringContaining("a DNS look-up of huggingface.co")]);
  });

  it("lets loopback through", async () => {
    const server = createServer((socket) =>
      socket.end("HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n"),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://localhost:${port}/`).catch((error: Error) => error);
    server.close();
    expect(response).not.toBeInstanceOf(Error);
    expect(takeRefused()).toEqual([]);
  });

  it("is in the Node processes a test starts, which write what they refused to the test's log", () => {
    const log = process.env.TPI_LOOPBACK_GUARD_LOG ?? "";
    expect(log).not.toBe("");
    const before = readFileSync(log, "utf8");
    const child = spawnSync(
      process.execPath,
      ["-e", 'fetch("http://192.0.2.1:80/").then(() => process.exit(0), () => process.exit(3))'],
      { encoding: "utf8", env: process.env },
    );
    expect(child.status).toBe(3);
    const written = readFileSync(log, "utf8").slice(before.length);
    expect(written).toContain("a connection to 192.0.2.1:80");
    // Taken off the log, as the set-up file's check would after this test.
    writeFileSync(log, before);
  });
});
