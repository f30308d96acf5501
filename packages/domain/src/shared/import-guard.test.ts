import { describe, expect, it } from "vitest";
import {
  decodeUtf8File,
  overLengthMessage,
  quotedValue,
  shrinkRefusal,
  Utf8ChunkDecoder,
} from "./import-guard";

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === "string" ? [...Buffer.from(part, "utf8")] : part)),
  );

describe("an imported file's text", () => {
  it("is read when it is UTF-8, with or without a BOM, multi-byte characters included", () => {
    expect(decodeUtf8File(bytes("a,b\nZürich,東京,🙂\n"))).toEqual({
      ok: true,
      text: "a,b\nZürich,東京,🙂\n",
    });
    expect(decodeUtf8File(bytes([0xef, 0xbb, 0xbf], "a\n"))).toMatchObject({ ok: true });
  });

  it("is refused with the line of the first byte that is not UTF-8 (a Latin-1 é on line 3)", () => {
    expect(decodeUtf8File(bytes("type,price\nZürich,1\nMontr", [0xe9], "al,2\n"))).toEqual({
      ok: false,
      line: 3,
      message: "is not valid UTF-8 (byte 0xe9 at offset 26); save the file as UTF-8",
    });
    // A sequence cut off at the end of the file.
    expect(decodeUtf8File(bytes("ok\n", [0xe6, 0x9d]))).toMatchObject({ ok: false, line: 2 });
  });
});

describe("an imported file read in chunks", () => {
  const decodeAll = (...chunks: Uint8Array[]) => {
    const decoder = new Utf8ChunkDecoder();
    let text = "";
    for (const chunk of [...chunks.map((c) => decoder.push(c)), decoder.end()]) {
      if (!chunk.ok) return chunk;
      text += chunk.text;
    }
    return { ok: true, text };
  };

  it("reads a character cut between two chunks whole, and a BOM only at the start", () => {
    const file = bytes([0xef, 0xbb, 0xbf], "a\nZürich,東京,🙂\n");
    for (let cut = 0; cut <= file.length; cut++)
      expect(decodeAll(file.subarray(0, cut), file.subarray(cut))).toEqual({
        ok: true,
        text: "a\nZürich,東京,🙂\n",
      });
    expect(decodeAll(bytes("a"), bytes([0xef, 0xbb, 0xbf]))).toEqual({ ok: true, text: "a\ufeff" });
  });

  it("is refused at the file's line and offset of the first invalid byte, in any chunk", () => {
    const refusal = {
      ok: false,
      line: 3,
      message: "is not valid UTF-8 (byte 0xe9 at offset 26); save the file as UTF-8",
    };
    const file = bytes("type,price\nZürich,1\nMontr", [0xe9], "al,2\n");
    for (const cut of [5, 12, 25, 26, 27])
      expect(decodeAll(file.subarray(0, cut), file.subarray(cut))).toEqual(refusal);
    expect(decodeAll(bytes("ok\n", [0xe6, 0x9d]))).toMatchObject({ ok: false, line: 2 });
  });
});

describe("refusals of imported text", () => {
  it("quote a short value whole and only the start of a long one", () => {
    expect(quotedValue("acme")).toBe("'acme'");
    expect(quotedValue("z".repeat(100_000))).toBe(`'${"z".repeat(80)}…' (100,000 characters)`);
  });

  it("say the length and the limit of text over it", () => {
    expect(overLengthMessage("abc", 3)).toBeUndefined();
    expect(overLengthMessage("x".repeat(1_001), 1_000)).toBe("is 1,001 characters; at most 1,000");
  });
});

describe("an import that removes stored rows", () => {
  const refusal = (stored: number, removed: number, allowShrink = false) =>
    shrinkRefusal({ what: "sites", stored, removed, allowShrink });

  it("goes ahead up to a fifth of the dataset, and into an empty store", () => {
    expect(refusal(100, 20)).toBeUndefined();
    expect(refusal(0, 0)).toBeUndefined();
    expect(refusal(5, 1)).toBeUndefined();
  });

  it("is refused beyond a fifth, a header-only file (all removed) included, unless allowed", () => {
    expect(refusal(100, 21)).toBe(
      "the import would remove 21 of the 100 stored sites (21%); an import removes at most 20% at once, so a truncated or header-only file cannot wipe a dataset. Nothing was written. If the source really dropped them, run the import again with --allow-shrink",
    );
    expect(refusal(1_500, 1_500)).toContain(
      "remove 1,500 of the 1,500 stored sites (100%, all of them)",
    );
    expect(refusal(1_500, 1_500, true)).toBeUndefined();
  });

  it("names a sync as the run that would remove them, and its --allow-shrink", () => {
    expect(
      shrinkRefusal({
        what: "coding app rankings",
        stored: 40,
        removed: 40,
        allowShrink: false,
        run: "sync",
      }),
    ).toBe(
      "the sync would remove 40 of the 40 stored coding app rankings (100%, all of them); a sync removes at most 20% at once, so a truncated or empty answer cannot wipe a dataset. Nothing was written. If the source really dropped them, run the sync again with --allow-shrink",
    );
  });
});
