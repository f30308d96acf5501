import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { layerProblems, type LayerConfig } from "../../../tooling/eslint/layers.mjs";
import { LAYERS } from "../layers.config.mjs";

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("the api's layers (layers.config.mjs)", () => {
  it("hold: every folder in a layer, imports downwards only, no folder cycle", () => {
    expect(layerProblems(join(API_DIR, LAYERS.root), LAYERS)).toEqual([]);
  });
});

describe("the layer check", () => {
  const fixture = mkdtempSync(join(tmpdir(), "tpi-layers-"));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));
  const file = (path: string, text: string) => {
    mkdirSync(dirname(join(fixture, path)), { recursive: true });
    writeFileSync(join(fixture, path), text);
  };
  const config: LayerConfig = {
    root: ".",
    layers: [
      { name: "low", folders: ["low", "platform/**"] },
      { name: "high", folders: ["high", "markets/*/**"] },
    ],
    forbidden: [
      { from: "platform/**", to: "markets/**", message: "no market by name" },
      {
        from: "markets/*/**",
        to: "markets/*/**",
        sameSegmentAllowed: 1,
        message: "no other market",
      },
    ],
  };

  file("low/a.ts", 'import { b } from "../high/b";\nexport const a = b;\n');
  file("high/b.ts", 'import { a } from "../low/a";\nexport const b = 1;\nvoid a;\n');
  file("stray/c.ts", "export const c = 1;\n");
  file("platform/p.ts", 'import type { T } from "../markets/one/t";\nexport type P = T;\n');
  file("markets/one/t.ts", 'import { u } from "../two/u";\nexport type T = typeof u;\n');
  file("markets/two/u.ts", 'import { t } from "./v";\nexport const u = t;\n');
  file("markets/two/v.ts", "export const t = 1;\n");
  file("types/x.ts", 'import type { Y } from "../types2/y";\nexport type X = Y;\n');
  file("types2/y.ts", 'import type { X } from "../types/x";\nexport type Y = X | 1;\n');
  file("low/shaped.ts", 'import type { B } from "../high/c";\nexport type Shaped = B[];\n');
  file("low/aware.ts", 'import { type C, d } from "../high/c";\nexport const aware: C = d;\n');
  file("high/c.ts", "export type B = 1;\nexport type C = 2;\nexport const d = 2;\n");
  const problems = layerProblems(fixture, {
    ...config,
    layers: [...config.layers, { name: "types", folders: ["types", "types2"] }],
  });

  it("reports an upward import and the folder cycle it closes, with the imports", () => {
    expect(problems).toContain(
      "low/a.ts -> high/b.ts: layer 'low' may not import from the higher layer 'high'",
    );
    expect(problems.find((p) => p.startsWith("folder cycle: high <-> low"))).toContain(
      "low/a.ts -> high/b.ts",
    );
  });

  it("reports a type imported from a higher layer, as a runtime import is", () => {
    expect(problems).toContain(
      "low/shaped.ts -> high/c.ts: layer 'low' may not import types from the higher layer 'high'",
    );
    expect(problems).toContain(
      "low/aware.ts -> high/c.ts: layer 'low' may not import from the higher layer 'high'",
    );
  });

  it("reports a folder in no layer", () => {
    expect(problems).toContain("folder in no layer: stray/");
  });

  it("refuses the platform naming a market and a market reaching into another, types included", () => {
    expect(problems).toContain("platform/p.ts -> markets/one/t.ts: no market by name");
    expect(problems).toContain("markets/one/t.ts -> markets/two/u.ts: no other market");
    expect(problems.some((p) => p.startsWith("markets/two/u.ts -> markets/two/v.ts"))).toBe(false);
  });

  it("does not count types that refer to each other as a cycle of code", () => {
    expect(problems.some((p) => p.includes("types <-> types2"))).toBe(false);
  });
});
