import type { Page } from "playwright-core";

export type ContrastFailure = {
  text: string;
  ratio: number;
  required: number;
  color: string;
  background: string;
};

/**
 * WCAG 2.x contrast of every element that holds text (HTML and SVG), against the first opaque
 * background found among its ancestors: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold).
 * Runs in the page; colours are what the browser computed.
 */
export async function contrastFailures(page: Page): Promise<ContrastFailure[]> {
  return page.evaluate(() => {
    const parse = (value: string): [number, number, number, number] | undefined => {
      const match = /rgba?\(([^)]+)\)/.exec(value);
      if (!match?.[1]) return undefined;
      const parts = match[1]
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const luminance = ([r, g, b]: [number, number, number, number]): number => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const backgroundOf = (element: Element): [number, number, number, number] => {
      for (
        let current: Element | null = element;
        current !== null;
        current = current.parentElement
      ) {
        const background = parse(getComputedStyle(current).backgroundColor);
        if (background !== undefined && background[3] >= 1) return background;
      }
      return [255, 255, 255, 1];
    };
    const failures: {
      text: string;
      ratio: number;
      required: number;
      color: string;
      background: string;
    }[] = [];
    for (const element of Array.from(document.querySelectorAll("body *"))) {
      const ownText = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? "")
        .join("")
        .trim();
      if (
        ownText === "" ||
        element.closest("[aria-hidden='true'], title, desc, script, style") !== null
      )
        continue;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || style.display === "none") continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || rect.right < 0) continue;
      const isSvg = element instanceof SVGElement;
      const color = parse(isSvg ? style.fill : style.color);
      if (color === undefined) continue;
      const background = backgroundOf(element);
      const [light, dark] = [luminance(color), luminance(background)].sort((a, b) => b - a) as [
        number,
        number,
      ];
      const ratio = (light + 0.05) / (dark + 0.05);
      const size = parseFloat(style.fontSize);
      const bold = Number(style.fontWeight) >= 700;
      const required = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
      if (ratio < required) {
        failures.push({
          text: ownText.slice(0, 40),
          ratio: Math.round(ratio * 100) / 100,
          required,
          color: isSvg ? style.fill : style.color,
          background: `rgb(${background.slice(0, 3).join(",")})`,
        });
      }
    }
    return failures;
  });
}
