/**
 * The Memory market's settings. It declares no variable: its data comes from the operator's
 * imports (`tpi memory import`), its settlement runs on the NYSE calendar, and whether an empty
 * store shows the sample is SEED_SAMPLE_ON_EMPTY, shared by every market.
 */
export const MEMORY_ENV = {};

export type MemorySettings = Record<string, never>;

export function memorySettingsFrom(): MemorySettings {
  return {};
}
