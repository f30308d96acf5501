/**
 * The curated tables of the Neo-Cloud Sites market, one source of truth each, served in the
 * methodology: chip families and their generations, operators and their categories, countries
 * (Epoch's names with ISO 3166 codes) and the US states.
 */

// --- chips ---

/** A chip family as sites and aggregates name it, and its architecture generation. */
export type ChipFamily = { family: string; generation: string; patterns: readonly RegExp[] };

/**
 * Epoch's chip type names ("NVIDIA H100 SXM5 80GB", "Google TPU v5p", "AMD Instinct MI300X")
 * matched to a family, first match wins (so GB200 is tested before B200, H200 before H20).
 * A chip no pattern matches keeps Epoch's name in `gpuTypes` and counts as `Other` in
 * aggregates; its generation is null.
 */
export const CHIP_FAMILIES: readonly ChipFamily[] = [
  { family: "GB300", generation: "Blackwell Ultra", patterns: [/\bGB300\b/i] },
  { family: "B300", generation: "Blackwell Ultra", patterns: [/\bB300\b/i] },
  { family: "GB200", generation: "Blackwell", patterns: [/\bGB200\b/i] },
  { family: "B200", generation: "Blackwell", patterns: [/\bB200\b/i] },
  { family: "B100", generation: "Blackwell", patterns: [/\bB100\b/i] },
  { family: "VR200", generation: "Rubin", patterns: [/\bVR200\b/i, /\bRubin\b/i] },
  { family: "GH200", generation: "Hopper", patterns: [/\bGH200\b/i] },
  { family: "H200", generation: "Hopper", patterns: [/\bH200\b/i] },
  { family: "H100", generation: "Hopper", patterns: [/\bH100\b/i] },
  { family: "H800", generation: "Hopper", patterns: [/\bH800\b/i] },
  { family: "H20", generation: "Hopper", patterns: [/\bH20\b/i] },
  { family: "A100", generation: "Ampere", patterns: [/\bA100\b/i] },
  { family: "A800", generation: "Ampere", patterns: [/\bA800\b/i] },
  { family: "A40", generation: "Ampere", patterns: [/\bA40\b/i] },
  { family: "L40", generation: "Ada Lovelace", patterns: [/\bL40S?\b/i] },
  { family: "V100", generation: "Volta", patterns: [/\bV100\b/i] },
  { family: "P100", generation: "Pascal", patterns: [/\bP100\b/i] },
  { family: "MI355X", generation: "CDNA 4", patterns: [/\bMI355X?\b/i] },
  { family: "MI325X", generation: "CDNA 3", patterns: [/\bMI325X?\b/i] },
  { family: "MI300X", generation: "CDNA 3", patterns: [/\bMI300X\b/i] },
  { family: "MI300A", generation: "CDNA 3", patterns: [/\bMI300A\b/i] },
  { family: "MI250X", generation: "CDNA 2", patterns: [/\bMI250X?\b/i] },
  { family: "MI210", generation: "CDNA 2", patterns: [/\bMI210\b/i] },
  { family: "TPU v7", generation: "TPU v7", patterns: [/\bTPU ?v7\b/i, /\bIronwood\b/i] },
  { family: "TPU v6e", generation: "TPU v6", patterns: [/\bTPU ?v6e?\b/i, /\bTrillium\b/i] },
  { family: "TPU v5p", generation: "TPU v5", patterns: [/\bTPU ?v5p\b/i] },
  { family: "TPU v5e", generation: "TPU v5", patterns: [/\bTPU ?v5e\b/i] },
  { family: "TPU v4", generation: "TPU v4", patterns: [/\bTPU ?v4\b/i] },
  { family: "TPU v3", generation: "TPU v3", patterns: [/\bTPU ?v3\b/i] },
  { family: "Trainium2", generation: "Trainium2", patterns: [/\bTrainium ?2\b/i] },
  { family: "Trainium", generation: "Trainium", patterns: [/\bTrainium1?\b/i] },
  { family: "Gaudi 3", generation: "Gaudi 3", patterns: [/\bGaudi ?3\b/i] },
  { family: "Gaudi 2", generation: "Gaudi 2", patterns: [/\bGaudi ?2\b/i] },
  { family: "Ascend 910", generation: "Ascend 910", patterns: [/\bAscend ?910/i] },
];

/** The aggregate bucket of a chip no family matches, and of a site without a chip type. */
export const OTHER_CHIP_BUCKET = "Other";

export function chipFamilyOf(chipType: string): ChipFamily | undefined {
  return CHIP_FAMILIES.find((family) => family.patterns.some((pattern) => pattern.test(chipType)));
}

// --- operators ---

export const OPERATOR_CATEGORIES = [
  "neocloud",
  "hyperscaler",
  "ai-lab",
  "dc-developer",
  "public-sector",
  "other-private",
  "unknown",
] as const;
export type OperatorCategory = (typeof OPERATOR_CATEGORIES)[number];

export const OPERATOR_CATEGORY_MEANINGS: Readonly<Record<OperatorCategory, string>> = {
  neocloud:
    "A company whose main business is renting GPU capacity to others, and not a hyperscaler.",
  hyperscaler:
    "A large general-purpose cloud or platform company building its own capacity (Amazon, Microsoft, Google, Oracle, Meta, Alibaba…).",
  "ai-lab": "A company that trains its own frontier models on capacity it owns (xAI, OpenAI…).",
  "dc-developer":
    "A data-center developer or landlord that builds and leases capacity (powered shells, colocation) to tenants.",
  "public-sector":
    "A government, national laboratory, university or public research centre (curated, or a name with University, Ministry, Government, National Laboratory, Supercomputing Center…).",
  "other-private":
    "Any other named operator: not in the curated list, and its name does not say a public body.",
  unknown: "The source names no operator.",
};

export type CuratedOperator = {
  name: string;
  category: Exclude<OperatorCategory, "other-private" | "unknown">;
  /** Lower-case spellings Epoch uses (matched whole, or followed by more words). */
  aliases: readonly string[];
  note?: string;
};

/**
 * The curated operator list. Neo-clouds are checked against what each company sells: GPU cloud
 * capacity rented by the hour or on contract as the main business.
 */
export const CURATED_OPERATORS: readonly CuratedOperator[] = [
  { name: "CoreWeave", category: "neocloud", aliases: ["coreweave"] },
  {
    name: "Crusoe",
    category: "neocloud",
    aliases: ["crusoe", "crusoe energy", "crusoe cloud"],
    note: "Also develops sites (Abilene) for others; counted as a neo-cloud because Crusoe Cloud rents GPUs.",
  },
  { name: "Lambda", category: "neocloud", aliases: ["lambda", "lambda labs"] },
  { name: "Nebius", category: "neocloud", aliases: ["nebius", "nebius ai", "nebius group"] },
  { name: "Together AI", category: "neocloud", aliases: ["together", "together ai"] },
  { name: "Fluidstack", category: "neocloud", aliases: ["fluidstack"] },
  { name: "Voltage Park", category: "neocloud", aliases: ["voltage park"] },
  { name: "Vultr", category: "neocloud", aliases: ["vultr"] },
  { name: "Nscale", category: "neocloud", aliases: ["nscale"] },
  { name: "TensorWave", category: "neocloud", aliases: ["tensorwave"] },
  {
    name: "Firmus",
    category: "neocloud",
    aliases: ["firmus", "sustainable metal cloud", "smc - sustainable metal cloud"],
  },
  {
    name: "IREN",
    category: "neocloud",
    aliases: ["iren", "iris energy"],
    note: "A former bitcoin miner whose AI cloud rents GPUs.",
  },
  { name: "Sesterce", category: "neocloud", aliases: ["sesterce"] },
  {
    name: "Yotta Data Services",
    category: "neocloud",
    aliases: ["yotta", "yotta data services"],
    note: "Shakti Cloud rents GPUs.",
  },
  {
    name: "Northern Data (Taiga Cloud)",
    category: "neocloud",
    aliases: ["northern data", "taiga cloud"],
  },
  { name: "Genesis Cloud", category: "neocloud", aliases: ["genesis cloud"] },
  { name: "Denvr Dataworks", category: "neocloud", aliases: ["denvr", "denvr dataworks"] },
  { name: "Cirrascale", category: "neocloud", aliases: ["cirrascale"] },
  { name: "Hyperbolic", category: "neocloud", aliases: ["hyperbolic"] },
  {
    name: "NexGen Cloud",
    category: "neocloud",
    aliases: ["nexgen cloud"],
    note: "Hyperstack rents GPUs.",
  },
  { name: "NeevCloud", category: "neocloud", aliases: ["neevcloud"] },
  { name: "Amazon", category: "hyperscaler", aliases: ["amazon", "aws", "amazon web services"] },
  { name: "Microsoft", category: "hyperscaler", aliases: ["microsoft", "microsoft azure"] },
  { name: "Google", category: "hyperscaler", aliases: ["google", "google cloud", "alphabet"] },
  { name: "Oracle", category: "hyperscaler", aliases: ["oracle", "oracle cloud"] },
  { name: "Meta", category: "hyperscaler", aliases: ["meta", "meta ai", "facebook"] },
  { name: "Alibaba", category: "hyperscaler", aliases: ["alibaba", "alibaba cloud"] },
  { name: "Tencent", category: "hyperscaler", aliases: ["tencent"] },
  { name: "ByteDance", category: "hyperscaler", aliases: ["bytedance"] },
  { name: "Baidu", category: "hyperscaler", aliases: ["baidu"] },
  { name: "Google DeepMind", category: "ai-lab", aliases: ["google deepmind", "deepmind"] },
  { name: "xAI", category: "ai-lab", aliases: ["xai"] },
  { name: "OpenAI", category: "ai-lab", aliases: ["openai", "stargate (openai)"] },
  { name: "Anthropic", category: "ai-lab", aliases: ["anthropic"] },
  { name: "Mistral", category: "ai-lab", aliases: ["mistral", "mistral ai"] },
  { name: "Tesla", category: "ai-lab", aliases: ["tesla"] },
  { name: "Inflection AI", category: "ai-lab", aliases: ["inflection ai", "inflection"] },
  { name: "Stability AI", category: "ai-lab", aliases: ["stability ai"] },
  { name: "MosaicML", category: "ai-lab", aliases: ["mosaicml"] },
  { name: "Applied Digital", category: "dc-developer", aliases: ["applied digital"] },
  { name: "Galaxy Digital", category: "dc-developer", aliases: ["galaxy", "galaxy digital"] },
  { name: "Core Scientific", category: "dc-developer", aliases: ["core scientific"] },
  { name: "Cipher Mining", category: "dc-developer", aliases: ["cipher mining"] },
  { name: "TeraWulf", category: "dc-developer", aliases: ["terawulf"] },
  { name: "Hut 8", category: "dc-developer", aliases: ["hut 8"] },
  { name: "QTS", category: "dc-developer", aliases: ["qts"] },
  { name: "Digital Realty", category: "dc-developer", aliases: ["digital realty"] },
  { name: "Equinix", category: "dc-developer", aliases: ["equinix"] },
  {
    name: "Aligned Data Centers",
    category: "dc-developer",
    aliases: ["aligned", "aligned data centers"],
  },
  {
    name: "Vantage Data Centers",
    category: "dc-developer",
    aliases: ["vantage", "vantage data centers"],
  },
  { name: "Related Digital", category: "dc-developer", aliases: ["related digital"] },
  { name: "Lancium", category: "dc-developer", aliases: ["lancium"] },
  { name: "DataVolt", category: "dc-developer", aliases: ["datavolt"] },
  { name: "Scala Data Centers", category: "dc-developer", aliases: ["scala data centers"] },
  {
    name: "US Department of Energy",
    category: "public-sector",
    aliases: ["us department of energy", "department of energy", "doe"],
  },
  { name: "EuroHPC JU", category: "public-sector", aliases: ["eurohpc ju", "eurohpc"] },
  {
    name: "Barcelona Supercomputing Center",
    category: "public-sector",
    aliases: ["barcelona supercomputing center"],
  },
];

/** A company name as the matching compares it: lower case, punctuation and spaces collapsed. */
export function normaliseOperatorName(name: string): string {
  return name.toLowerCase().replace(/[.,]/g, "").replace(/\s+/g, " ").trim();
}

const ALIASES_LONGEST_FIRST = CURATED_OPERATORS.flatMap((operator) =>
  operator.aliases.map((alias) => ({ alias, operator })),
).sort((a, b) => b.alias.length - a.alias.length);

/** The curated operator a company name is (whole alias, or an alias followed by more words). */
export function curatedOperatorOf(name: string): CuratedOperator | undefined {
  const normalised = normaliseOperatorName(name);
  return ALIASES_LONGEST_FIRST.find(
    ({ alias }) => normalised === alias || normalised.startsWith(`${alias} `),
  )?.operator;
}

/**
 * Names that say a public body (universities, national laboratories, ministries, supercomputing
 * centres): public-sector when the curated list does not name the operator.
 */
export const PUBLIC_SECTOR_NAME =
  /\b(?:universit(?:y|ies|é|ät|at)|institute of technology|national (?:laborator(?:y|ies)|institute|supercomputing)|ministry|government|department of|supercomputing cent(?:er|re)|research council|commission|academy of sciences)\b/i;

export function operatorCategoryOf(name: string): OperatorCategory {
  const curated = curatedOperatorOf(name);
  if (curated !== undefined) return curated.category;
  return PUBLIC_SECTOR_NAME.test(name) ? "public-sector" : "other-private";
}

// --- countries ---

export type Country = { name: string; iso2: string; iso3: string; aliases?: readonly string[] };

/**
 * Countries as Epoch writes them (its GPU Clusters `Country` column), with ISO 3166 codes, so a
 * caller may ask `country=US`, `USA` or `United States of America`.
 */
export const COUNTRIES: readonly Country[] = [
  {
    name: "United States of America",
    iso2: "US",
    iso3: "USA",
    aliases: ["United States", "USA", "US"],
  },
  { name: "Canada", iso2: "CA", iso3: "CAN" },
  { name: "Mexico", iso2: "MX", iso3: "MEX" },
  { name: "Brazil", iso2: "BR", iso3: "BRA" },
  { name: "Chile", iso2: "CL", iso3: "CHL" },
  { name: "Argentina", iso2: "AR", iso3: "ARG" },
  {
    name: "United Kingdom of Great Britain and Northern Ireland",
    iso2: "GB",
    iso3: "GBR",
    aliases: ["United Kingdom", "UK", "Great Britain"],
  },
  { name: "Ireland", iso2: "IE", iso3: "IRL" },
  { name: "France", iso2: "FR", iso3: "FRA" },
  { name: "Germany", iso2: "DE", iso3: "DEU" },
  { name: "Netherlands", iso2: "NL", iso3: "NLD", aliases: ["The Netherlands"] },
  { name: "Belgium", iso2: "BE", iso3: "BEL" },
  { name: "Luxembourg", iso2: "LU", iso3: "LUX" },
  { name: "Switzerland", iso2: "CH", iso3: "CHE" },
  { name: "Austria", iso2: "AT", iso3: "AUT" },
  { name: "Italy", iso2: "IT", iso3: "ITA" },
  { name: "Spain", iso2: "ES", iso3: "ESP" },
  { name: "Portugal", iso2: "PT", iso3: "PRT" },
  { name: "Norway", iso2: "NO", iso3: "NOR" },
  { name: "Sweden", iso2: "SE", iso3: "SWE" },
  { name: "Finland", iso2: "FI", iso3: "FIN" },
  { name: "Denmark", iso2: "DK", iso3: "DNK" },
  { name: "Iceland", iso2: "IS", iso3: "ISL" },
  { name: "Poland", iso2: "PL", iso3: "POL" },
  { name: "Czechia", iso2: "CZ", iso3: "CZE", aliases: ["Czech Republic"] },
  { name: "Greece", iso2: "GR", iso3: "GRC" },
  { name: "Turkey", iso2: "TR", iso3: "TUR", aliases: ["Türkiye"] },
  { name: "Russia", iso2: "RU", iso3: "RUS", aliases: ["Russian Federation"] },
  { name: "Israel", iso2: "IL", iso3: "ISR" },
  { name: "Saudi Arabia", iso2: "SA", iso3: "SAU" },
  { name: "United Arab Emirates", iso2: "AE", iso3: "ARE", aliases: ["UAE"] },
  { name: "Qatar", iso2: "QA", iso3: "QAT" },
  { name: "Kuwait", iso2: "KW", iso3: "KWT" },
  { name: "India", iso2: "IN", iso3: "IND" },
  { name: "China", iso2: "CN", iso3: "CHN" },
  { name: "Hong Kong", iso2: "HK", iso3: "HKG" },
  { name: "Taiwan", iso2: "TW", iso3: "TWN" },
  { name: "Japan", iso2: "JP", iso3: "JPN" },
  {
    name: "Korea (Republic of)",
    iso2: "KR",
    iso3: "KOR",
    aliases: ["South Korea", "Republic of Korea", "Korea"],
  },
  { name: "Singapore", iso2: "SG", iso3: "SGP" },
  { name: "Malaysia", iso2: "MY", iso3: "MYS" },
  { name: "Thailand", iso2: "TH", iso3: "THA" },
  { name: "Vietnam", iso2: "VN", iso3: "VNM", aliases: ["Viet Nam"] },
  { name: "Indonesia", iso2: "ID", iso3: "IDN" },
  { name: "Australia", iso2: "AU", iso3: "AUS" },
  { name: "New Zealand", iso2: "NZ", iso3: "NZL" },
  { name: "South Africa", iso2: "ZA", iso3: "ZAF" },
  { name: "Kenya", iso2: "KE", iso3: "KEN" },
  { name: "Morocco", iso2: "MA", iso3: "MAR" },
  { name: "Egypt", iso2: "EG", iso3: "EGY" },
];

/** The country a name, alias or ISO code names (case-insensitive). */
export function countryOf(text: string): Country | undefined {
  const wanted = text.trim().toLowerCase();
  if (wanted === "") return undefined;
  return COUNTRIES.find(
    (country) =>
      country.name.toLowerCase() === wanted ||
      country.iso2.toLowerCase() === wanted ||
      country.iso3.toLowerCase() === wanted ||
      (country.aliases ?? []).some((alias) => alias.toLowerCase() === wanted),
  );
}

export const UNITED_STATES = "United States of America";

// --- US states ---

export const US_STATES: Readonly<Record<string, string>> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
};

/** The two-letter code of a US state given by code or name (case-insensitive). */
export function usStateCodeOf(text: string): string | undefined {
  const wanted = text.trim().toLowerCase();
  for (const [code, name] of Object.entries(US_STATES))
    if (code.toLowerCase() === wanted || name.toLowerCase() === wanted) return code;
  return undefined;
}
