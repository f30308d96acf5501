import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { FAVICON_SIZES } from "../src/lib/favicon-sizes";
import { ICON_SOURCE_KEYWORD, packIco, sha256Hex, withPngText } from "../src/lib/ico";

/**
 * Draws app/favicon.ico from app/icon.svg in Chromium (the browser the e2e tests use), at each
 * of FAVICON_SIZES px, so that the two icons never differ. Run after changing app/icon.svg:
 * `pnpm --filter @tpi/web favicon` (src/lib/favicon.test.ts fails until then).
 */
const svgPath = fileURLToPath(new URL("../app/icon.svg", import.meta.url));
const icoPath = fileURLToPath(new URL("../app/favicon.ico", import.meta.url));
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const svg = readFileSync(svgPath);
const source = sha256Hex(svg);
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  const images = [];
  for (const size of FAVICON_SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const dataUrl = `data:image/svg+xml;base64,${svg.toString("base64")}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${dataUrl}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.waitForFunction(() => document.images[0]?.complete === true);
    const png = await page.screenshot({ omitBackground: true, type: "png" });
    images.push({ size, png: withPngText(png, ICON_SOURCE_KEYWORD, source) });
    await page.close();
  }
  writeFileSync(icoPath, packIco(images));
  console.log(`Wrote ${icoPath} (${FAVICON_SIZES.join(", ")} px) from icon.svg ${source}.`);
} finally {
  await browser.close();
}
