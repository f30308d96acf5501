import { PrismaPg } from "@prisma/adapter-pg";
import type { PrismaConfig } from "prisma";

/**
 * Prisma 6.19 with the WebAssembly schema engine and the client engine: nothing native is
 * downloaded. The CLI only generates the client and diffs schemas here; migrations are applied
 * by our own runner (src/migrate.ts) because `migrate deploy` through a driver adapter fails on
 * PostgreSQL (prisma/orm#27403).
 */
export default {
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  async adapter() {
    return new PrismaPg({
      connectionString: process.env.DATABASE_URL ?? "postgresql://unused@127.0.0.1:1/unused",
    });
  },
} satisfies PrismaConfig;
