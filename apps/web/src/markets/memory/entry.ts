import { decodedSegment, sectionMarket } from "../../kit/market-entry";
import { isMemoryTypeId } from "./ids";
import { MEMORY_PATH, memoryPagePaths } from "./lib";

/** Memory spot prices: the overview and each memory type's page. */
export const memoryMarket = sectionMarket({
  name: "memory",
  href: MEMORY_PATH,
  label: "Memory",
  knowsPage: (_segment, second) => isMemoryTypeId(decodedSegment(second) ?? ""),
  pagePaths: () => [MEMORY_PATH, ...memoryPagePaths()],
  footer: "memory prices are USD per chip or module, settled at 4 PM New York on each trading day",
  card: () => import("./card-content").then((card) => card.loadMemoryCard()),
});
