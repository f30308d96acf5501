/**
 * A synthetic year of every market as bulk datasets: the column shapes the markets publish (a
 * series, its day or hour, exact decimals, doubles, counts, flags, then the provenance columns)
 * with deterministic values, about 260,000 rows in all. For the bulk benchmarks only: the real
 * datasets are the markets' `bulkDatasets`.
 */
import {
  PROVENANCE_COLUMNS,
  addDays,
  type BulkColumn,
  type BulkColumnType,
  type BulkRow,
  type BulkValue,
} from "@tpi/domain";

export type SyntheticDataset = {
  name: string;
  columns: readonly BulkColumn[];
  rowCount: number;
  rows(): AsyncIterable<BulkRow>;
};

const YEAR_START = "2025-12-01";
const DAYS = 365;
const HOURS = DAYS * 24;

function column(name: string, type: BulkColumnType, nullable = false, scale?: number): BulkColumn {
  return { name, type, nullable, description: name, ...(scale === undefined ? {} : { scale }) };
}

/** A small deterministic generator (mulberry32): equal runs, equal rows. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CITATION =
  "Contains data from the sample generator of the Token Price Index; not market data. Cite as: Token Price Index (2026).";

function provenance(period: string, rand: () => number): Record<string, BulkValue> {
  const asOf = period.length === 10 ? `${period}T23:00:00.000Z` : period;
  return {
    source: rand() < 0.9 ? "sample" : "openrouter",
    asOf: rand() < 0.05 ? null : asOf,
    sample: true,
    basis: rand() < 0.8 ? "reported" : "trades",
    methodologyVersion: "2026-11",
    citation: rand() < 0.5 ? CITATION : null,
  };
}

const money = (value: number, scale: number) => value.toFixed(scale);

type Spec = {
  name: string;
  series: number;
  hourly: boolean;
  own: readonly BulkColumn[];
  values(rand: () => number, seriesIndex: number, periodIndex: number): Record<string, BulkValue>;
};

const SPECS: readonly Spec[] = [
  {
    name: "token-lab-index-daily",
    series: 11,
    hourly: false,
    own: [
      column("lab", "string"),
      column("day", "date"),
      column("indexUsdPerMtok", "decimal", false, 6),
      column("inputUsdPerMtok", "decimal", false, 6),
      column("outputUsdPerMtok", "decimal", false, 6),
      column("changePct", "double", true),
      column("models", "integer"),
      column("provisional", "boolean"),
    ],
    values: (rand, s, d) => ({
      lab: `lab-${s}`,
      indexUsdPerMtok: money(1 + s + rand() * 10, 6),
      inputUsdPerMtok: money(0.1 + rand() * 5, 6),
      outputUsdPerMtok: money(0.4 + rand() * 20, 6),
      changePct: d === 0 ? null : (rand() - 0.5) * 4,
      models: 5 + Math.floor(rand() * 40),
      provisional: d > DAYS - 3,
    }),
  },
  {
    name: "token-model-prices-daily",
    series: 300,
    hourly: false,
    own: [
      column("model", "string"),
      column("day", "date"),
      column("lab", "string"),
      column("inputUsdPerMtok", "decimal", false, 6),
      column("outputUsdPerMtok", "decimal", false, 6),
      column("cacheReadUsdPerMtok", "decimal", true, 6),
      column("tokenShare", "double"),
    ],
    values: (rand, s) => ({
      model: `lab-${s % 11}/model-${s}`,
      lab: `lab-${s % 11}`,
      inputUsdPerMtok: money(0.05 + (s % 50) * 0.3, 6),
      outputUsdPerMtok: money(0.2 + (s % 50) * 1.2 + rand() * 0.01, 6),
      cacheReadUsdPerMtok: s % 3 === 0 ? null : money(0.01 + (s % 50) * 0.03, 6),
      tokenShare: rand() / 300,
    }),
  },
  {
    name: "gpu-hourly-prints",
    series: 12,
    hourly: true,
    own: [
      column("gpu", "string"),
      column("hour", "timestamp"),
      column("usdPerGpuHour", "decimal", false, 4),
      column("low", "decimal", true, 4),
      column("high", "decimal", true, 4),
      column("trades", "integer"),
      column("gpuHours", "double"),
    ],
    values: (rand, s) => {
      const price = 1 + s * 0.5 + rand();
      const thin = rand() < 0.1;
      return {
        gpu: `GPU ${s}`,
        usdPerGpuHour: money(price, 4),
        low: thin ? null : money(price * 0.9, 4),
        high: thin ? null : money(price * 1.1, 4),
        trades: Math.floor(rand() * 200),
        gpuHours: rand() * 5000,
      };
    },
  },
  {
    name: "memory-daily-prices",
    series: 20,
    hourly: false,
    own: [
      column("memoryType", "string"),
      column("day", "date"),
      column("usdPerGb", "decimal", false, 4),
      column("changePct", "double", true),
    ],
    values: (rand, s) => ({
      memoryType: `DDR${4 + (s % 2)}-${s}`,
      usdPerGb: money(1 + rand() * 8, 4),
      changePct: rand() < 0.02 ? null : (rand() - 0.5) * 2,
    }),
  },
  {
    name: "llm-coding-daily",
    series: 40,
    hourly: false,
    own: [
      column("model", "string"),
      column("day", "date"),
      column("score", "double"),
      column("usdPerTask", "decimal", false, 6),
      column("tasks", "integer"),
    ],
    values: (rand, s) => ({
      model: `coder-${s}`,
      score: rand() * 100,
      usdPerTask: money(rand() * 3, 6),
      tasks: 100 + Math.floor(rand() * 400),
    }),
  },
  {
    name: "workload-daily",
    series: 20,
    hourly: false,
    own: [
      column("workload", "string"),
      column("day", "date"),
      column("usdPerMillionRequests", "decimal", false, 6),
      column("share", "double"),
    ],
    values: (rand, s) => ({
      workload: `workload-${s}`,
      usdPerMillionRequests: money(10 + rand() * 100, 6),
      share: rand(),
    }),
  },
  {
    name: "neocloud-weekly",
    series: 200,
    hourly: false,
    own: [
      column("provider", "string"),
      column("day", "date"),
      column("sites", "integer"),
      column("megawatts", "double", true),
      column("neocloud", "boolean"),
    ],
    values: (rand, s) => ({
      provider: `Provider ${s}, "Inc."`,
      sites: 1 + Math.floor(rand() * 30),
      megawatts: rand() < 0.2 ? null : rand() * 500,
      neocloud: s % 4 !== 0,
    }),
  },
];

function periodsOf(spec: Spec): number {
  return spec.hourly ? HOURS : spec.name.endsWith("weekly") ? 52 : DAYS;
}

function periodOf(spec: Spec, index: number): string {
  if (spec.hourly)
    return new Date(Date.parse(`${YEAR_START}T00:00:00.000Z`) + index * 3_600_000).toISOString();
  return addDays(YEAR_START, spec.name.endsWith("weekly") ? index * 7 : index);
}

function* generate(spec: Spec, specIndex: number, periodColumn: string): Iterable<BulkRow> {
  const rand = random(1000 + specIndex);
  for (let s = 0; s < spec.series; s++)
    for (let p = 0; p < periodsOf(spec); p++) {
      const period = periodOf(spec, p);
      yield { ...spec.values(rand, s, p), [periodColumn]: period, ...provenance(period, rand) };
    }
}

/** The rows as a database read gives them: a batch at a time, other work running in between. */
async function* asAsync(rows: Iterable<BulkRow>): AsyncIterable<BulkRow> {
  let inBatch = 0;
  for (const row of rows) {
    yield row;
    if (++inBatch === 5_000) {
      inBatch = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

export const BULK_YEAR: readonly SyntheticDataset[] = SPECS.map((spec, specIndex) => {
  const periodColumn = spec.own[1]?.name ?? "day";
  return {
    name: spec.name,
    columns: [...spec.own, ...PROVENANCE_COLUMNS],
    rowCount: spec.series * periodsOf(spec),
    rows: () => asAsync(generate(spec, specIndex, periodColumn)),
  };
});

export const BULK_YEAR_ROWS = BULK_YEAR.reduce((sum, dataset) => sum + dataset.rowCount, 0);
