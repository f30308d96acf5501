import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { FAVICON_SIZES } from "./favicon-sizes";
import {
  ICON_SOURCE_KEYWORD,
  packIco,
  pngSize,
  pngText,
  readIco,
  sha256Hex,
  withPngText,
} from "./ico";

const appFile = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../app/${name}`, import.meta.url)));

/** A 1×1 PNG (what a rasteriser hands over), to build ICO files from in the tests. */
const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("app/favicon.ico (served at /favicon.ico)", () => {
  it("is an icon holding a PNG of each favicon size, of that size", () => {
    const images = readIco(appFile("favicon.ico"));
    expect(images.map((image) => image.size)).toEqual([...FAVICON_SIZES]);
    for (const image of images)
      expect(pngSize(image.png)).toEqual({ width: image.size, height: image.size });
  });

  it("was drawn from the current app/icon.svg (else: pnpm --filter @tpi/web favicon)", () => {
    const source = sha256Hex(appFile("icon.svg"));
    for (const image of readIco(appFile("favicon.ico")))
      expect(pngText(image.png, ICON_SOURCE_KEYWORD), `${image.size} px`).toBe(source);
  });
});

describe("ICO and PNG helpers", () => {
  it("pack PNGs into an ICO that reads back the same, smallest first", () => {
    const ico = packIco([
      { size: 32, png: ONE_PIXEL_PNG },
      { size: 16, png: withPngText(ONE_PIXEL_PNG, "k", "v") },
    ]);
    expect(ico.subarray(0, 6)).toEqual(Buffer.from([0, 0, 1, 0, 2, 0]));
    const images = readIco(ico);
    expect(images.map((image) => image.size)).toEqual([16, 32]);
    expect(images[1]?.png).toEqual(ONE_PIXEL_PNG);
    expect(pngText(images[0]?.png ?? Buffer.alloc(0), "k")).toBe("v");
  });

  it("write a tEXt chunk a PNG reader accepts (correct CRC) and find it by keyword only", () => {
    const png = withPngText(ONE_PIXEL_PNG, ICON_SOURCE_KEYWORD, "abc");
    expect(pngSize(png)).toEqual({ width: 1, height: 1 });
    expect(pngText(png, ICON_SOURCE_KEYWORD)).toBe("abc");
    expect(pngText(png, "Other")).toBeUndefined();
    expect(pngText(ONE_PIXEL_PNG, ICON_SOURCE_KEYWORD)).toBeUndefined();
    // The chunk's CRC-32 covers its type and data: "tEXt" + "Source-SHA256\0abc".
    const text = Buffer.from(`tEXt${ICON_SOURCE_KEYWORD}\0abc`, "latin1");
    const at = png.indexOf(text);
    expect(png.readUInt32BE(at + text.length)).toBe(crc32Reference(text));
  });

  it("refuse what is not an icon or a PNG", () => {
    expect(() => readIco(Buffer.from("<svg/>"))).toThrow("Not an ICO file.");
    expect(() => pngSize(Buffer.from("GIF89a"))).toThrow("Not a PNG image.");
    expect(() => packIco([{ size: 512, png: ONE_PIXEL_PNG }])).toThrow("1 to 256 px");
  });
});

/** CRC-32 by its table, independently of ico.ts's bitwise loop. */
function crc32Reference(data: Buffer): number {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of data) crc = (table[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
