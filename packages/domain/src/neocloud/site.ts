import {
  OTHER_CHIP_BUCKET,
  US_STATES,
  UNITED_STATES,
  chipFamilyOf,
  operatorCategoryOf,
  type OperatorCategory,
} from "./catalog";
import { IMPORT_TEXT_MAX, overLengthMessage } from "../shared/import-guard";
import { dmsPairIn, parseDmsCoordinate, placeOf } from "./geo";
import { EPOCH_LICENCE, NEOCLOUD_DATASET_INFO, type NeocloudDataset } from "./sources";

/**
 * A site of the Neo-Cloud Sites market: one record of one Epoch dataset mapped to the contract's
 * site fields (peer service facts, section 9), with its provenance. The mapping is pure: the
 * same record, timeline and import day give the same site, field for field.
 */

export const SITE_STATUSES = [
  "operational",
  "under_construction",
  "planned",
  "decommissioned",
] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

export const COORDINATE_PRECISIONS = ["site", "city"] as const;
export type CoordinatePrecision = (typeof COORDINATE_PRECISIONS)[number];

/** One chip type of a site with its quantity as the source splits it (null when not given). */
export type SiteChip = {
  /** The family (`H100`, `GB200`), or Epoch's own name when no family matches. */
  type: string;
  /** The aggregate bucket: the family, or `Other`. */
  bucket: string;
  generation: string | null;
  quantity: number | null;
  /** Epoch's chip type as written. */
  sourceName: string;
};

export type SiteProvenance = {
  dataset: NeocloudDataset;
  /** `source` in dataSources. */
  source: string;
  /** The record's name (GPU Clusters) or handle (Frontier Data Centers). */
  recordName: string;
  /** The file(s) the record was read from. */
  sourceUrls: string[];
  /** When the import that wrote this record's current content read its file(s), ISO 8601. */
  retrievedAt: string;
  licence: { name: string; url: string };
  citation: string;
  /** Epoch's own sources of the record (`Source 1`…`Source 5`, or links in the hub's timeline). */
  sourceLinks: string[];
  /** Epoch's confidence tags of owners and users ("#confident", "#likely"), by company. */
  confidence: Record<string, string>;
  /** Epoch's certainty of a GPU Clusters record (Confirmed, Likely, Unlikely…), null for the hub. */
  certainty: string | null;
};

export type NeocloudSite = {
  id: string;
  dataset: NeocloudDataset;
  company: string | null;
  siteName: string;
  streetAddress: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  coordinatePrecision: CoordinatePrecision | null;
  dcTier: null;
  ownershipModel: "owned" | "colocation" | null;
  coloPartner: string | null;
  gpuTypes: string[];
  chips: SiteChip[];
  gpuQtyKnown: number | null;
  gpuQtyEst: number | null;
  h100Equivalents: number | null;
  chipGeneration: string | null;
  /** MW. */
  powerCapacity: number | null;
  category: OperatorCategory;
  isNeocloud: boolean;
  status: SiteStatus | null;
  leaseTerm: null;
  keyCustomer: string | null;
  contractAnnounced: null;
  gpuOrderDate: null;
  /** YYYY-MM-DD, or YYYY-MM / YYYY when the source gives no finer date. */
  constructionStart: string | null;
  phase1LiveDate: string | null;
  fullCapacityTarget: string | null;
  sourceNotes: string | null;
  sample: boolean;
  provenance: SiteProvenance;
};

/** A CSV record by column name. */
export type CsvRow = Readonly<Record<string, string>>;

/** A place lookup from the bundled gazetteer: city + state (US) or city + country. */
export type Geocoder = (place: {
  city: string;
  state: string | null;
  country: string | null;
}) => { latitude: number; longitude: number } | undefined;

export class SiteRecordError extends Error {}

// --- bounds every imported site holds ---

/** The longest a site's text may be, by field (characters): names, and free text. */
const SITE_TEXT_MAX: Readonly<Partial<Record<keyof NeocloudSite, number>>> = {
  company: IMPORT_TEXT_MAX.name,
  siteName: IMPORT_TEXT_MAX.name,
  streetAddress: IMPORT_TEXT_MAX.name,
  city: IMPORT_TEXT_MAX.name,
  state: IMPORT_TEXT_MAX.name,
  country: IMPORT_TEXT_MAX.name,
  coloPartner: IMPORT_TEXT_MAX.name,
  chipGeneration: IMPORT_TEXT_MAX.name,
  keyCustomer: IMPORT_TEXT_MAX.note,
  sourceNotes: IMPORT_TEXT_MAX.note,
};

/**
 * The plausible range of a site's numbers: the largest sites built or announced are a few
 * hundred thousand GPUs and a few gigawatts, so only a slipped unit or a corrupt cell is refused.
 */
export const SITE_NUMBER_BOUNDS: Readonly<
  Partial<Record<keyof NeocloudSite, { min: number; max: number; unit: string }>>
> = {
  gpuQtyKnown: { min: 0, max: 100_000_000, unit: "GPUs" },
  gpuQtyEst: { min: 0, max: 100_000_000, unit: "GPUs" },
  h100Equivalents: { min: 0, max: 100_000_000, unit: "H100 equivalents" },
  powerCapacity: { min: 0, max: 100_000, unit: "MW" },
};

/**
 * The years a site's dates may name: the first GPU data centres, to the far end of the plans
 * Epoch records (a decade or two ahead), so that only a corrupt cell (0001, 9999) is refused.
 */
export const SITE_DATE_YEARS = { min: 1990, max: 2100 } as const;
const SITE_DATE_FIELDS = ["constructionStart", "phase1LiveDate", "fullCapacityTarget"] as const;

/** The site, if its text, numbers and dates are within bounds; a SiteRecordError naming the field otherwise. */
function withinBounds(site: NeocloudSite): NeocloudSite {
  for (const [field, max] of Object.entries(SITE_TEXT_MAX)) {
    const value = site[field as keyof NeocloudSite];
    const over = typeof value === "string" ? overLengthMessage(value, max) : undefined;
    if (over !== undefined) throw new SiteRecordError(`field '${field}' ${over}`);
  }
  for (const [field, bounds] of Object.entries(SITE_NUMBER_BOUNDS)) {
    const value = site[field as keyof NeocloudSite];
    if (typeof value === "number" && (value < bounds.min || value > bounds.max))
      throw new SiteRecordError(
        `field '${field}' is ${value}; a site's ${bounds.unit} are from ${bounds.min} to ${bounds.max.toLocaleString("en-US")}`,
      );
  }
  for (const field of SITE_DATE_FIELDS) {
    const value = site[field];
    const year = value === null ? undefined : Number(value.slice(0, 4));
    if (year !== undefined && (year < SITE_DATE_YEARS.min || year > SITE_DATE_YEARS.max))
      throw new SiteRecordError(
        `field '${field}' is ${value}; a site's dates are from ${SITE_DATE_YEARS.min} to ${SITE_DATE_YEARS.max}`,
      );
  }
  return site;
}

// --- shared helpers ---

/** A number cell: empty is null; anything but a finite number is an error naming the column. */
export function numberCell(row: CsvRow, column: string): number | null {
  const text = (row[column] ?? "").trim();
  if (text === "") return null;
  const value = Number(text);
  if (!Number.isFinite(value))
    throw new SiteRecordError(`'${column}' is not a number: '${text.slice(0, 40)}'`);
  return value;
}

const text = (row: CsvRow, column: string): string | null => {
  const value = (row[column] ?? "").trim();
  return value === "" ? null : value;
};

const DATE_CELL = /^\d{4}(-\d{2}(-\d{2})?)?$/;
/** A date cell kept at the precision Epoch gives (YYYY, YYYY-MM or YYYY-MM-DD); else null. */
function dateCell(value: string | null): string | null {
  if (value === null) return null;
  const head = value.trim().slice(0, 10);
  return DATE_CELL.test(head) ? head : null;
}

/**
 * A comma list of companies as Epoch writes them ("OpenAI,Microsoft", "Amazon #confident",
 * "OpenAI #likely, Microsoft #likely"): names without their tags, and each tag by name.
 */
export function companyList(value: string | null): {
  names: string[];
  confidence: Record<string, string>;
} {
  const names: string[] = [];
  const confidence: Record<string, string> = {};
  for (const part of (value ?? "").split(",")) {
    const tag = /#(\w+)/.exec(part)?.[1];
    const name = part.replace(/#\w+/g, "").trim();
    if (name === "" || names.includes(name)) continue;
    names.push(name);
    if (tag !== undefined) confidence[name] = tag;
  }
  return { names, confidence };
}

/**
 * The operator reading of a site from its owners and users: its category, whether it is a
 * neo-cloud site (an owner is a neo-cloud; or a user is one and the owners are data-center
 * developers, who then are the colocation partner), and the ownership model.
 */
export function operatorReading(owners: readonly string[], users: readonly string[]) {
  const ownerCategories = owners.map(operatorCategoryOf);
  const neocloudUser = users.find((user) => operatorCategoryOf(user) === "neocloud");
  const developerOwned =
    owners.length > 0 && ownerCategories.every((category) => category === "dc-developer");
  const neocloudOwner = owners.find((_owner, i) => ownerCategories[i] === "neocloud");
  const isNeocloud = neocloudOwner !== undefined || (neocloudUser !== undefined && developerOwned);
  const category: OperatorCategory = isNeocloud ? "neocloud" : (ownerCategories[0] ?? "unknown");
  const colocation = developerOwned && users.length > 0;
  return {
    isNeocloud,
    category,
    ownershipModel: colocation
      ? ("colocation" as const)
      : owners.length > 0
        ? ("owned" as const)
        : null,
    coloPartner: colocation ? owners.join(", ") : null,
    company:
      neocloudOwner ??
      (colocation && neocloudUser !== undefined ? neocloudUser : owners.join(", ") || null),
  };
}

function chipOf(sourceName: string, quantity: number | null): SiteChip {
  const family = chipFamilyOf(sourceName);
  return {
    type: family?.family ?? sourceName.replace(/^(NVIDIA|AMD|Google|Intel|Huawei|Amazon)\s+/i, ""),
    bucket: family?.family ?? OTHER_CHIP_BUCKET,
    generation: family?.generation ?? null,
    quantity,
    sourceName,
  };
}

/** The generations of the chips, in order, once each, joined ("Hopper", "Blackwell, Blackwell Ultra"). */
function generationsOf(chips: readonly SiteChip[]): string | null {
  const generations = [
    ...new Set(chips.flatMap((chip) => (chip.generation === null ? [] : [chip.generation]))),
  ];
  return generations.length === 0 ? null : generations.join(", ");
}

export function siteId(dataset: NeocloudDataset, recordName: string): string {
  return `${dataset}:${recordName}`;
}

// --- GPU Clusters ---

const CONSTRUCTION_EVIDENCE =
  /\bunder construction\b|\bconstruction (?:has )?(?:began|begun|started|is underway|underway)\b|\bbr(?:oke|eaking) ground\b/i;

/**
 * A GPU Clusters status: Existing → operational, Decommissioned (or a decommissioned date on or
 * before the import day) → decommissioned, Planned → planned, or under_construction when the
 * record's own notes say so (Note, Quote, First Operational Date Note, Certainty Note mention
 * "under construction", "construction began", "broke ground"). Any other value: null.
 */
export function gpuClusterStatus(row: CsvRow, importDay: string): SiteStatus | null {
  const decommissioned = dateCell(text(row, "Decommissioned Date (if applicable)"));
  if (decommissioned !== null && decommissioned <= importDay) return "decommissioned";
  const status = (text(row, "Status") ?? "").toLowerCase();
  if (status === "existing") return "operational";
  if (status === "decommissioned") return "decommissioned";
  if (status === "planned") {
    const notes = ["Note", "Quote", "First Operational Date Note", "Certainty Note"]
      .map((column) => text(row, column) ?? "")
      .join("\n");
    return CONSTRUCTION_EVIDENCE.test(notes) ? "under_construction" : "planned";
  }
  return null;
}

export type MappingContext = {
  sourceUrls: string[];
  retrievedAt: string;
  geocode: Geocoder;
};

/** Places a site: the source's coordinates (precision `site`), else the gazetteer's city (`city`). */
function placed(
  place: { city: string | null; state: string | null; country: string | null },
  coordinates: { latitude: number; longitude: number } | undefined,
  geocode: Geocoder,
) {
  if (coordinates !== undefined) return { ...coordinates, coordinatePrecision: "site" as const };
  if (place.city !== null) {
    const found = geocode({ city: place.city, state: place.state, country: place.country });
    if (found !== undefined) return { ...found, coordinatePrecision: "city" as const };
  }
  return { latitude: null, longitude: null, coordinatePrecision: null };
}

/** One GPU Clusters record as a site (`recordName` is its Name, made unique by the import). */
export function siteFromGpuCluster(
  row: CsvRow,
  recordName: string,
  context: MappingContext,
): NeocloudSite {
  return withinBounds(gpuClusterSite(row, recordName, context));
}

function gpuClusterSite(row: CsvRow, recordName: string, context: MappingContext): NeocloudSite {
  const importDay = context.retrievedAt.slice(0, 10);
  const primaryType = text(row, "Chip type (primary)");
  const secondaryType = text(row, "Chip type (secondary)");
  const primaryQty = numberCell(row, "Chip quantity (primary)");
  const secondaryQty = numberCell(row, "Chip quantity (secondary)");
  const totalChips = numberCell(row, "Total number of AI chips");
  const h100Equivalents = numberCell(row, "H100 equivalents");
  const power = numberCell(row, "Power Capacity (MW)");
  const chips: SiteChip[] = [];
  if (primaryType !== null) chips.push(chipOf(primaryType, primaryQty));
  if (secondaryType !== null) chips.push(chipOf(secondaryType, secondaryQty));
  const split = chips.reduce((sum, chip) => sum + (chip.quantity ?? 0), 0);
  const quantity = chips.some((chip) => chip.quantity !== null) ? split : totalChips;
  const certainty = text(row, "Certainty");
  const confirmed = certainty?.toLowerCase() === "confirmed";
  const owners = companyList(text(row, "Owner"));
  const users = companyList(text(row, "Users"));
  const operator = operatorReading(owners.names, users.names);
  const location = text(row, "Location");
  const country = text(row, "Country");
  const place =
    location === null ? { city: null, state: null, country } : placeOf(location, country);
  const where = placed(place, location === null ? undefined : dmsPairIn(location), context.geocode);
  const status = gpuClusterStatus(row, importDay);
  const firstOperational = dateCell(text(row, "First Operational Date"));
  const info = NEOCLOUD_DATASET_INFO["gpu-clusters"];
  return {
    id: siteId("gpu-clusters", recordName),
    dataset: "gpu-clusters",
    company: operator.company,
    siteName: text(row, "Name") ?? recordName,
    streetAddress: location !== null && where.coordinatePrecision !== "site" ? location : null,
    city: place.city,
    state: place.state,
    country: place.country,
    latitude: where.latitude,
    longitude: where.longitude,
    coordinatePrecision: where.coordinatePrecision,
    dcTier: null,
    ownershipModel: operator.ownershipModel,
    coloPartner: operator.coloPartner,
    gpuTypes: chips.map((chip) => chip.type),
    chips,
    gpuQtyKnown: confirmed ? quantity : null,
    gpuQtyEst: confirmed ? null : quantity,
    h100Equivalents,
    chipGeneration: generationsOf(chips),
    powerCapacity: power,
    category: operator.category,
    isNeocloud: operator.isNeocloud,
    status,
    leaseTerm: null,
    keyCustomer: users.names.length > 0 ? users.names.join(", ") : null,
    contractAnnounced: null,
    gpuOrderDate: null,
    constructionStart: null,
    phase1LiveDate: firstOperational,
    fullCapacityTarget: null,
    sourceNotes: text(row, "Note"),
    sample: false,
    provenance: {
      dataset: "gpu-clusters",
      source: info.source,
      recordName,
      sourceUrls: context.sourceUrls,
      retrievedAt: context.retrievedAt,
      licence: { ...EPOCH_LICENCE },
      citation: info.citation,
      sourceLinks: ["Source 1", "Source 2", "Source 3", "Source 4", "Source 5"].flatMap(
        (column) => {
          const link = text(row, column);
          return link === null ? [] : [link];
        },
      ),
      confidence: { ...owners.confidence, ...users.confidence },
      certainty,
    },
  };
}

// --- Frontier Data Centers ---

export type TimelineRow = {
  date: string;
  constructionStatus: string | null;
  /** MW; null when the cell is empty. */
  power: number | null;
  h100Equivalents: number | null;
};

/** A timeline record read and checked (its date a real YYYY-MM-DD). */
export function timelineRowOf(row: CsvRow): { handle: string; entry: TimelineRow } {
  const handle = text(row, "Data center");
  if (handle === null) throw new SiteRecordError("'Data center' is empty");
  const date = (row.Date ?? "").trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    throw new SiteRecordError(`'Date' is not a YYYY-MM-DD date: '${date.slice(0, 20)}'`);
  return {
    handle,
    entry: {
      date,
      constructionStatus: text(row, "Construction status"),
      power: numberCell(row, "Power (MW)"),
      h100Equivalents: numberCell(row, "H100 equivalents"),
    },
  };
}

/**
 * A hub site's status and dates from its timeline as of the import day (later rows are Epoch's
 * projections): operational once a row on or before the day has power > 0; under construction
 * when rows on or before the day exist (land clearing, buildings going up) but none has power;
 * planned when every row is projected. `constructionStart` is the first row's date,
 * `phase1LiveDate` the first row with power > 0 (projected or not), `fullCapacityTarget` the last
 * row's date when it is projected.
 */
export function timelineReading(timeline: readonly TimelineRow[], importDay: string) {
  const rows = [...timeline].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const past = rows.filter((row) => row.date <= importDay);
  const last = rows.at(-1);
  const status: SiteStatus | null =
    rows.length === 0
      ? null
      : past.some((row) => (row.power ?? 0) > 0)
        ? "operational"
        : past.length > 0
          ? "under_construction"
          : "planned";
  return {
    status,
    constructionStart: rows[0]?.date ?? null,
    phase1LiveDate: rows.find((row) => (row.power ?? 0) > 0)?.date ?? null,
    fullCapacityTarget: last !== undefined && last.date > importDay ? last.date : null,
    latestStatusText: past.at(-1)?.constructionStatus ?? null,
  };
}

const MARKDOWN_LINK = /\((https?:\/\/[^\s)]+)\)/g;

/** One Frontier Data Centers record, with its timeline, as a site. */
export function siteFromDataCenter(
  row: CsvRow,
  timeline: readonly TimelineRow[],
  context: MappingContext,
): NeocloudSite {
  return withinBounds(dataCenterSite(row, timeline, context));
}

function dataCenterSite(
  row: CsvRow,
  timeline: readonly TimelineRow[],
  context: MappingContext,
): NeocloudSite {
  const handle = text(row, "Handle");
  if (handle === null) throw new SiteRecordError("'Handle' is empty");
  const importDay = context.retrievedAt.slice(0, 10);
  const latitudeText = text(row, "Latitude");
  const longitudeText = text(row, "Longitude");
  const latitude = latitudeText === null ? undefined : parseDmsCoordinate(latitudeText, "lat");
  const longitude = longitudeText === null ? undefined : parseDmsCoordinate(longitudeText, "lon");
  if (latitudeText !== null && latitude === undefined)
    throw new SiteRecordError(`'Latitude' is not a DMS latitude: '${latitudeText.slice(0, 30)}'`);
  if (longitudeText !== null && longitude === undefined)
    throw new SiteRecordError(
      `'Longitude' is not a DMS longitude: '${longitudeText.slice(0, 30)}'`,
    );
  const owners = companyList(text(row, "Owner"));
  const users = companyList(text(row, "Users"));
  const operator = operatorReading(owners.names, users.names);
  const address = text(row, "Address");
  const fromAddress = address === null ? null : placeOf(address, null);
  // Epoch's handles end with the state ("Crusoe Goodnight Texas"): the state when the address has none.
  const handleState = Object.entries(US_STATES).find(([, name]) =>
    handle.endsWith(` ${name}`),
  )?.[0];
  const place = {
    city: fromAddress?.city ?? null,
    state: fromAddress?.state ?? handleState ?? null,
    country: fromAddress?.country ?? (handleState !== undefined ? UNITED_STATES : null),
  };
  const coordinates =
    latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined;
  const where = placed(place, coordinates, context.geocode);
  const reading = timelineReading(timeline, importDay);
  const info = NEOCLOUD_DATASET_INFO["data-centers"];
  const links = [
    ...new Set(
      timeline.flatMap((entry) =>
        [...(entry.constructionStatus ?? "").matchAll(MARKDOWN_LINK)].map(
          (match) => match[1] ?? "",
        ),
      ),
    ),
  ].filter((link) => link !== "");
  return {
    id: siteId("data-centers", handle),
    dataset: "data-centers",
    company: operator.company,
    siteName: text(row, "Title") ?? handle,
    streetAddress: address,
    city: place.city,
    state: place.state,
    country: place.country,
    latitude: where.latitude,
    longitude: where.longitude,
    coordinatePrecision: where.coordinatePrecision,
    dcTier: null,
    ownershipModel: operator.ownershipModel,
    coloPartner: operator.coloPartner,
    gpuTypes: [],
    chips: [],
    gpuQtyKnown: null,
    gpuQtyEst: null,
    h100Equivalents: numberCell(row, "Current H100 equivalents"),
    chipGeneration: null,
    powerCapacity: numberCell(row, "Current power (MW)"),
    category: operator.category,
    isNeocloud: operator.isNeocloud,
    status: reading.status,
    leaseTerm: null,
    keyCustomer: users.names.length > 0 ? users.names.join(", ") : null,
    contractAnnounced: null,
    gpuOrderDate: null,
    constructionStart: reading.constructionStart,
    phase1LiveDate: reading.phase1LiveDate,
    fullCapacityTarget: reading.fullCapacityTarget,
    sourceNotes: reading.latestStatusText,
    sample: false,
    provenance: {
      dataset: "data-centers",
      source: info.source,
      recordName: handle,
      sourceUrls: context.sourceUrls,
      retrievedAt: context.retrievedAt,
      licence: { ...EPOCH_LICENCE },
      citation: info.citation,
      sourceLinks: links,
      confidence: { ...owners.confidence, ...users.confidence },
      certainty: null,
    },
  };
}

/**
 * The text a site's content hash is taken of: every field but the retrieval time, keys in a fixed
 * order, so an unchanged record is recognised whenever it is read again.
 */
export function siteContentText(site: NeocloudSite): string {
  const { provenance, ...fields } = site;
  const { retrievedAt: _retrievedAt, ...stable } = provenance;
  return canonicalJson({ ...fields, provenance: stable });
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map(
        (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      )
      .join(",")}}`;
  return JSON.stringify(value);
}
