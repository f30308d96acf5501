import { createHash } from "node:crypto";

/**
 * Serialised JSON bodies of settled answers, with their ETag, keyed by everything the answer
 * depends on. Callers clear it when the published set changes; it is bounded so that arbitrary
 * query strings cannot grow it without limit (the oldest entry goes first).
 */
export type CachedBody = { json: string; etag: string };

export class ResponseCache {
  private readonly entries = new Map<string, CachedBody>();

  constructor(private readonly maxEntries: number) {}

  get(key: string): CachedBody | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: unknown): CachedBody {
    const json = JSON.stringify(value);
    const entry = { json, etag: `"${createHash("sha1").update(json).digest("base64url")}"` };
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, entry);
    return entry;
  }

  clear(): void {
    this.entries.clear();
  }
}
