import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  COMPRESSION_MIN_BYTES,
  PreparedAnswer,
  etagOf,
  heldEtag,
  ifNoneMatchHits,
  maxAgeSeconds,
  preferredCoding,
} from "./prepared-answer";

describe("content coding negotiation", () => {
  it("prefers brotli, then gzip, and honours q=0 and *", () => {
    expect(preferredCoding("gzip, deflate, br")).toBe("br");
    expect(preferredCoding("gzip")).toBe("gzip");
    expect(preferredCoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(preferredCoding("gzip;q=0")).toBeUndefined();
    expect(preferredCoding("*")).toBe("br");
    expect(preferredCoding("*, br;q=0")).toBe("gzip");
    expect(preferredCoding("identity")).toBeUndefined();
    expect(preferredCoding("")).toBeUndefined();
    expect(preferredCoding(undefined)).toBeUndefined();
    expect(preferredCoding("GZIP ; Q=1")).toBe("gzip");
  });
});

describe("validators", () => {
  it("names each coding's bytes with its own strong ETag", () => {
    expect(etagOf('"abc"', undefined)).toBe('"abc"');
    expect(etagOf('"abc"', "gzip")).toBe('"abc-gzip"');
    expect(etagOf('"abc"', "br")).toBe('"abc-br"');
  });

  it("matches If-None-Match by weak comparison, in lists and with *", () => {
    expect(ifNoneMatchHits('"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchHits('W/"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchHits('"x", "abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchHits("*", '"abc"')).toBe(true);
    expect(ifNoneMatchHits('"abcd"', '"abc"')).toBe(false);
    expect(ifNoneMatchHits('"abc-gzip"', '"abc"')).toBe(false);
    expect(ifNoneMatchHits(undefined, '"abc"')).toBe(false);
  });

  it("recognises any form of the answer a client holds, and names the one it holds", () => {
    expect(heldEtag('"abc"', '"abc"')).toBe('"abc"');
    expect(heldEtag('"abc-br"', '"abc"')).toBe('"abc-br"');
    expect(heldEtag('"x", W/"abc-gzip"', '"abc"')).toBe('"abc-gzip"');
    expect(heldEtag('"abd"', '"abc"')).toBeUndefined();
    expect(heldEtag(undefined, '"abc"')).toBeUndefined();
  });

  it("counts max-age down to the next value, never below zero", () => {
    expect(maxAgeSeconds(10_500, 1_000, 3600)).toBe(9);
    expect(maxAgeSeconds(500, 1_000, 3600)).toBe(0);
    expect(maxAgeSeconds(Number.POSITIVE_INFINITY, 1_000, 3600)).toBe(3600);
  });
});

describe("prepared answers", () => {
  const large = { rows: Array.from({ length: 200 }, (_, i) => ({ day: i, value: i * 1.5 })) };

  it("compresses only bodies of COMPRESSION_MIN_BYTES or more, each form once", () => {
    const small = new PreparedAnswer('"s"', { ok: true }, 0);
    expect(small.body.length).toBeLessThan(COMPRESSION_MIN_BYTES);
    expect(small.compressible).toBe(false);
    const answer = new PreparedAnswer('"l"', large, 0);
    expect(answer.compressible).toBe(true);
    const gzip = answer.bytes("gzip");
    expect(answer.bytes("gzip")).toBe(gzip);
    expect(gunzipSync(gzip).equals(answer.body)).toBe(true);
    expect(brotliDecompressSync(answer.bytes("br")).equals(answer.body)).toBe(true);
    expect(gzip.length).toBeLessThan(answer.body.length / 2);
    expect(JSON.parse(answer.body.toString())).toEqual(large);
  });
});
