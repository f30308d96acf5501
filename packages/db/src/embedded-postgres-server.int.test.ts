import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { embeddedUrl, startEmbeddedServer } from "./embedded-postgres-server";

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
      const port = 40_000 + Math.floor(Math.random() * 10_000);
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
