/**
 * The Memory market's catalogue: 14 memory types, each with a frozen id (never renamed or
 * reused, at most 32 characters), its name as the reference spells it, its category and what one
 * price is for. This list is the only source of the ids, names and categories.
 */

export const MEMORY_CATEGORIES = ["dram", "flash", "module"] as const;
export type MemoryCategory = (typeof MEMORY_CATEGORIES)[number];

/** What one price is: USD per chip for DRAM and NAND flash, USD per module for modules. */
export const MEMORY_UNITS = {
  dram: "USD per chip",
  flash: "USD per chip",
  module: "USD per module",
} as const satisfies Record<MemoryCategory, string>;

export type MemoryType = {
  /** Frozen key: never renamed or reused. */
  id: string;
  /** The name as published (`memory_type`). */
  name: string;
  category: MemoryCategory;
  unit: (typeof MEMORY_UNITS)[MemoryCategory];
};

const type = (id: string, name: string, category: MemoryCategory): MemoryType => ({
  id,
  name,
  category,
  unit: MEMORY_UNITS[category],
});

/** The catalogue in the reference's order: DRAM chips, NAND flash chips, modules. */
export const MEMORY_TYPES: readonly MemoryType[] = [
  type("mem_ddr3_4gb", "DDR3 4Gb (512Mx8) 1600/1866", "dram"),
  type("mem_ddr4_8gb", "DDR4 8Gb (1Gx8) 3200", "dram"),
  type("mem_ddr4_8gb_ett", "DDR4 8Gb (1Gx8) eTT", "dram"),
  type("mem_ddr4_16gb", "DDR4 16Gb (2Gx8) 3200", "dram"),
  type("mem_ddr4_16gb_ett", "DDR4 16Gb (2Gx8) eTT", "dram"),
  type("mem_ddr5_16gb", "DDR5 16Gb (2Gx8) 4800/5600", "dram"),
  type("mem_ddr5_16gb_ett", "DDR5 16Gb (2Gx8) eTT", "dram"),
  type("mem_mlc_32gb", "MLC 32Gb (4Gx8)", "flash"),
  type("mem_mlc_64gb", "MLC 64Gb (8Gx8)", "flash"),
  type("mem_slc_1gb", "SLC 1Gb (128Mx8)", "flash"),
  type("mem_slc_2gb", "SLC 2Gb (256Mx8)", "flash"),
  type("mem_ddr4_udimm_16gb", "DDR4 UDIMM 16GB 3200", "module"),
  type("mem_ddr5_rdimm_32gb", "DDR5 RDIMM 32GB 4800/5600", "module"),
  type("mem_ddr5_udimm_16gb", "DDR5 UDIMM 16GB 4800/5600", "module"),
];

export const MEMORY_TYPE_IDS: readonly string[] = MEMORY_TYPES.map((memory) => memory.id);
export const MEMORY_TYPE_NAMES: readonly string[] = MEMORY_TYPES.map((memory) => memory.name);

const byId = new Map(MEMORY_TYPES.map((memory) => [memory.id, memory]));
const byName = new Map(MEMORY_TYPES.map((memory) => [memory.name, memory]));

/** The type a frozen id or an exact name (case-sensitive, as published) names; undefined otherwise. */
export function findMemoryType(idOrName: string): MemoryType | undefined {
  return byId.get(idOrName) ?? byName.get(idOrName);
}

/** The type of a frozen id (for stored rows, whose ids are always from the catalogue). */
export function memoryTypeOf(id: string): MemoryType {
  const memory = byId.get(id);
  if (memory === undefined) throw new Error(`'${id}' is not a memory type id`);
  return memory;
}

export function isMemoryCategory(value: string): value is MemoryCategory {
  return (MEMORY_CATEGORIES as readonly string[]).includes(value);
}

/** The 400 for a type that is neither an id nor a name of the catalogue. */
export function unknownMemoryTypeMessage(value: string): string {
  return `Unknown memory type '${value}'. Allowed: a frozen id (${MEMORY_TYPE_IDS.join(", ")}) or its exact name (GET /api/memory-types).`;
}

export function unknownMemoryCategoryMessage(value: string): string {
  return `Invalid category '${value}'. Allowed values: ${MEMORY_CATEGORIES.join(", ")}.`;
}
