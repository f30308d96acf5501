/**
 * The world map of the Neo-Cloud Sites page: a plain equirectangular projection (x grows with
 * longitude, y with latitude, both linearly) onto an SVG drawn on the server, so that the map
 * needs no script and a site's point is where its longitude and latitude say.
 *
 * The land outline is Natural Earth's 1:110m land (public domain), as the npm package
 * `world-atlas` (ISC) ships it in TopoJSON; scripts/world-outline.ts projects it once with
 * `outlinePathOf` into src/lib/world-outline.generated.ts, which the page bundles (no map host
 * is asked at run time).
 */

/** SVG units per degree of longitude or latitude. */
export const MAP_SCALE = 2;
/** The northernmost latitude drawn: the north of Greenland and Svalbard. */
export const MAP_NORTH = 84;
/** The southernmost latitude drawn: Antarctica is left off (no data centre is there). */
export const MAP_SOUTH = -60;
/** The map's width and height in SVG units: 360 degrees of longitude, 144 of latitude. */
export const MAP_WIDTH = 360 * MAP_SCALE;
export const MAP_HEIGHT = (MAP_NORTH - MAP_SOUTH) * MAP_SCALE;

/** Where a longitude and latitude (decimal degrees) land on the map, in SVG units. */
export function project(lon: number, lat: number): { x: number; y: number } {
  return { x: (lon + 180) * MAP_SCALE, y: (MAP_NORTH - lat) * MAP_SCALE };
}

/** A ring of [longitude, latitude] points in decimal degrees. */
export type LonLatRing = readonly (readonly [number, number])[];

/** The parts of a TopoJSON topology (quantized) that a land outline needs. */
export type Topology = {
  transform: { scale: readonly [number, number]; translate: readonly [number, number] };
  arcs: readonly (readonly (readonly [number, number])[])[];
  objects: Record<string, TopologyObject>;
};
type TopologyObject =
  | { type: "GeometryCollection"; geometries: readonly TopologyObject[] }
  | { type: "Polygon"; arcs: readonly (readonly number[])[] }
  | { type: "MultiPolygon"; arcs: readonly (readonly (readonly number[])[])[] };

/**
 * Every polygon ring of a topology's object, in longitude and latitude: arcs are delta-encoded
 * quantized positions (TopoJSON 2.1.5), an arc index `~i` (negative) reads arc `i` backwards, and
 * each arc after the first of a ring starts on the previous arc's last point (dropped once).
 */
export function ringsOf(topology: Topology, objectName: string): LonLatRing[] {
  const { scale, translate } = topology.transform;
  const decoded = topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]): [number, number] => {
      x += dx;
      y += dy;
      return [x * scale[0] + translate[0], y * scale[1] + translate[1]];
    });
  });
  const ring = (arcIndexes: readonly number[]): LonLatRing => {
    const points: [number, number][] = [];
    for (const index of arcIndexes) {
      const arc = index >= 0 ? decoded[index] : decoded[~index]?.slice().reverse();
      if (arc === undefined) throw new Error(`The topology has no arc ${index}.`);
      points.push(...(points.length === 0 ? arc : arc.slice(1)));
    }
    return points;
  };
  const walk = (object: TopologyObject): LonLatRing[] =>
    object.type === "GeometryCollection"
      ? object.geometries.flatMap(walk)
      : object.type === "Polygon"
        ? object.arcs.map(ring)
        : object.arcs.flatMap((polygon) => polygon.map(ring));
  const object = topology.objects[objectName];
  if (object === undefined) throw new Error(`The topology has no object "${objectName}".`);
  return walk(object);
}

/**
 * A ring that crosses the antimeridian (Chukotka, Fiji), made continuous: each longitude is moved
 * by whole turns to within 180° of the previous one, so no edge runs across the whole map. The
 * result may reach past ±180°: `outlinePathOf` draws such a ring again one turn over, and the
 * map's frame clips both.
 */
export function unwrapRing(ring: LonLatRing): [number, number][] {
  const points: [number, number][] = [];
  let previous: number | undefined;
  for (const [lon, lat] of ring) {
    let shifted = lon;
    if (previous !== undefined) {
      while (shifted - previous > 180) shifted -= 360;
      while (shifted - previous < -180) shifted += 360;
    }
    points.push([shifted, lat]);
    previous = shifted;
  }
  return points;
}

/**
 * An SVG path of rings, projected: coordinates rounded to a tenth of a unit, a point nearer than
 * `minStep` units to the last one kept is dropped (the page's weight: the outline is a backdrop,
 * drawn at most about 2 px per unit), a ring left with fewer than 3 points (an islet) and a ring
 * wholly south of MAP_SOUTH (Antarctica, off the map) are dropped. A ring reaching past ±180°
 * (see `unwrapRing`) is drawn a second time one turn over. Relative moves (`l`) keep the text
 * short.
 */
export function outlinePathOf(rings: readonly LonLatRing[], minStep = 1): string {
  const parts: string[] = [];
  for (const ring of rings) {
    if (ring.every(([, lat]) => lat < MAP_SOUTH)) continue;
    const continuous = unwrapRing(ring);
    const lons = continuous.map(([lon]) => lon);
    const turns = [0];
    if (Math.max(...lons) > 180) turns.push(-360);
    if (Math.min(...lons) < -180) turns.push(360);
    for (const turn of turns) {
      const part = ringPath(
        continuous.map(([lon, lat]) => [lon + turn, lat] as const),
        minStep,
      );
      if (part !== undefined) parts.push(part);
    }
  }
  return parts.join("");
}

function ringPath(ring: LonLatRing, minStep: number): string | undefined {
  const round = (value: number) => Math.round(value * 10);
  const kept: [number, number][] = [];
  for (const [lon, lat] of ring) {
    const { x, y } = project(lon, lat);
    const point: [number, number] = [round(x), round(y)];
    const last = kept.at(-1);
    if (last !== undefined && Math.hypot(point[0] - last[0], point[1] - last[1]) < minStep * 10)
      continue;
    kept.push(point);
  }
  if (kept.length < 3) return undefined;
  const [first, ...rest] = kept as [[number, number], ...[number, number][]];
  let previous = first;
  const steps = rest.map((point) => {
    const step = `${tenths(point[0] - previous[0])} ${tenths(point[1] - previous[1])}`;
    previous = point;
    return step;
  });
  return `M${tenths(first[0])} ${tenths(first[1])}l${steps.join(" ")}z`;
}

/** A whole number of tenths as the shortest decimal text: 12 → "1.2", -5 → "-.5", 30 → "3". */
function tenths(value: number): string {
  const text = String(value / 10);
  return text.replace(/^(-?)0\./, "$1.");
}
