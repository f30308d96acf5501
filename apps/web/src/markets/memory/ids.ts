import { MEMORY_TYPE_IDS } from "@tpi/domain";

/**
 * True for one of the Memory catalogue's frozen ids, exactly as spelt (proxy.ts sends any other
 * `/memory/<x>` to the 404). Apart from lib/memory.ts so that the proxy and next.config load the
 * catalogue alone, not the pages' formatting.
 */
export function isMemoryTypeId(value: string): boolean {
  return MEMORY_TYPE_IDS.includes(value);
}
