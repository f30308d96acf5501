#!/usr/bin/env node
/**
 * Writes a new SQL migration from the difference between the last migration's schema snapshot
 * and prisma/schema.prisma (`pnpm --filter @tpi/db migration:new <name>`), or with `--check`
 * fails when the schema has changes no migration covers (run in CI).
 *
 * `prisma migrate diff` needs a reachable database even though it compares two files, so this
 * uses DATABASE_URL when set and otherwise a throwaway embedded PostgreSQL.
 */
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
// Run through tsx: the scratch server is started by the same code as every embedded server
// (as root too, from a checkout only root may enter).
import { startEmbeddedServer } from "../src/embedded-postgres-server.ts";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const migrationsDir = join(packageDir, "prisma", "migrations");
const schemaPath = join(packageDir, "prisma", "schema.prisma");
const check = process.argv.includes("--check");
const name = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
if (!check && !/^[a-z0-9_]+$/.test(name ?? "")) {
  console.error("usage: migration:new <snake_case_name>   |   migration:check");
  process.exit(2);
}

mkdirSync(migrationsDir, { recursive: true });
const existing = readdirSync(migrationsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const last = existing.at(-1);
const from = last
  ? ["--from-schema-datamodel", join(migrationsDir, last, "schema.prisma")]
  : ["--from-empty"];

let url = process.env.DATABASE_URL;
let server;
let scratch;
if (!url) {
  scratch = mkdtempSync(join(tmpdir(), "tpi-diff-"));
  chmodSync(scratch, 0o755); // the embedded server runs as a separate user when we are root
  const port = 20000 + Math.floor(Math.random() * 20000);
  server = await startEmbeddedServer({ dataDir: scratch, port });
  url = server.adminUrl;
}

try {
  const result = spawnSync(
    process.execPath,
    [
      join(packageDir, "scripts", "prisma.mjs"),
      "migrate",
      "diff",
      ...from,
      "--to-schema-datamodel",
      schemaPath,
      "--script",
    ],
    { cwd: packageDir, env: { ...process.env, DATABASE_URL: url }, encoding: "utf8" },
  );
  if (result.status !== 0) {
    console.error(result.stderr || result.stdout);
    process.exitCode = 1;
  } else {
    const sql = result.stdout.trim();
    const empty = sql === "" || /^-- This is an empty migration\.?$/m.test(sql);
    if (check) {
      if (empty) console.log(`schema matches migrations (${existing.length} migrations)`);
      else {
        console.error(
          "prisma/schema.prisma has changes that no migration covers. Run: pnpm --filter @tpi/db migration:new <name>\n" +
            sql,
        );
        process.exitCode = 1;
      }
    } else if (empty) {
      console.log("no schema changes: no migration written");
    } else {
      const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
      const dir = join(migrationsDir, `${stamp}_${name}`);
      if (existsSync(dir)) throw new Error(`${dir} exists`);
      mkdirSync(dir);
      writeFileSync(
        join(dir, "migration.sql"),
        sql.replace(/^-- CreateSchema\nCREATE SCHEMA IF NOT EXISTS "public";\n\n/, "") + "\n",
      );
      copyFileSync(schemaPath, join(dir, "schema.prisma"));
      console.log(`wrote ${join("prisma", "migrations", `${stamp}_${name}`, "migration.sql")}`);
    }
  }
} finally {
  await server?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
