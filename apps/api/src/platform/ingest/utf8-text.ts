import { createReadStream } from "node:fs";
import { Utf8ChunkDecoder } from "@tpi/domain";

/**
 * A file's text read as a stream and checked to be UTF-8 as it comes, so that an import's memory
 * stays flat in the file's size: pieces of about 1 MiB, each the text of complete characters.
 */

/** The file is not UTF-8: the line of its first invalid byte, and what is wrong (`is not valid UTF-8 …`). */
export class Utf8FileError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: the file ${reason}`);
  }
}

/** Bytes read per piece: fewer reads than the 64 KiB default, still a small, flat memory. */
export const READ_PIECE_BYTES = 1 << 20;

/** A file's bytes in pieces, read as they are asked for. */
export function fileBytes(path: string): AsyncIterable<Uint8Array> {
  return createReadStream(path, { highWaterMark: READ_PIECE_BYTES }) as AsyncIterable<Buffer>;
}

/** Bytes already held (a caller's or a test's content), in the same pieces as a file's. */
export function* heldBytes(bytes: Uint8Array): Iterable<Uint8Array> {
  for (let start = 0; start < bytes.length; start += READ_PIECE_BYTES)
    yield bytes.subarray(start, start + READ_PIECE_BYTES);
}

/** The text of UTF-8 bytes, piece by piece; throws Utf8FileError at the first invalid byte. */
export async function* utf8Text(
  pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<string> {
  const decoder = new Utf8ChunkDecoder();
  for await (const piece of pieces) {
    const decoded = decoder.push(piece);
    if (!decoded.ok) throw new Utf8FileError(decoded.line, decoded.message);
    if (decoded.text !== "") yield decoded.text;
  }
  const tail = decoder.end();
  if (!tail.ok) throw new Utf8FileError(tail.line, tail.message);
  if (tail.text !== "") yield tail.text;
}
