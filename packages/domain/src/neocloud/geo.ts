import { COUNTRIES, UNITED_STATES, countryOf, usStateCodeOf } from "./catalog";

/**
 * Places and distances of the Neo-Cloud Sites market: Epoch's coordinates (degrees, minutes,
 * seconds), its free-text locations split into city, state and country, and great-circle
 * distances.
 */

/** The mean Earth radius (IUGG), km: the radius of the haversine distance. */
export const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in km between two points given in decimal degrees (haversine). */
export function haversineKm(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(to.latitude - from.latitude);
  const dLon = rad(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(from.latitude)) * Math.cos(rad(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

const DMS =
  /(\d{1,3}(?:\.\d+)?)\s*°\s*(?:(\d{1,2}(?:\.\d+)?)\s*['′]\s*)?(?:(\d{1,2}(?:\.\d+)?)\s*(?:"|″|'')\s*)?([NSEW])/gi;

/**
 * Every coordinate written in degrees, minutes and seconds in a text (`32°35'25"N`,
 * `27°33'21.6"N 35°32'18.4"E`), as signed decimal degrees with its hemisphere letter.
 */
function dmsValues(text: string): { value: number; axis: "lat" | "lon" }[] {
  const values: { value: number; axis: "lat" | "lon" }[] = [];
  for (const match of text.matchAll(DMS)) {
    const [, degrees, minutes, seconds, hemisphere] = match;
    const magnitude = Number(degrees) + Number(minutes ?? 0) / 60 + Number(seconds ?? 0) / 3600;
    const letter = (hemisphere ?? "").toUpperCase();
    values.push({
      value: letter === "S" || letter === "W" ? -magnitude : magnitude,
      axis: letter === "N" || letter === "S" ? "lat" : "lon",
    });
  }
  return values;
}

/** One DMS coordinate (`32°35'25"N`, stray spaces allowed) as decimal degrees; undefined when none. */
export function parseDmsCoordinate(text: string, axis: "lat" | "lon"): number | undefined {
  const [value] = dmsValues(text);
  if (value === undefined || value.axis !== axis) return undefined;
  const limit = axis === "lat" ? 90 : 180;
  return Math.abs(value.value) <= limit ? value.value : undefined;
}

/** A latitude and longitude pair written in DMS inside a free text (a GPU Clusters `Location`). */
export function dmsPairIn(text: string): { latitude: number; longitude: number } | undefined {
  const values = dmsValues(text);
  const latitude = values.find((v) => v.axis === "lat")?.value;
  const longitude = values.find((v) => v.axis === "lon")?.value;
  if (latitude === undefined || longitude === undefined) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude };
}

export type PlaceParts = {
  city: string | null;
  /** The two-letter code for a US state; null elsewhere (regions are not parsed). */
  state: string | null;
  country: string | null;
};

/** A street, not a city: "1626 County Line Road Ridgeland" once its number is gone. */
const STREET_WORD =
  /\b(?:road|rd|street|st|avenue|ave|boulevard|blvd|highway|hwy|parkway|pkwy|drive|dr|lane|ln|way|circle|cir|court|ct)\b/i;

const US_STATE_AND_ZIP = /^([A-Za-z][A-Za-z ]*?)\s*(\d{5})(?:-\d{4})?$/;

/**
 * The city, state and country of a free-text place as Epoch writes it: "5502 Spinks Rd,
 * Abilene, TX 79601", "Holly Ridge, LA 71269", "Abu Dhabi, United Arab Emirates", "Texas",
 * "Paris, France" (line breaks count as commas). The last part names a US state (with or without
 * a ZIP code) or a country; the part before it is the city when it holds no digits. Anything else
 * ("southwest South Korea", coordinates) gives nulls: the site is not placed by guesswork.
 */
export function placeOf(text: string, knownCountry: string | null): PlaceParts {
  const parts = text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const none: PlaceParts = { city: null, state: null, country: knownCountry };
  const last = parts.at(-1);
  if (last === undefined || dmsValues(text).length > 0) return none;
  const cityBefore = (index: number): string | null => {
    const candidate = parts[index];
    if (candidate === undefined) return null;
    const cleaned = candidate
      .replace(/^\d{4,6}\s+/, "")
      .replace(/\s+[A-Z]{2}$/, "")
      .trim();
    return cleaned === "" || /\d/.test(cleaned) || STREET_WORD.test(cleaned) ? null : cleaned;
  };
  const stateWithZip = US_STATE_AND_ZIP.exec(last);
  const stateCode = usStateCodeOf(stateWithZip?.[1] ?? last);
  const inUs = knownCountry === null || knownCountry === UNITED_STATES;
  if (stateCode !== undefined && inUs)
    return { city: cityBefore(parts.length - 2), state: stateCode, country: UNITED_STATES };
  const country = countryOf(last);
  if (country !== undefined) {
    const city = parts.length >= 2 ? cityBefore(parts.length - 2) : null;
    const before = parts.at(-2);
    const stateBefore =
      country.name === UNITED_STATES && before !== undefined ? usStateCodeOf(before) : undefined;
    if (stateBefore !== undefined)
      return { city: cityBefore(parts.length - 3), state: stateBefore, country: country.name };
    return { city, state: null, country: knownCountry ?? country.name };
  }
  // "City, Region" without a country: the city only when the record's country is known.
  if (parts.length === 2 && knownCountry !== null) return { ...none, city: cityBefore(0) };
  return none;
}

/** The ISO 3166 alpha-2 code of a country as Epoch writes it, for the gazetteer. */
export function iso2Of(countryName: string | null): string | undefined {
  if (countryName === null) return undefined;
  return (
    COUNTRIES.find((country) => country.name === countryName)?.iso2 ?? countryOf(countryName)?.iso2
  );
}
