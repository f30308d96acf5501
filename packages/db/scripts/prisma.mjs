#!/usr/bin/env node
// Runs the Prisma CLI offline. The datasource url must resolve, or the CLI falls back to the
// native engine and tries to download it; generate and diff never connect, so a placeholder is enough.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? "postgresql://unused@127.0.0.1:1/unused",
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
  CHECKPOINT_DISABLE: "1",
};
const result = spawnSync(
  join(packageDir, "node_modules", ".bin", "prisma"),
  process.argv.slice(2),
  {
    cwd: packageDir,
    env,
    stdio: "inherit",
  },
);
process.exit(result.status ?? 1);
