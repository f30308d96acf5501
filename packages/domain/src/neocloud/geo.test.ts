import { describe, expect, it } from "vitest";
import { dmsPairIn, haversineKm, parseDmsCoordinate, placeOf } from "./geo";

describe("DMS coordinates", () => {
  it("reads Epoch's hub latitudes and longitudes, stray spaces included", () => {
    expect(parseDmsCoordinate(`32°35'25"N`, "lat")).toBeCloseTo(32 + 35 / 60 + 25 / 3600, 12);
    expect(parseDmsCoordinate(`32°29'59"N `, "lat")).toBeCloseTo(32 + 29 / 60 + 59 / 3600, 12);
    expect(parseDmsCoordinate(` 101°18'43"W`, "lon")).toBeCloseTo(-(101 + 18 / 60 + 43 / 3600), 12);
    expect(parseDmsCoordinate(`33°51'S`, "lat")).toBeCloseTo(-(33 + 51 / 60), 12);
  });

  it("refuses a latitude given for a longitude, and values out of range", () => {
    expect(parseDmsCoordinate(`32°35'25"N`, "lon")).toBeUndefined();
    expect(parseDmsCoordinate(`95°00'00"N`, "lat")).toBeUndefined();
    expect(parseDmsCoordinate("north", "lat")).toBeUndefined();
  });

  it("finds a pair in a GPU Clusters location with decimal seconds", () => {
    const pair = dmsPairIn(`27°33'21.6"N 35°32'18.4"E`);
    expect(pair?.latitude).toBeCloseTo(27 + 33 / 60 + 21.6 / 3600, 12);
    expect(pair?.longitude).toBeCloseTo(35 + 32 / 60 + 18.4 / 3600, 12);
    expect(dmsPairIn("5502 Spinks Rd, Abilene, TX 79601")).toBeUndefined();
  });
});

describe("haversine distance", () => {
  it("is 0 at the same point and a quarter meridian from the equator to a pole", () => {
    expect(haversineKm({ latitude: 10, longitude: 20 }, { latitude: 10, longitude: 20 })).toBe(0);
    // A quarter of the circumference of a sphere of radius 6371.0088 km: π/2 × R.
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 90, longitude: 0 })).toBeCloseTo(
      (Math.PI / 2) * 6371.0088,
      9,
    );
  });

  it("gives Dallas to Plano as worked out by hand (28.541 km)", () => {
    const km = haversineKm(
      { latitude: 32.7767, longitude: -96.797 },
      { latitude: 33.0198, longitude: -96.6989 },
    );
    expect(km).toBeCloseTo(28.541, 3);
  });
});

describe("places in Epoch's free text", () => {
  it.each([
    [
      "5502 Spinks Rd, Abilene, TX 79601",
      null,
      { city: "Abilene", state: "TX", country: "United States of America" },
    ],
    [
      "Holly Ridge\nLouisiana 71269",
      null,
      { city: "Holly Ridge", state: "LA", country: "United States of America" },
    ],
    [
      "M39X+XG, Mt Pleasant, WI 53177",
      "United States of America",
      { city: "Mt Pleasant", state: "WI", country: "United States of America" },
    ],
    [
      "Texas",
      "United States of America",
      { city: null, state: "TX", country: "United States of America" },
    ],
    [
      "Abu Dhabi, United Arab Emirates",
      "United Arab Emirates",
      { city: "Abu Dhabi", state: null, country: "United Arab Emirates" },
    ],
    [
      "Plaça d'Eusebi Güell, 1-3, Les Corts, 08034 Barcelona, Spain",
      "Spain",
      { city: "Barcelona", state: null, country: "Spain" },
    ],
    ["Jamnagar, India", "India", { city: "Jamnagar", state: null, country: "India" }],
    [
      "southwest South Korea",
      "Korea (Republic of)",
      { city: null, state: null, country: "Korea (Republic of)" },
    ],
    [
      `27°33'21.6"N 35°32'18.4"E`,
      "Saudi Arabia",
      { city: null, state: null, country: "Saudi Arabia" },
    ],
    [
      "1626 County Line Road Ridgeland, Mississippi",
      null,
      { city: null, state: "MS", country: "United States of America" },
    ],
  ] as const)("%s", (text, country, expected) => {
    expect(placeOf(text, country)).toEqual(expected);
  });

  it("keeps the record's own country when the location names another", () => {
    expect(placeOf("Netherlands", "Iceland")).toEqual({
      city: null,
      state: null,
      country: "Iceland",
    });
  });
});
