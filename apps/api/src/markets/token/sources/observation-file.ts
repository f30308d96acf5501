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

/** The rules of a row at `now` (a row's day may not be later than now's UTC day). */
const observationRules = (now: Date): RecordRules<ObservationRecord> => ({
  checkHeader: (header) => {
    const checked = checkObservationHeader(header);
    return checked.ok ? checked : err(`bad header: ${checked.error}`);
  },
  validate: (fields) => validateObservationFields(fields, now),
});

/** Observation files, read as a stream: one validated row at a time, whatever the file size. */
export function readObservationFile(
  path: string,
  format: RecordFileFormat,
  now: Date,
  onProgress?: ReadProgress,
): AsyncGenerator<ObservationLine[]> {
  return readRecordFile(path, format, observationRules(now), onProgress);
}
