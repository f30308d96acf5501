import type { AppDeps } from "../core/deps";
import type { McpResource } from "../core/resources";

/** Every market's resources, in market order. */
export function resourcesOf(deps: Pick<AppDeps, "marketList">): readonly McpResource[] {
  return deps.marketList.flatMap((market) => market.resources);
}
