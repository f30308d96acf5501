import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { worldOutlineModule } from "../src/markets/neocloud/world-outline-source";

/**
 * Writes src/lib/world-outline.generated.ts: Natural Earth's 1:110m land from the `world-atlas`
 * package, projected and simplified for the Neo-Cloud Sites map. Run after changing the
 * projection or the simplification: `pnpm --filter @tpi/web world-outline`
 * (src/lib/world-map.test.ts fails until then).
 */
const target = fileURLToPath(
  new URL("../src/markets/neocloud/world-outline.generated.ts", import.meta.url),
);
const text = worldOutlineModule();
writeFileSync(target, text);
console.log(`Wrote ${target} (${text.length} characters).`);
