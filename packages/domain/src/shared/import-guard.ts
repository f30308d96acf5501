/**
 * The guard every file import passes before anything is written: the file is valid UTF-8, each
 * text field within its length, each number and instant within the bounds its domain states. A
 * refusal names the line and the field, and quotes at most a short piece of the value, so that
 * a hostile value never travels whole into a message or a log.
 */

/** The longest piece of a refused value quoted in a message (characters). */
export const QUOTED_VALUE_MAX = 80;

/** A value as a refusal quotes it: cut to QUOTED_VALUE_MAX characters, with the length said. */
export function quotedValue(value: string): string {
  return value.length <= QUOTED_VALUE_MAX
    ? `'${value}'`
    : `'${value.slice(0, QUOTED_VALUE_MAX)}…' (${value.length.toLocaleString("en-US")} characters)`;
}

/** The longest each kind of imported text may be (characters). */
export const IMPORT_TEXT_MAX = {
  /** An attribution line, as licences ask for: a sentence or two. */
  citation: 1_000,
  /** A licence's name or short identifier (`CC BY 4.0`). */
  licence: 100,
  /** A web address (browsers and servers commonly cap at about 2,000). */
  url: 2_048,
  /** A name: a site, an operator, a place, an address, a product. */
  name: 500,
  /** A source's free-text notes on a record. */
  note: 20_000,
} as const;

/** The message for text over its length, or undefined when it fits. */
export function overLengthMessage(value: string, max: number): string | undefined {
  return value.length > max
    ? `is ${value.length.toLocaleString("en-US")} characters; at most ${max.toLocaleString("en-US")}`
    : undefined;
}

export type DecodedFile = { ok: true; text: string } | { ok: false; line: number; message: string };

/**
 * The file's bytes as text, only if they are valid UTF-8 (a BOM allowed): a file that mixes in
 * Latin-1 or other bytes is refused with the line of the first invalid byte, never stored with
 * U+FFFD in place of what it held.
 */
export function decodeUtf8File(bytes: Uint8Array): DecodedFile {
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return invalidUtf8(bytes, { line: 1, offset: 0 });
  }
}

/** The refusal of bytes holding invalid UTF-8; `before`: the line and byte offset they start at. */
function invalidUtf8(bytes: Uint8Array, before: { line: number; offset: number }): DecodedFile {
  const offset = firstInvalidUtf8Offset(bytes);
  return {
    ok: false,
    line: before.line + newlinesIn(bytes.subarray(0, offset)),
    message: `is not valid UTF-8 (byte 0x${(bytes[offset] ?? 0).toString(16).padStart(2, "0")} at offset ${before.offset + offset}); save the file as UTF-8`,
  };
}

function newlinesIn(bytes: Uint8Array): number {
  let count = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) count++;
  return count;
}

/** How many bytes the UTF-8 sequence a lead byte starts holds (0: not a lead byte). */
function sequenceLength(byte: number): number {
  return byte < 0x80
    ? 1
    : byte >= 0xc2 && byte <= 0xdf
      ? 2
      : byte >= 0xe0 && byte <= 0xef
        ? 3
        : byte >= 0xf0 && byte <= 0xf4
          ? 4
          : 0;
}

/**
 * decodeUtf8File for a file read in chunks (flat memory whatever its size): each chunk's text,
 * a character cut between two chunks kept for the next, and the same refusal, naming the line
 * and the offset in the whole file, at the first byte that is not UTF-8.
 */
export class Utf8ChunkDecoder {
  private carry = new Uint8Array(0);
  private line = 1;
  private offset = 0;

  decode(chunk: Uint8Array): DecodedFile {
    const bytes = this.carry.length === 0 ? chunk : concatenated(this.carry, chunk);
    const cut = bytes.length - incompleteTail(bytes);
    const whole = bytes.subarray(0, cut);
    let text: string;
    try {
      // A BOM is the file's first bytes only; later, the same bytes are a character of the text.
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: this.offset > 0 }).decode(whole);
    } catch {
      return invalidUtf8(whole, { line: this.line, offset: this.offset });
    }
    this.line += newlinesIn(whole);
    this.offset += cut;
    this.carry = bytes.slice(cut);
    return { ok: true, text };
  }

  /** After the last chunk: a character the file ends inside of is refused too. */
  end(): DecodedFile {
    if (this.carry.length === 0) return { ok: true, text: "" };
    return invalidUtf8(this.carry, { line: this.line, offset: this.offset });
  }
}

function concatenated(first: Uint8Array, second: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(first.length + second.length);
  bytes.set(first);
  bytes.set(second, first.length);
  return bytes;
}

/** Bytes at the end that begin a UTF-8 sequence the chunk does not finish (0 to 3). */
function incompleteTail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back] ?? 0;
    if (byte < 0x80) return 0;
    if (byte >= 0xc0) return sequenceLength(byte) > back ? back : 0;
  }
  return 0;
}

/** The offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceLength(bytes[i] ?? 0);
    if (length === 0 || i + length > bytes.length) return i;
    const sequence = bytes.subarray(i, i + length);
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(sequence);
    } catch {
      return i;
    }
    i += length;
  }
  return bytes.length;
}

/**
 * The largest share of a dataset one import may remove: a source file cut short (a header
 * only, a download that stopped at a row boundary) would otherwise wipe what it no longer lists.
 * The operator lifts it for one run (`--allow-shrink`) when the source really dropped the rows.
 */
export const MAX_IMPORT_SHRINK_SHARE = 0.2;

/** An import or sync refused before anything was written (the message says why and what to do). */
export class ImportRefusedError extends Error {}

/**
 * The refusal of an import that would remove more than MAX_IMPORT_SHRINK_SHARE of a dataset's
 * stored rows (all of them included), or undefined when it may go ahead.
 */
export function shrinkRefusal(input: {
  /** The dataset, as the message names it ("gpu-clusters sites"). */
  what: string;
  stored: number;
  removed: number;
  allowShrink: boolean;
  /** What replaces the set: a file "import" (the default), or a source's "sync". */
  run?: "import" | "sync";
}): string | undefined {
  const { what, stored, removed, run = "import" } = input;
  if (input.allowShrink || stored === 0 || removed <= stored * MAX_IMPORT_SHRINK_SHARE)
    return undefined;
  const share = Math.round((removed / stored) * 100);
  const cause =
    run === "import"
      ? "a truncated or header-only file cannot wipe a dataset"
      : "a truncated or empty answer cannot wipe a dataset";
  return `the ${run} would remove ${removed.toLocaleString("en-US")} of the ${stored.toLocaleString("en-US")} stored ${what} (${share}%${removed === stored ? ", all of them" : ""}); ${run === "import" ? "an import" : "a sync"} removes at most ${MAX_IMPORT_SHRINK_SHARE * 100}% at once, so ${cause}. Nothing was written. If the source really dropped them, run the ${run} again with --allow-shrink`;
}
