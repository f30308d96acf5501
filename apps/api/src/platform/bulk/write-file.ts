import { createHash } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { rename } from "node:fs/promises";
import { finished } from "node:stream/promises";
import type { BulkColumn, BulkFormat, BulkRow, BulkValue } from "@tpi/domain";

/**
 * PLACEHOLDER, replaced at merge by the bulk writer (CSV and Parquet): a minimal CSV-only writer
 * with the fixed signature (both formats are written as CSV), so that releases can be cut and tested before it lands.
 */
export type WrittenFile = { rows: number; bytes: number; sha256: string /* hex */ };

function csvField(value: BulkValue | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Streams the rows to `path + ".partial"`, then renames it to `path`. */
export async function writeBulkFile(
  format: BulkFormat,
  columns: readonly BulkColumn[],
  rows: AsyncIterable<BulkRow>,
  path: string,
): Promise<WrittenFile> {
  // Until the real writer lands, a "parquet" file holds the CSV bytes too.
  void format;
  const partial = `${path}.partial`;
  const out = createWriteStream(partial);
  const hash = createHash("sha256");
  let bytes = 0;
  let count = 0;
  const write = async (line: string): Promise<void> => {
    const chunk = Buffer.from(line, "utf8");
    hash.update(chunk);
    bytes += chunk.length;
    if (!out.write(chunk)) await once(out, "drain");
  };
  try {
    await write(`${columns.map((c) => csvField(c.name)).join(",")}\n`);
    for await (const row of rows) {
      await write(`${columns.map((c) => csvField(row[c.name])).join(",")}\n`);
      count += 1;
    }
    out.end();
    await finished(out);
  } catch (error) {
    out.destroy();
    throw error;
  }
  await rename(partial, path);
  return { rows: count, bytes, sha256: hash.digest("hex") };
}
