/**
 * What a reader is told about the data behind a value, in every market's answers
 * (`dataSources.sources[]`) and in every event (`data.sources[]`): one shape wherever the
 * service names a source.
 */
export type DataProvenance = {
  /** `openrouter`, `sample`, a sync's source name, or the source name of an observation file. */
  source: string;
  /** True for generated sample data: never market data. */
  sample: boolean;
  /** The source's own time of the data (OpenRouter's `meta.as_of`), ISO 8601; null when unknown. */
  asOf: string | null;
  /** The line a reader must see with the numbers; null when the source needs none. */
  citation: string | null;
  licence: { name: string; url: string } | null;
};
