import { csvField } from "../lib/shape";

/**
 * The provenance columns every market's CSV ends its rows with, so that a row read alone says
 * where it comes from: whether it is the generated sample, its source(s) and their citations.
 */
export const PROVENANCE_COLUMNS = ["sample", "source", "citation"] as const;

export type RowProvenance = { sample: boolean; source: string; citation: string };

/** A field as the api serialises it: empty where the api has none (`null`), never `null` or `0`. */
export type CsvValue = number | string | boolean | null | undefined;

/** A cell, empty where the api has no value (`null`): never `null` or `0` in its place. */
export function optionalCell(value: CsvValue): string {
  return value === null || value === undefined ? "" : String(value);
}

/**
 * A CSV file (RFC 4180: CRLF line ends, quoted where needed): the header, then each row's own
 * cells followed by its provenance.
 */
export function provenancedCsv<Row>(
  columns: readonly string[],
  rows: readonly Row[],
  cellsOf: (row: Row) => readonly string[],
  provenanceOf: (row: Row) => RowProvenance,
): string {
  const lines = [[...columns, ...PROVENANCE_COLUMNS].join(",")];
  for (const row of rows) {
    const provenance = provenanceOf(row);
    lines.push(
      [...cellsOf(row), String(provenance.sample), provenance.source, provenance.citation]
        .map(csvField)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * A CSV of rows whose columns are their fields, named as the api names them (so that a script
 * reads the file as it reads the api), each cell the field's value as the api serialises it
 * (empty for none); each row ends with its provenance. A column the api does not serve as one
 * field is given to the rows before (`{ ...row, gpuTypes: row.gpuTypes.join("; ") }`).
 */
export function fieldsCsv<
  Field extends string,
  Row extends { readonly [Name in Field]?: CsvValue },
>(
  fields: readonly Field[],
  rows: readonly Row[],
  provenanceOf: (row: Row) => RowProvenance,
): string {
  return provenancedCsv(
    fields,
    rows,
    (row) => fields.map((field) => optionalCell(row[field])),
    provenanceOf,
  );
}

/** An answer's sources as `dataSources` lists them. */
export type AnswerSources = {
  sample: boolean;
  sources: readonly { source: string; citation: string | null }[];
};

/**
 * What every row of an answer says about where it comes from: all its sources (joined by `+`),
 * their citations, and whether the answer rests on the generated sample.
 */
export function answerProvenance(dataSources: AnswerSources): RowProvenance {
  return {
    source: dataSources.sources.map((entry) => entry.source).join("+"),
    citation: dataSources.sources
      .flatMap((entry) => (entry.citation === null ? [] : [entry.citation]))
      .join(" "),
    sample: dataSources.sample,
  };
}

/**
 * A CSV download saved under `fileName`. `personal` (the default): one signed-in reader's rows,
 * which no shared cache may keep; a visitor's public rows may be cached like the page.
 */
export function csvDownload(body: string, fileName: string, personal = true): Response {
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
      ...(personal ? { "cache-control": "private, no-store" } : {}),
    },
  });
}
