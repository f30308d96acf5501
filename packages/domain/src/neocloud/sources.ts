/**
 * The Neo-Cloud Sites market's sources: two Epoch AI datasets, kept as separate records (no
 * cross-dataset merging), each with the citation its CC BY 4.0 licence requires, and the columns
 * of their CSV files that the import reads.
 */

/** The datasets a site record comes from; the first part of every site id. */
export const NEOCLOUD_DATASETS = ["gpu-clusters", "data-centers"] as const;
export type NeocloudDataset = (typeof NEOCLOUD_DATASETS)[number];

/** The source name of the import in the sync log and of the sync lock. */
export const NEOCLOUD_SYNC_SOURCE = "epoch-neocloud";

export const EPOCH_LICENCE = {
  name: "CC BY 4.0",
  url: "https://creativecommons.org/licenses/by/4.0/",
} as const;

/** Epoch's terms, quoted in the methodology. */
export const EPOCH_LICENCE_TERMS =
  "Free to use, distribute, and reproduce provided the source and authors are credited under the Creative Commons Attribution license.";

export type NeocloudDatasetInfo = {
  dataset: NeocloudDataset;
  /** `source` in dataSources. */
  source: string;
  title: string;
  /** The CSV files' default URLs (the hub has two: sites and their timelines). */
  defaultUrls: readonly string[];
  documentation: string;
  citation: string;
};

export const GPU_CLUSTERS_URL = "https://epoch.ai/data/gpu_clusters.csv";
export const DATA_CENTERS_URL = "https://epoch.ai/data/data_centers/data_centers.csv";
export const DATA_CENTER_TIMELINES_URL =
  "https://epoch.ai/data/data_centers/data_center_timelines.csv";

export const NEOCLOUD_DATASET_INFO: Readonly<Record<NeocloudDataset, NeocloudDatasetInfo>> = {
  "gpu-clusters": {
    dataset: "gpu-clusters",
    source: "epoch-gpu-clusters",
    title: "Epoch AI, Data on GPU Clusters (formerly AI Supercomputers)",
    defaultUrls: [GPU_CLUSTERS_URL],
    documentation: "https://epoch.ai/data/gpu-clusters-documentation",
    citation:
      "Epoch AI, ‘Data on GPU Clusters’. Published online at epoch.ai. Retrieved from ‘https://epoch.ai/data/gpu-clusters’ [online resource].",
  },
  "data-centers": {
    dataset: "data-centers",
    source: "epoch-data-centers",
    title: "Epoch AI, Frontier Data Centers Hub",
    defaultUrls: [DATA_CENTERS_URL, DATA_CENTER_TIMELINES_URL],
    documentation: "https://epoch.ai/data/data-centers-documentation",
    citation:
      "Epoch AI, ‘Frontier Data Centers Hub’. Published online at epoch.ai. Retrieved from: ‘https://epoch.ai/data/data-centers’ [online resource]",
  },
};

/** The 56 columns of gpu_clusters.csv, in Epoch's order. */
export const GPU_CLUSTERS_COLUMNS = [
  "Name",
  "Status",
  "Certainty",
  "Single cluster?",
  "Max OP/s (log)",
  "H100 equivalents",
  "Chip type (primary)",
  "Chip quantity (primary)",
  "Country",
  "Owner",
  "First Operational Date",
  "Note",
  "Sector",
  "Power Capacity (MW)",
  "Hardware Cost",
  "Location",
  "Users",
  "Hardware note",
  "Quote",
  "First Operational Date Note",
  "Certainty Note",
  "Energy Efficiency (log)",
  "Builds Upon",
  "Superseded by",
  "Possible Duplicate",
  "Possible Duplicate Of",
  "Chip type (secondary)",
  "Chip quantity (secondary)",
  "Total number of AI chips",
  "GPU Supplier (primary)",
  "GPU supplier (secondary)",
  "Include in Standard Analysis",
  "Exclude",
  "Rank when first operational",
  "16-bit OP/s (log)",
  "Max OP/s",
  "8-bit OP/s",
  "16-bit OP/s",
  "32-bit OP/s",
  "Calculated Power Capacity (MW)",
  "Reported Power Capacity (MW)",
  "Energy Efficiency",
  "Calculated Cost",
  "Reported Cost",
  "Reported Cost (Inflation adjusted)",
  "Cost Quote",
  "Noteworthy",
  "Decommissioned Date (if applicable)",
  "Largest existing cluster when first operational",
  "% of largest cluster when first operational",
  "Source 1",
  "Source 2",
  "Source 3",
  "Source 4",
  "Source 5",
] as const;

/** The columns of gpu_clusters.csv the import reads: a file without one of them is refused. */
export const GPU_CLUSTERS_REQUIRED_COLUMNS = [
  "Name",
  "Status",
  "Certainty",
  "H100 equivalents",
  "Chip type (primary)",
  "Chip quantity (primary)",
  "Country",
  "Owner",
  "First Operational Date",
  "Note",
  "Power Capacity (MW)",
  "Location",
  "Users",
  "Quote",
  "First Operational Date Note",
  "Certainty Note",
  "Chip type (secondary)",
  "Chip quantity (secondary)",
  "Total number of AI chips",
  "Decommissioned Date (if applicable)",
  "Source 1",
  "Source 2",
  "Source 3",
  "Source 4",
  "Source 5",
] as const satisfies readonly (typeof GPU_CLUSTERS_COLUMNS)[number][];

export const DATA_CENTERS_COLUMNS = [
  "Handle",
  "Title",
  "Project",
  "Sentinel satellite timelapse",
  "Address",
  "Latitude",
  "Longitude",
  "Owner",
  "Users",
  "Investors",
  "Construction companies",
  "Energy companies",
  "Current H100 equivalents",
  "Current power (MW)",
  "Current total capital cost (2025 USD billions)",
] as const;

export const DATA_CENTERS_REQUIRED_COLUMNS = [
  "Handle",
  "Title",
  "Project",
  "Address",
  "Latitude",
  "Longitude",
  "Owner",
  "Users",
  "Current H100 equivalents",
  "Current power (MW)",
] as const satisfies readonly (typeof DATA_CENTERS_COLUMNS)[number][];

export const DATA_CENTER_TIMELINES_COLUMNS = [
  "Date",
  "Data center",
  "Construction status",
  "Power (MW)",
  "H100 equivalents",
  "Buildings operational",
  "Total capital cost (2025 USD billions)",
  "Compute cost (2025 USD billions)",
  "Construction cost (2025 USD billions)",
  "Building area (square feet)",
  "Site area (square feet)",
  "Water use (MGD)",
  "Performance (8-bit OP/s)",
] as const;

export const DATA_CENTER_TIMELINES_REQUIRED_COLUMNS = [
  "Date",
  "Data center",
  "Construction status",
  "Power (MW)",
  "H100 equivalents",
] as const satisfies readonly (typeof DATA_CENTER_TIMELINES_COLUMNS)[number][];
