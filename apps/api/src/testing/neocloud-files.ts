import {
  DATA_CENTERS_COLUMNS,
  DATA_CENTER_TIMELINES_COLUMNS,
  GPU_CLUSTERS_COLUMNS,
  type Geocoder,
} from "@tpi/domain";

/**
 * Epoch AI's three CSV files as the Neo-Cloud tests serve them: a few real-looking records in the
 * documented shapes (all 56 GPU Clusters columns, the hub's 15, the timelines' 13), each row
 * written through the column lists of the domain so no column is invented or left out.
 */

/** One CSV line: every column of the file in Epoch's order, quoted where RFC 4180 needs it. */
export function csvLine(
  columns: readonly string[],
  values: Readonly<Record<string, string>>,
): string {
  for (const name of Object.keys(values))
    if (!columns.includes(name)) throw new Error(`no column '${name}' in this file`);
  return columns
    .map((column) => {
      const value = values[column] ?? "";
      return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
    })
    .join(",");
}
export const csv = (
  columns: readonly string[],
  rows: readonly Readonly<Record<string, string>>[],
) => [columns.join(","), ...rows.map((row) => csvLine(columns, row))].join("\n") + "\n";

export const CLUSTERS: Record<string, string>[] = [
  {
    Name: "Lambda Abilene Phase 1",
    Status: "Existing",
    Certainty: "Confirmed",
    "Single cluster?": "Yes",
    "H100 equivalents": "8000.000000117813",
    "Chip type (primary)": "NVIDIA H100 SXM5 80GB",
    "Chip quantity (primary)": "8000.0",
    Country: "United States of America",
    Owner: "Lambda Labs",
    "First Operational Date": "2025-03-01",
    Note: "Rented to several AI startups",
    Sector: "Private",
    "Power Capacity (MW)": "12.0",
    Location: "5502 Spinks Rd, Abilene, TX 79601",
    Users: "Cloud",
    "Hardware note": "H100",
    "Total number of AI chips": "8000.0",
    "GPU Supplier (primary)": "NVIDIA",
    "Source 1": "https://archive.ph/example-lambda",
  },
  {
    Name: "CoreWeave Plano Two-Chip",
    Status: "Planned",
    Certainty: "Likely",
    "Single cluster?": "Yes",
    "Chip type (primary)": "NVIDIA GB200",
    "Chip quantity (primary)": "6000.0",
    Country: "United States of America",
    Owner: "CoreWeave",
    Note: "Building 1 is under construction.\nGB200 and H100 halls",
    Sector: "Private",
    "Power Capacity (MW)": "30.0",
    Location: "Plano, TX",
    Users: "Cloud",
    Quote: '"The first hall goes live in 2026"',
    "First Operational Date Note": "Planned 2026",
    "Chip type (secondary)": "NVIDIA H100 SXM5 80GB",
    "Chip quantity (secondary)": "2000.0",
    "Total number of AI chips": "8000.0",
    "GPU Supplier (primary)": "NVIDIA",
    "GPU supplier (secondary)": "NVIDIA",
  },
  {
    Name: "Crusoe Reykjavik Cluster",
    Status: "Existing",
    Certainty: "Likely",
    "Chip type (primary)": "Cerebras WSE-3",
    "Chip quantity (primary)": "64.0",
    Country: "Iceland",
    Owner: "Crusoe",
    "First Operational Date": "2024-11",
    "Power Capacity (MW)": "2.5",
    Location: `64°08'49.0"N 21°56'24.0"W`,
    Users: "Cloud",
  },
  {
    Name: "Fluidstack Unknown Site",
    Status: "Planned",
    Certainty: "Unlikely",
    "Chip type (primary)": "NVIDIA GB200",
    "Chip quantity (primary)": "10000.0",
    Owner: "Fluidstack",
    Note: "Location not disclosed",
  },
  {
    Name: "xAI Colossus Memphis Phase 1",
    Status: "Existing",
    Certainty: "Confirmed",
    "Chip type (primary)": "NVIDIA H100 SXM5 80GB",
    "Chip quantity (primary)": "100000.0",
    Country: "United States of America",
    Owner: "xAI",
    "First Operational Date": "2024-09-01",
    "Power Capacity (MW)": "150.0",
    Location: "3231 Paul R. Lowry Rd, Memphis, TN 38109",
    Users: "xAI",
  },
  {
    Name: "Applied Digital Ellendale Phase 1",
    Status: "Existing",
    Certainty: "Likely",
    "Chip type (primary)": "NVIDIA H100 SXM5 80GB",
    "Chip quantity (primary)": "50000.0",
    Country: "United States of America",
    Owner: "Applied Digital",
    "First Operational Date": "2025-10",
    Note: "Will be rented to CoreWeave",
    "Power Capacity (MW)": "100.0",
    Location: "9685 87th Ave SE, Ellendale, ND 58436",
    Users: "Cloud,CoreWeave",
  },
];

export const CENTERS: Record<string, string>[] = [
  {
    Handle: "Crusoe Goodnight Texas",
    Title: "Goodnight",
    Address: "10001 Lima Rd, Claude, TX 79019",
    Latitude: `35°01'01"N`,
    Longitude: ` 101°18'43"W`,
    Owner: "Crusoe #confident",
    Users: "Google #speculative",
    "Construction companies": "Crusoe,Hoffman",
    "Energy companies": "Serena",
    "Current H100 equivalents": "0",
    "Current power (MW)": "0",
    "Current total capital cost (2025 USD billions)": "0",
  },
  {
    Handle: "Amazon Canton Mississippi",
    Title: "Amazon Madison Mega Site",
    Project: "Project Rainier #speculative",
    Address:
      "Amazon Data Services Inc, Madison Mega Site Nissan Parkway and Highway 22 Canton, Mississippi Madison County",
    Latitude: `32°35'25"N`,
    Longitude: `90°05'35"W`,
    Owner: "Amazon #confident",
    Users: "Anthropic #speculative",
    "Current H100 equivalents": "214348.14354550533",
    "Current power (MW)": "341",
    "Current total capital cost (2025 USD billions)": "10.894283791",
  },
];

const timeline = (date: string, handle: string, status: string, power: string) => ({
  Date: date,
  "Data center": handle,
  "Construction status": status,
  "Power (MW)": power,
  "H100 equivalents": power === "0.0" ? "0.0" : "1000.0",
  "Buildings operational": "0",
});
export const TIMELINES: Record<string, string>[] = [
  timeline("2025-05-19", "Crusoe Goodnight Texas", "Land clearing begins", "0.0"),
  timeline("2025-10-16", "Crusoe Goodnight Texas", "Building 1 and 2 under construction.", "0.0"),
  timeline(
    "2026-06-15",
    "Crusoe Goodnight Texas",
    "Building 1 operational. [expected](https://example.org/goodnight-spring-2026)",
    "132.5",
  ),
  timeline("2027-07-01", "Crusoe Goodnight Texas", "7 buildings operational.", "927.5"),
  timeline("2023-10-02", "Amazon Canton Mississippi", "Land clearing begins", "0.0"),
  timeline("2025-06-23", "Amazon Canton Mississippi", "Buildings 1-5 are operational", "341.0"),
  timeline("2026-09-18", "Amazon Canton Mississippi", "Buildings 1-12 are operational", "819.0"),
];

/** The gazetteer's answers for the fixture's cities (a stand-in: the test fixes coordinates). */
export const PLACES: Record<string, { latitude: number; longitude: number }> = {
  "Abilene|TX": { latitude: 32.4487, longitude: -99.7331 },
  "Plano|TX": { latitude: 33.0198, longitude: -96.6989 },
  "Memphis|TN": { latitude: 35.1495, longitude: -90.049 },
  // Ellendale, ND is not in this stand-in: that site stays without coordinates.
};
export const geocoder: Geocoder = ({ city, state }) => PLACES[`${city}|${state ?? ""}`];

/** The three files' texts (a test may swap one for a changed copy). */
export function neocloudFiles() {
  return {
    clusters: csv(GPU_CLUSTERS_COLUMNS, CLUSTERS),
    centers: csv(DATA_CENTERS_COLUMNS, CENTERS),
    timelines: csv(DATA_CENTER_TIMELINES_COLUMNS, TIMELINES),
  };
}

/** Where the three Epoch files are, as `tpi neocloud import` is pointed at them. */
export type NeocloudFilePaths = { clusters: string; centers: string; timelines: string };

/** `tpi neocloud import` reading the three files at `paths` (the CLI tests and the file-import bench run it so). */
export function neocloudImportArgs(paths: NeocloudFilePaths): string[] {
  return [
    "neocloud",
    "import",
    "--gpu-clusters",
    paths.clusters,
    "--data-centers",
    paths.centers,
    "--timelines",
    paths.timelines,
  ];
}
