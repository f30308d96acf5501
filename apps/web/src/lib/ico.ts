import { createHash } from "node:crypto";

/**
 * The ICO container of app/favicon.ico: PNG images (which browsers have read inside ICO files for
 * years) behind a 6-byte header and a 16-byte directory entry each. The PNGs carry a `tEXt` chunk
 * with the SHA-256 of the SVG they were drawn from, so that a test can tell when app/icon.svg
 * changed and the favicon was not redrawn (`pnpm --filter @tpi/web favicon`).
 */

/** The `tEXt` keyword under which each PNG names the SVG it was drawn from. */
export const ICON_SOURCE_KEYWORD = "Source-SHA256";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ICO_HEADER_BYTES = 6;
const ICO_ENTRY_BYTES = 16;

export type IcoImage = { size: number; png: Buffer };

export function sha256Hex(data: Buffer | string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** CRC-32 (the PNG chunk checksum, ISO 3309), over a chunk's type and data. */
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

type PngChunk = { type: string; data: Buffer };

/** The chunks of a PNG, in order; throws on a file that is not a PNG. */
export function pngChunks(png: Buffer): PngChunk[] {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error("Not a PNG image.");
  const chunks: PngChunk[] = [];
  let offset = 8;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    chunks.push({ type, data: png.subarray(offset + 8, offset + 8 + length) });
    offset += 12 + length;
  }
  return chunks;
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  const header = pngChunks(png).find((chunk) => chunk.type === "IHDR");
  if (header === undefined) throw new Error("PNG without an IHDR chunk.");
  return { width: header.data.readUInt32BE(0), height: header.data.readUInt32BE(4) };
}

/** The PNG with a `tEXt` chunk (keyword, NUL, Latin-1 text) inserted after its IHDR. */
export function withPngText(png: Buffer, keyword: string, text: string): Buffer {
  const data = Buffer.concat([
    Buffer.from(keyword, "latin1"),
    Buffer.from([0]),
    Buffer.from(text, "latin1"),
  ]);
  const typeAndData = Buffer.concat([Buffer.from("tEXt", "latin1"), data]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  typeAndData.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndData), 8 + data.length);
  // IHDR is always first: signature (8) + length, type, 13 bytes of data, CRC (25).
  const afterHeader = 8 + 25;
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}

/** The text of a PNG's `tEXt` chunk under `keyword`, if it has one. */
export function pngText(png: Buffer, keyword: string): string | undefined {
  for (const chunk of pngChunks(png)) {
    if (chunk.type !== "tEXt") continue;
    const nul = chunk.data.indexOf(0);
    if (nul >= 0 && chunk.data.toString("latin1", 0, nul) === keyword)
      return chunk.data.toString("latin1", nul + 1);
  }
  return undefined;
}

/** An ICO file holding the PNGs, smallest first (a size of 256 px is written as 0, as ICO says). */
export function packIco(images: readonly IcoImage[]): Buffer {
  const sorted = [...images].sort((a, b) => a.size - b.size);
  const header = Buffer.alloc(ICO_HEADER_BYTES);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon (2 would be a cursor)
  header.writeUInt16LE(sorted.length, 4);
  let offset = ICO_HEADER_BYTES + ICO_ENTRY_BYTES * sorted.length;
  const entries = sorted.map(({ size, png }) => {
    if (size < 1 || size > 256) throw new Error(`An ICO image is 1 to 256 px, not ${size}.`);
    const entry = Buffer.alloc(ICO_ENTRY_BYTES);
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...sorted.map((image) => image.png)]);
}

/** The images of an ICO file as its directory lists them; throws on a file that is not an icon. */
export function readIco(ico: Buffer): IcoImage[] {
  if (ico.length < ICO_HEADER_BYTES || ico.readUInt16LE(0) !== 0 || ico.readUInt16LE(2) !== 1)
    throw new Error("Not an ICO file.");
  const count = ico.readUInt16LE(4);
  return Array.from({ length: count }, (_, index) => {
    const at = ICO_HEADER_BYTES + ICO_ENTRY_BYTES * index;
    const size = ico.readUInt8(at) || 256;
    const length = ico.readUInt32LE(at + 8);
    const offset = ico.readUInt32LE(at + 12);
    return { size, png: ico.subarray(offset, offset + length) };
  });
}
