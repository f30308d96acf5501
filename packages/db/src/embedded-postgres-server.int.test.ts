import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { embeddedUrl, isPortBusy, startEmbeddedServer } from "./embedded-postgres-server";
import { freePort } from "./testing/free-port";

// PostgreSQL refuses to run as root, so as root the server runs as `postgres`; under a home only
// root may enter (mode 0700, the usual /root) that user reaches neither the checkout's data folder
// nor its node_modules. Only meaningful as root: as anyone else the server runs as ourselves.
describe("the embedded server started by root", () => {
  it.runIf(process.getuid?.() === 0)(
    "runs a cluster for a data directory under a folder only root may enter",
    async () => {
      const home = mkdtempSync(join(tmpdir(), "tpi-root-home-"));
      chmodSync(home, 0o700);
      const lines: string[] = [];
      const port = await freePort();
      const server = await startEmbeddedServer({
        dataDir: join(home, ".data"),
        port,
        log: (line) => lines.push(line),
      });
      const moved = /the cluster lives in (\S+)/.exec(lines.join("\n"))?.[1];
      try {
        expect(server.ownsServer).toBe(true);
        expect(moved).toMatch(/^\/var\/lib\/tpi\/clusters\/[0-9a-f]{16}\/pg$/);
        const client = new pg.Client({ connectionString: embeddedUrl(port, "postgres") });
        await client.connect();
        const { rows } = await client.query<{ user: string }>("select current_user as user");
        await client.end();
        expect(rows[0]?.user).toBe("postgres");
      } finally {
        await server.stop();
        rmSync(home, { recursive: true, force: true });
        if (moved) rmSync(join(moved, ".."), { recursive: true, force: true });
      }
    },
    120_000,
  );
});

describe("the embedded server's port", () => {
  it("waits for a port another socket holds for a moment, and names the setting when it stays taken", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "tpi-busy-port-"));
    chmodSync(dataDir, 0o755); // the server runs as the postgres user when tests run as root
    const port = await freePort();
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(port, "127.0.0.1", () => resolve()));
    const lines: string[] = [];
    try {
      // Held throughout: every attempt is refused, and the error says which setting to change.
      const refused = await startEmbeddedServer({ dataDir, port, log: (line) => lines.push(line) })
        .then(() => undefined)
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Error);
      expect((refused as Error).message).toContain(
        `could not listen on 127.0.0.1:${port}: another program holds that port`,
      );
      expect((refused as Error).message).toContain("TPI_EMBEDDED_PG_PORT");
      expect(isPortBusy((refused as Error).cause)).toBe(true);
      expect(lines.filter((line) => line.includes(`port ${port} is busy`))).toHaveLength(4);

      // Released during the first wait: the server starts on that very port.
      lines.length = 0;
      const server = await startEmbeddedServer({
        dataDir,
        port,
        log: (line) => {
          lines.push(line);
          if (line.includes("is busy")) holder.close();
        },
      });
      try {
        expect(server.ownsServer).toBe(true);
        expect(lines.some((line) => line.includes(`port ${port} is busy`))).toBe(true);
        const client = new pg.Client({ connectionString: embeddedUrl(port, "postgres") });
        await client.connect();
        await client.query("select 1");
        await client.end();
      } finally {
        await server.stop();
      }
    } finally {
      if (holder.listening) holder.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("the embedded server of a process that dies", () => {
  it("stops when that process is killed with SIGKILL, which runs none of its exit hooks", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "tpi-killed-owner-"));
    chmodSync(dataDir, 0o755); // the server runs as the postgres user when tests run as root
    const port = await freePort();
    const owner = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        join(import.meta.dirname, "testing", "embedded-server-process.ts"),
        dataDir,
        String(port),
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const client = new pg.Client({ connectionString: embeddedUrl(port, "postgres") });
    try {
      await new Promise<void>((resolve, reject) => {
        owner.stdout.on("data", (chunk: Buffer) => {
          if (chunk.toString("utf8").includes("ready")) resolve();
        });
        owner.once("exit", (code) =>
          reject(new Error(`the owner exited (${code}) before the server was ready`)),
        );
      });
      await client.connect();
      // The server ends its sessions when it shuts down: this client hears of it.
      const disconnected = new Promise<void>((resolve) => {
        client.on("error", () => resolve());
        client.once("end", () => resolve());
      });
      owner.kill("SIGKILL");
      await disconnected;
      const after = new pg.Client({
        connectionString: embeddedUrl(port, "postgres"),
        connectionTimeoutMillis: 2_000,
      });
      await expect(after.connect()).rejects.toThrow();
    } finally {
      owner.kill("SIGKILL");
      await client.end().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
