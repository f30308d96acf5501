import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  MAP_HEIGHT,
  MAP_WIDTH,
  outlinePathOf,
  project,
  ringsOf,
  unwrapRing,
  type Topology,
} from "./world-map";
import { WORLD_OUTLINE_PATH } from "./world-outline.generated";
import { worldOutlineModule } from "./world-outline-source";

describe("the equirectangular projection", () => {
  it("puts a longitude and latitude where hand computation does (2 units per degree, 84°N at the top)", () => {
    expect(MAP_WIDTH).toBe(720);
    expect(MAP_HEIGHT).toBe(288);
    // (0 + 180) × 2 = 360; (84 − 0) × 2 = 168.
    expect(project(0, 0)).toEqual({ x: 360, y: 168 });
    // The corners of the drawn area.
    expect(project(-180, 84)).toEqual({ x: 0, y: 0 });
    expect(project(180, -60)).toEqual({ x: 720, y: 288 });
    // New York, 74.006°W 40.7128°N: (180 − 74.006) × 2 = 211.988; (84 − 40.7128) × 2 = 86.5744.
    const newYork = project(-74.006, 40.7128);
    expect(newYork.x).toBeCloseTo(211.988, 9);
    expect(newYork.y).toBeCloseTo(86.5744, 9);
    // Sydney, 151.2093°E 33.8688°S: 662.4186; 235.7376.
    const sydney = project(151.2093, -33.8688);
    expect(sydney.x).toBeCloseTo(662.4186, 9);
    expect(sydney.y).toBeCloseTo(235.7376, 9);
  });
});

/**
 * A hand-made topology: scale 1°, origin 10°E 20°N; arc 0 runs (0,0) → (2,0) → (2,2), arc 1
 * (2,2) → (0,2) → (0,0) in quantized steps; the polygon is arc 0 then arc 1, the hole arc 1
 * backwards.
 */
const TOPOLOGY: Topology = {
  transform: { scale: [1, 1], translate: [10, 20] },
  arcs: [
    [
      [0, 0],
      [2, 0],
      [0, 2],
    ],
    [
      [2, 2],
      [-2, 0],
      [0, -2],
    ],
  ],
  objects: {
    land: { type: "GeometryCollection", geometries: [{ type: "Polygon", arcs: [[0, 1], [~1]] }] },
  },
};

describe("the TopoJSON outline", () => {
  it("decodes delta-encoded arcs, joins them without repeating the shared point, and reads ~i backwards", () => {
    expect(ringsOf(TOPOLOGY, "land")).toEqual([
      [
        [10, 20],
        [12, 20],
        [12, 22],
        [10, 22],
        [10, 20],
      ],
      [
        [10, 20],
        [10, 22],
        [12, 22],
      ],
    ]);
  });

  it("draws a ring projected, in tenths, with relative steps", () => {
    // (10°E, 20°N) → (380, 128); (12°E, 20°N) → (384, 128); (12°E, 22°N) → (384, 124).
    expect(
      outlinePathOf([
        [
          [10, 20],
          [12, 20],
          [12, 22],
        ],
      ]),
    ).toBe("M380 128l4 0 0 -4z");
    // A point nearer than the minimum step to the last kept one is dropped; a ring left with
    // fewer than 3 points is dropped, and so is a ring wholly south of 60°S.
    expect(
      outlinePathOf([
        [
          [10, 20],
          [10.1, 20],
          [12, 20],
          [12, 22],
        ],
        [
          [0, 0],
          [0.1, 0],
          [0.2, 0.1],
        ],
        [
          [0, -70],
          [10, -70],
          [10, -80],
        ],
      ]),
    ).toBe("M380 128l4 0 0 -4z");
    expect(
      outlinePathOf([
        [
          [0.05, 0],
          [1.05, -0.3],
          [2, 0],
        ],
      ]),
    ).toBe("M360.1 168l2 .6 1.9 -.6z");
  });

  it("draws a ring across the antimeridian in one piece on each edge, never an edge across the map", () => {
    // 179°E → 179°W is 2° east, not 358° west: (179, 10) → (718, 148), (181, 10) → (722, 148)…
    const fiji = [
      [179, 10],
      [-179, 10],
      [-179, 12],
      [179, 12],
    ] as const;
    expect(unwrapRing(fiji)).toEqual([
      [179, 10],
      [181, 10],
      [181, 12],
      [179, 12],
    ]);
    // …and again one turn west, from (−181, 10) → (−2, 148); the frame clips what is outside.
    expect(outlinePathOf([fiji])).toBe("M718 148l4 0 0 -4 -4 0zM-2 148l4 0 0 -4 -4 0z");
  });

  it("is committed as scripts/world-outline.ts generates it from world-atlas (run it after a change)", () => {
    const committed = readFileSync(
      fileURLToPath(new URL("./world-outline.generated.ts", import.meta.url)),
      "utf8",
    );
    expect(committed).toBe(worldOutlineModule());
    // No edge of the outline runs across the map (the antimeridian's rings are unwrapped), and
    // the text stays a light backdrop (about 10 kB gzipped).
    const steps = WORLD_OUTLINE_PATH.split("M")
      .slice(1)
      .flatMap((ring) => (ring.split("l")[1] ?? "").replace("z", "").split(" "))
      .filter((_, index) => index % 2 === 0)
      .map((step) => Math.abs(Number(step)));
    expect(steps.length).toBeGreaterThan(1000);
    expect(Math.max(...steps)).toBeLessThan(MAP_WIDTH / 2);
    expect(WORLD_OUTLINE_PATH.length).toBeLessThan(40_000);
  });
});
