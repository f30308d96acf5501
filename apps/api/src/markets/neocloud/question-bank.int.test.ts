import { questionBank, type Rest } from "../../contract/question-bank";

/**
 * The Neo-Cloud Sites questions of the chat's question bank (harness:
 * `contract/question-bank.ts`), each answer computed from `GET /api/neocloud/sites` and
 * `/sites/aggregate`: sites with a chip family (sites, not the chip's rental price), near a place
 * within a radius, of an operator, in a country, of a status, the total power of a country, the
 * chips in the sites of a state, a place the data does not have, and the data's provenance.
 */

type Chip = { type: string; bucket: string; quantity: number | null };
type Site = {
  id: string;
  siteName: string;
  company: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  chips: Chip[];
  powerCapacity: number | null;
  status: string | null;
  distanceKm?: number;
  gpuQtyKnown: number | null;
  gpuQtyEst: number | null;
};
type Sites = { data: Site[] };
type Bucket = {
  key: string;
  site_count: number;
  total_power_mw: number;
  total_gpu_qty: number;
  sites_without_power: number;
  sites_without_gpu_qty: number;
};

const SAMPLE_LINE =
  "These are the generated SAMPLE sites (no Epoch AI import yet), not market data.";
const thousands = (value: number) => value.toLocaleString("en-US");
const megawatts = (value: number) =>
  `${value.toLocaleString("en-US", { maximumFractionDigits: 1 })} MW`;

async function sites(rest: Rest, query: string): Promise<Site[]> {
  return (await rest.get<Sites>(`/api/neocloud/sites?limit=1000&${query}`)).body.data;
}

/** A site's line as the chat lists it. */
function line(site: Site): string {
  const place =
    [site.city, site.state, site.country].filter((part) => part !== null).join(", ") ||
    "place unknown";
  const chips = site.chips
    .map((chip) => `${chip.quantity === null ? "" : `${thousands(chip.quantity)} `}${chip.type}`)
    .join(" + ");
  const distance = site.distanceKm === undefined ? "" : `, ${site.distanceKm.toFixed(1)} km away`;
  return `- ${site.siteName} (${site.company ?? "operator unknown"}, ${place}): ${chips || "chips not given"}, ${site.powerCapacity === null ? "power not given" : megawatts(site.powerCapacity)}, ${site.status?.replace("_", " ") ?? "status unknown"}${distance}`;
}

/** The listing answer: how many sites (and their power), then each one. */
function listing(what: string, found: readonly Site[]): string {
  const power = found.reduce((sum, site) => sum + (site.powerCapacity ?? 0), 0);
  const noun = found.length === 1 ? what.replace(/sites/, "site") : what;
  return [
    SAMPLE_LINE,
    found.length === 0
      ? `No ${what} in the Neo-Cloud Sites data.`
      : `${thousands(found.length)} ${noun} (${megawatts(power)} of stated power):`,
    ...found.map(line),
  ].join("\n");
}

/** The sites within `radiusKm` of a city of the data, placed at its sites' mean position. */
async function near(rest: Rest, city: string, radiusKm: number): Promise<string> {
  const inCity = (await sites(rest, "scope=all")).filter((site) => site.city === city);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const lat = mean(inCity.map((site) => site.latitude ?? 0)).toFixed(4);
  const lon = mean(inCity.map((site) => site.longitude ?? 0)).toFixed(4);
  const found = await sites(
    rest,
    `scope=all&lat=${lat}&lon=${lon}&radiusKm=${radiusKm.toFixed(4)}`,
  );
  return listing(`sites within ${radiusKm} km of ${city} (${lat}, ${lon})`, found);
}

/** The total power of one country's bucket of the aggregate. */
async function power(rest: Rest, scope: string, country: string): Promise<string> {
  const { body } = await rest.get<{ data: Bucket[] }>(
    `/api/neocloud/sites/aggregate?by=country&scope=${scope}`,
  );
  const noun = scope === "all" ? "sites" : "neo-cloud sites";
  const bucket = body.data.find((entry) => entry.key === country);
  if (bucket === undefined) throw new Error(`no ${country} bucket`);
  return [
    SAMPLE_LINE,
    `Total stated power of the ${noun} in ${country}:`,
    `${country}: ${megawatts(bucket.total_power_mw)} in ${thousands(bucket.site_count)} ${noun}${bucket.sites_without_power > 0 ? ` (${bucket.sites_without_power} without a stated power, counted as 0)` : ""}.`,
  ].join("\n");
}

/** The operators of the sites `query` selects, by summed stated power, as the chat ranks them. */
async function operators(rest: Rest, query: string, what: string): Promise<string> {
  // Summed from the sites per operator (the route has no operator aggregate).
  const sums = new Map<string, { power: number; chips: number; sites: number }>();
  for (const site of await sites(rest, query)) {
    const name = site.company ?? "operator unknown";
    const sum = sums.get(name) ?? { power: 0, chips: 0, sites: 0 };
    sum.power += site.powerCapacity ?? 0;
    // Known and estimated chips together, as the aggregate counts a site's.
    sum.chips += (site.gpuQtyKnown ?? 0) + (site.gpuQtyEst ?? 0);
    sum.sites += 1;
    sums.set(name, sum);
  }
  const ranked = [...sums.entries()].sort(([, a], [, b]) => b.power - a.power || b.sites - a.sites);
  const text = (sum: { power: number; chips: number; sites: number }) =>
    `${megawatts(sum.power)} of stated power, ${thousands(sum.chips)} chips, ${thousands(sum.sites)} site(s)`;
  const [top] = ranked;
  if (top === undefined) throw new Error(`no operators of ${what}`);
  return [
    SAMPLE_LINE,
    `${top[0]} has the most stated power of the operators of the ${what}: ${text(top[1])}.`,
    ...ranked.map(([name, sum]) => `- ${name}: ${text(sum)}`),
    "Power and chips are as the sites state them (a site without one counts 0).",
  ].join("\n");
}

questionBank("neocloud", 18, [
  {
    question: "Which neo-cloud sites have H100 GPUs?",
    intent: "neocloud_sites",
    // The sites, never the H100's rental price.
    answer: async (rest) =>
      listing(
        "neo-cloud sites with H100 chips",
        (await sites(rest, "scope=neocloud")).filter((site) =>
          site.chips.some((chip) => chip.bucket === "H100"),
        ),
      ),
  },
  {
    question: "Which sites are within 300 km of Dallas?",
    intent: "neocloud_sites",
    answer: (rest) => near(rest, "Dallas", 300),
  },
  {
    question: "Sites near Abilene",
    intent: "neocloud_sites",
    answer: (rest) => near(rest, "Abilene", 100),
  },
  {
    question: "Which sites does Sample Neocloud B operate?",
    intent: "neocloud_sites",
    answer: async (rest) =>
      listing(
        "sites of Sample Neocloud B",
        (await sites(rest, "scope=all")).filter((site) => site.company === "Sample Neocloud B"),
      ),
  },
  {
    question: "Neo-cloud sites in France",
    intent: "neocloud_sites",
    answer: async (rest) =>
      listing("neo-cloud sites in France", await sites(rest, "scope=neocloud&country=FR")),
  },
  {
    question: "Compare the number of sites in Texas and Ohio",
    intent: "neocloud_sites",
    async answer(rest) {
      // Each state asked, in the order asked, the sample line once: never only the first state.
      const texas = listing("sites in Texas", await sites(rest, "scope=all&state=TX"));
      const ohio = listing("sites in Ohio", await sites(rest, "scope=all&state=OH"));
      return [texas, ohio.replace(`${SAMPLE_LINE}\n`, "")].join("\n");
    },
  },
  {
    question: "Which sites are in West Virginia?",
    intent: "neocloud_sites",
    answer: async (rest) =>
      // West Virginia only: "Virginia" inside its name is not a second state.
      listing("sites in West Virginia", await sites(rest, "scope=all&state=WV")),
  },
  {
    question: "Sites in West Virginia and Virginia",
    intent: "neocloud_sites",
    async answer(rest) {
      // Both states, in the order asked, though "Virginia" is first found inside "West Virginia".
      const west = listing("sites in West Virginia", await sites(rest, "scope=all&state=WV"));
      const virginia = listing("sites in Virginia", await sites(rest, "scope=all&state=VA"));
      return [west, virginia.replace(`${SAMPLE_LINE}\n`, "")].join("\n");
    },
  },
  {
    question: "Which neo-cloud sites are operational?",
    intent: "neocloud_sites",
    answer: async (rest) =>
      listing(
        "neo-cloud sites that are operational",
        await sites(rest, "scope=neocloud&status=operational"),
      ),
  },
  {
    question: "What is the total power of sites in the United States?",
    intent: "neocloud_power",
    answer: (rest) => power(rest, "all", "United States of America"),
  },
  {
    question: "What is the total power of neo-cloud sites in Iceland?",
    intent: "neocloud_power",
    answer: (rest) => power(rest, "neocloud", "Iceland"),
  },
  {
    question: "What is the largest data center?",
    intent: "neocloud_sites",
    async answer(rest) {
      // Every site, the largest stated power first (a site without one last), the first named.
      const all = await sites(rest, "scope=all");
      const ordered = [...all].sort((a, b) => (b.powerCapacity ?? -1) - (a.powerCapacity ?? -1));
      const [top] = ordered;
      if (top === undefined) throw new Error("no sites");
      const power = all.reduce((sum, site) => sum + (site.powerCapacity ?? 0), 0);
      return [
        SAMPLE_LINE,
        `The largest of the sites by stated power: ${top.siteName} (${top.company ?? "operator unknown"}), ${top.powerCapacity === null ? "power not given" : megawatts(top.powerCapacity)}.`,
        `${thousands(all.length)} sites (${megawatts(power)} of stated power), the largest first by stated power:`,
        ...ordered.map(line),
      ].join("\n");
    },
  },
  {
    question: "Which neo-cloud operator has the most power?",
    intent: "neocloud_operators",
    answer: (rest) => operators(rest, "scope=neocloud", "neo-cloud sites"),
  },
  {
    // The operators of the country's sites only, never the world's.
    question: "Which neo-cloud operator has the most power in the United States?",
    intent: "neocloud_operators",
    answer: (rest) =>
      operators(rest, "scope=neocloud&country=US", "neo-cloud sites in United States of America"),
  },
  {
    question: "Which GPU type is most common across neo-cloud sites?",
    intent: "neocloud_chip_families",
    async answer(rest) {
      const { body } = await rest.get<{ sites: number; data: Bucket[] }>(
        "/api/neocloud/sites/aggregate?by=gpu_type&scope=neocloud",
      );
      // The families with the most chips first; the lead names the top by chips and by sites.
      const byChips = [...body.data].sort(
        (a, b) => b.total_gpu_qty - a.total_gpu_qty || b.site_count - a.site_count,
      );
      const [mostChips] = byChips;
      const [mostSites] = [...body.data].sort((a, b) => b.site_count - a.site_count);
      if (mostChips === undefined || mostSites === undefined) throw new Error("no chip families");
      const lead =
        mostChips.key === mostSites.key
          ? `The most common chip family in the neo-cloud sites is ${mostChips.key}: ${thousands(mostChips.total_gpu_qty)} chips in ${thousands(mostChips.site_count)} of ${thousands(body.sites)} sites.`
          : `By chips, the most common chip family in the neo-cloud sites is ${mostChips.key} (${thousands(mostChips.total_gpu_qty)} chips); by sites, ${mostSites.key} (in ${thousands(mostSites.site_count)} of ${thousands(body.sites)} sites).`;
      return [
        SAMPLE_LINE,
        lead,
        "A site with two chip families counts in each; Other holds chips no family matches and sites without a chip type.",
        ...byChips.map(
          (bucket) =>
            `${bucket.key}: ${thousands(bucket.total_gpu_qty)} chips (known and estimated) in ${thousands(bucket.site_count)} site(s), ${megawatts(bucket.total_power_mw)} of stated power${bucket.sites_without_gpu_qty > 0 ? ` (${thousands(bucket.sites_without_gpu_qty)} site(s) without a chip count, counted as 0)` : ""}.`,
        ),
      ].join("\n");
    },
  },
  {
    question: "How many H100s are in sites in Texas?",
    intent: "neocloud_chips_in_sites",
    async answer(rest) {
      const found = (await sites(rest, "scope=all&state=TX")).filter((site) =>
        site.chips.some((chip) => chip.bucket === "H100"),
      );
      const quantity = (site: Site) =>
        site.chips
          .filter((chip) => chip.bucket === "H100")
          .reduce((sum, chip) => sum + (chip.quantity ?? 0), 0);
      const total = found.reduce((sum, site) => sum + quantity(site), 0);
      const known = found.reduce(
        (sum, site) => sum + (site.gpuQtyKnown === null ? 0 : quantity(site)),
        0,
      );
      return [
        SAMPLE_LINE,
        `${thousands(total)} H100 chips in ${found.length} site(s) in Texas (${thousands(known)} confirmed by Epoch AI, ${thousands(total - known)} estimated):`,
        ...found.map(
          (site) =>
            `- ${site.siteName} (${site.company}, ${site.city}, ${site.state}): ${thousands(quantity(site))} H100, gpu-clusters`,
        ),
        "Source: sample (GET /api/neocloud/sites).",
      ].join("\n");
    },
  },
  {
    question: "Sites near Houston",
    intent: "neocloud_sites",
    async answer(rest) {
      const cities = [
        ...new Set((await sites(rest, "scope=all")).flatMap((site) => site.city ?? [])),
      ].sort();
      return `Houston is not a city of the sites in the Neo-Cloud Sites data, so I cannot place it. Cities with sites: ${cities.join(", ")}.`;
    },
  },
  {
    question: "Is the neocloud data real?",
    intent: "provenance",
    answer: () =>
      Promise.resolve(
        "The Neo-Cloud Sites data (AI data-center sites from Epoch AI): the generated sample, not market data.",
      ),
  },
]);
