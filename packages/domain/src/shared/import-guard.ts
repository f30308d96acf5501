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
  const decoder = new Utf8ChunkDecoder();
  const text = decoder.push(bytes);
  if (!text.ok) return text;
  const tail = decoder.end();
  return tail.ok ? { ok: true, text: text.text + tail.text } : tail;
}

/** Counts the line feeds (0x0a) in `bytes` before `end`. */
function lineFeedsIn(bytes: Uint8Array, end = bytes.length): number {
  let count = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1 && at < end; at = bytes.indexOf(0x0a, at + 1))
    count++;
  return count;
}

/**
 * A file's bytes checked to be UTF-8 as they are read, piece by piece, so a file of any size is
 * decoded in constant memory: `push` each piece in order and it answers the text of the complete
 * characters so far (a character cut at the piece's end waits for the next); `end` after the
 * last. A refusal names the line and offset of the first invalid byte, as `decodeUtf8File` does.
 */
export class Utf8ChunkDecoder {
  // ignoreBOM keeps a U+FEFF that a piece happens to start with: only the file's first is dropped.
  private readonly decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  /** The bytes of a character the previous piece ended inside (at most 3). */
  private carry = new Uint8Array(0);
  /** Bytes decoded before `carry`, and the line they end on. */
  private offset = 0;
  private line = 1;

  push(piece: Uint8Array): DecodedFile {
    const bytes = this.carry.length === 0 ? piece : concatBytes(this.carry, piece);
    const complete = completeUtf8Length(bytes);
    this.carry = bytes.slice(complete);
    return this.decode(bytes.subarray(0, complete));
  }

  end(): DecodedFile {
    const rest = this.carry;
    this.carry = new Uint8Array(0);
    // A character cut short by the end of the file: its first byte is the invalid one.
    return rest.length === 0 ? { ok: true, text: "" } : this.refuse(rest, 0);
  }

  private decode(bytes: Uint8Array): DecodedFile {
    let text: string;
    try {
      text = this.decoder.decode(bytes);
    } catch {
      return this.refuse(bytes, firstInvalidUtf8Offset(bytes));
    }
    if (this.offset === 0 && text.startsWith("\uFEFF")) text = text.slice(1);
    this.offset += bytes.length;
    this.line += lineFeedsIn(bytes);
    return { ok: true, text };
  }

  private refuse(bytes: Uint8Array, at: number): DecodedFile {
    const offset = this.offset + at;
    return {
      ok: false,
      line: this.line + lineFeedsIn(bytes, at),
      message: `is not valid UTF-8 (byte 0x${(bytes[at] ?? 0).toString(16).padStart(2, "0")} at offset ${offset}); save the file as UTF-8`,
    };
  }
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}

/**
 * The length of `bytes` without a character its end cuts short: the last lead byte within the
 * final 4 bytes, when fewer bytes follow it than it announces. Invalid bytes are left in, for the
 * decoder to refuse.
 */
function completeUtf8Length(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const byte = bytes[bytes.length - back] ?? 0;
    if (byte >= 0x80 && byte <= 0xbf) continue; // a continuation byte: look further back
    const announced = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return announced > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/** The offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const byte = bytes[i] ?? 0;
    const length =
      byte < 0x80
        ? 1
        : byte >= 0xc2 && byte <= 0xdf
          ? 2
          : byte >= 0xe0 && byte <= 0xef
            ? 3
            : byte >= 0xf0 && byte <= 0xf4
              ? 4
              : 0;
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
