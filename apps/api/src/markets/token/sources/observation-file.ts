import {
  checkObservationHeader,
  err,
  validateObservationFields,
  type ObservationRecord,
} from "@tpi/domain";
import {
  readRecordFile,
  type ReadProgress,
  type RecordFileFormat,
  type RecordLine,
  type RecordRules,
} from "../../../platform/ingest/record-file";

/** One data row of an observation file: its line number and either the observation or why it was rejected. */
export type ObservationLine = RecordLine<ObservationRecord>;

const OBSERVATION_RULES: RecordRules<ObservationRecord> = {
  checkHeader: (header) => {
    const checked = checkObservationHeader(header);
    return checked.ok ? checked : err(`bad header: ${checked.error}`);
  },
  validate: validateObservationFields,
};

/** Observation files, read as a stream: one validated row at a time, whatever the file size. */
export function readObservationFile(
  path: string,
  format: RecordFileFormat,
  onProgress?: ReadProgress,
): AsyncGenerator<ObservationLine[]> {
  return readRecordFile(path, format, OBSERVATION_RULES, onProgress);
}
