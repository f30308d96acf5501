/** A group of a market's catalogue as its section page heads it. */
export type CatalogHeading = { category: string; heading: string; text: string };

export type CatalogGroup<Entry> = CatalogHeading & { entries: Entry[] };

/**
 * A catalogue by category: the known groups in their order, each with its entries in the api's
 * order. A category the page does not know yet gets a group of its own after the known ones
 * (headed by its name), so that no entry is ever hidden; a group without entries is left out.
 */
export function groupByCategory<Entry extends { category: string }>(
  entries: readonly Entry[],
  known: readonly CatalogHeading[],
): CatalogGroup<Entry>[] {
  const knownCategories = new Set(known.map((group) => group.category));
  const others = [
    ...new Set(
      entries.map((entry) => entry.category).filter((category) => !knownCategories.has(category)),
    ),
  ];
  return [...known, ...others.map((category) => ({ category, heading: category, text: "" }))]
    .map((group) => ({
      ...group,
      entries: entries.filter((entry) => entry.category === group.category),
    }))
    .filter((group) => group.entries.length > 0);
}
