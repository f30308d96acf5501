/**
 * The addresses of a market whose series each have a page and a CSV, all named after the market
 * (`memory`): the section's page (`/memory`), a series' page (`/memory/<id>`), its chart's CSV
 * (`/memory/<id>/history.csv`, served by the market's history-csv route) and the saved file's
 * name, which says the market, the series and the days
 * (`tpi-memory-<id>-2026-10-01-to-2026-11-20.csv`).
 */
export function seriesPaths(name: string) {
  const root = `/${name}`;
  const pathOf = (id: string) => `${root}/${id}`;
  return {
    root,
    pathOf,
    csvPathOf: (id: string) => `${pathOf(id)}/history.csv`,
    csvFileName: (id: string, startDate: string, endDate: string) =>
      `tpi-${name}-${id}-${startDate}-to-${endDate}.csv`,
  };
}

export type SeriesPaths = ReturnType<typeof seriesPaths>;
