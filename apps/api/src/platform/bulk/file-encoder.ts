import { createHash, type Hash } from "node:crypto";
import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import {
  BULK_DECIMAL_BYTES,
  BULK_DECIMAL_PRECISION,
  csvHeader,
  csvRecord,
  decimalUnscaled,
  epochDay,
  epochMillis,
  type BulkColumn,
  type BulkFormat,
  type BulkRow,
  type BulkValue,
} from "@tpi/domain";
import { ByteWriter, ParquetWriter } from "hyparquet-writer";

import type { WrittenFile } from "./write-file";

/**
 * Rows per Parquet row group: what the writer holds in memory at once (the group's values by
 * column, then its encoded bytes), and what it encodes in one synchronous call, during which the
 * bulk file worker answers nothing (the api's event loop is not that thread). On a year of every market (bench/parquet-writers-bench.ts), 50,000
 * rows per group paused the event loop up to 1.8 s on a loaded 2-core machine and 10,000 about
 * 0.5-1 s, for files 3 % larger (5.94 MB against 5.78) and a peak RSS 40 MB lower.
 */
export const PARQUET_ROW_GROUP_ROWS = 10_000;

/** CSV text gathered before one write to the file (bytes, roughly): fewer, larger writes. */
const CSV_CHUNK_CHARS = 256 * 1024;

/**
 * Names the writer in the file's metadata. No version and no time: a file rebuilt from the same
 * rows on another instance, another day, has the same bytes (and so the recorded SHA-256).
 */
const PARQUET_CREATED_BY = "Token Price Index bulk files (hyparquet-writer)";

/**
 * What encodes a bulk file as rows arrive (in the bulk file worker, off the api's event loop):
 * `add` encodes a batch and writes what is complete, `finish` writes the rest and closes the file,
 * `destroy` stops and closes it so that it can be removed.
 */
export type BulkFileEncoder = {
  add(rows: readonly BulkRow[]): Promise<void>;
  finish(): Promise<WrittenFile>;
  destroy(): Promise<void>;
};

/** An encoder writing `format` to `path` (the writer's `.partial` file), hashing what it writes. */
export function openBulkFileEncoder(
  format: BulkFormat,
  columns: readonly BulkColumn[],
  path: string,
): BulkFileEncoder {
  const sink = new HashingSink(createWriteStream(path));
  const encoder =
    format === "csv" ? new CsvEncoder(columns, sink) : new ParquetEncoder(columns, sink);
  return {
    add: (rows) => encoder.add(rows),
    finish: async () => {
      await encoder.finish();
      const { bytes, sha256 } = await sink.close();
      return { rows: encoder.count, bytes, sha256 };
    },
    destroy: () => sink.destroy(),
  };
}

/**
 * A file stream that hashes and counts what it writes and waits when the disk is behind. A
 * stream error (a full disk, a missing directory) is kept and thrown by the next write or close.
 */
class HashingSink {
  private readonly hash: Hash = createHash("sha256");
  private bytes = 0;
  private failure: Error | undefined;
  private readonly closed: Promise<void>;

  constructor(private readonly out: WriteStream) {
    out.on("error", (error) => {
      this.failure ??= error;
    });
    this.closed = new Promise((resolve) => out.once("close", () => resolve()));
  }

  async write(chunk: Buffer): Promise<void> {
    this.throwIfFailed();
    this.hash.update(chunk);
    this.bytes += chunk.length;
    if (!this.out.write(chunk)) {
      await Promise.race([once(this.out, "drain").catch(() => undefined), this.closed]);
    }
    this.throwIfFailed();
  }

  async close(): Promise<{ bytes: number; sha256: string }> {
    this.out.end();
    await this.closed;
    this.throwIfFailed();
    return { bytes: this.bytes, sha256: this.hash.digest("hex") };
  }

  private throwIfFailed(): void {
    const failure = this.failure;
    if (failure !== undefined) throw failure;
  }

  /** Stops writing and waits until the file is closed, so that it can be removed. */
  async destroy(): Promise<void> {
    this.out.destroy();
    await this.closed;
  }
}

class CsvEncoder {
  private text: string;
  count = 0;

  constructor(
    private readonly columns: readonly BulkColumn[],
    private readonly sink: HashingSink,
  ) {
    this.text = csvHeader(columns);
  }

  async add(rows: readonly BulkRow[]): Promise<void> {
    for (const row of rows) {
      this.text += csvRecord(this.columns, row);
      this.count++;
      if (this.text.length >= CSV_CHUNK_CHARS) await this.flush();
    }
  }

  async finish(): Promise<void> {
    await this.flush();
  }

  private async flush(): Promise<void> {
    const chunk = Buffer.from(this.text, "utf8");
    this.text = "";
    await this.sink.write(chunk);
  }
}

class ParquetEncoder {
  private readonly writer: ParquetWriter;
  /** The row group being gathered: each column's encoded values. */
  private readonly slots: {
    column: BulkColumn;
    encode: (value: BulkValue | undefined) => unknown;
    values: unknown[];
  }[];
  private inGroup = 0;
  count = 0;

  constructor(columns: readonly BulkColumn[], sink: HashingSink) {
    this.writer = new ParquetWriter({
      writer: new GroupBytes(sink),
      schema: [
        { name: "root", num_children: columns.length },
        ...columns.map(parquetSchemaElement),
      ],
      createdBy: PARQUET_CREATED_BY,
    });
    this.slots = columns.map((column) => ({ column, encode: parquetValue(column), values: [] }));
  }

  async add(rows: readonly BulkRow[]): Promise<void> {
    for (const row of rows) {
      for (const slot of this.slots) slot.values.push(slot.encode(row[slot.column.name]));
      this.inGroup++;
      this.count++;
      if (this.inGroup === PARQUET_ROW_GROUP_ROWS) await this.writeGroup();
    }
  }

  async finish(): Promise<void> {
    if (this.inGroup > 0) await this.writeGroup();
    await this.writer.finish();
  }

  private async writeGroup(): Promise<void> {
    const columnData = this.slots.map(({ column, values }) => ({
      name: column.name,
      data: values,
    }));
    await this.writer.write({ columnData, rowGroupSize: this.inGroup });
    for (const slot of this.slots) slot.values = [];
    this.inGroup = 0;
  }
}

/**
 * The writer's byte buffer, emptied into the file after each row group (hyparquet-writer calls
 * `flush` once a group is encoded and waits for it) and after the footer: memory holds one
 * group's bytes at most.
 */
class GroupBytes extends ByteWriter {
  constructor(private readonly sink: HashingSink) {
    super(1024 * 1024);
  }

  async flush(): Promise<void> {
    const chunk = Buffer.from(new Uint8Array(this.buffer, 0, this.index));
    this.index = 0;
    await this.sink.write(chunk);
  }

  // hyparquet-writer returns what finish returns from ParquetWriter.finish, which is awaited.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  override finish(): Promise<void> {
    return this.flush();
  }
}

type SchemaElement = ConstructorParameters<typeof ParquetWriter>[0]["schema"][number];

/**
 * A column's Parquet type: the logical type (and the converted type older readers use) over its
 * physical type; REQUIRED when never null.
 */
function parquetSchemaElement(column: BulkColumn): SchemaElement {
  const base = {
    name: column.name,
    repetition_type: column.nullable ? ("OPTIONAL" as const) : ("REQUIRED" as const),
  };
  switch (column.type) {
    case "date":
      return { ...base, type: "INT32", converted_type: "DATE", logical_type: { type: "DATE" } };
    case "timestamp":
      return {
        ...base,
        type: "INT64",
        converted_type: "TIMESTAMP_MILLIS",
        logical_type: { type: "TIMESTAMP", isAdjustedToUTC: true, unit: "MILLIS" },
      };
    case "decimal": {
      const scale = column.scale ?? 0;
      return {
        ...base,
        type: "FIXED_LEN_BYTE_ARRAY",
        type_length: BULK_DECIMAL_BYTES,
        converted_type: "DECIMAL",
        precision: BULK_DECIMAL_PRECISION,
        scale,
        logical_type: { type: "DECIMAL", precision: BULK_DECIMAL_PRECISION, scale },
      };
    }
    case "double":
      return { ...base, type: "DOUBLE" };
    case "integer":
      return { ...base, type: "INT64" };
    case "boolean":
      return { ...base, type: "BOOLEAN" };
    case "string":
      return {
        ...base,
        type: "BYTE_ARRAY",
        converted_type: "UTF8",
        logical_type: { type: "STRING" },
      };
  }
}

/** How a row's value becomes what hyparquet-writer stores for the column's Parquet type. */
function parquetValue(column: BulkColumn): (value: BulkValue | undefined) => unknown {
  const encode = parquetEncoder(column);
  return (value) => {
    if (value === null || value === undefined) {
      if (!column.nullable)
        throw new RangeError(`${column.name}: null in a column that is never null`);
      return null;
    }
    return encode(value);
  };
}

function parquetEncoder(column: BulkColumn): (value: BulkValue) => unknown {
  const expect = (type: "string" | "number" | "boolean", value: BulkValue) => {
    if (typeof value !== type)
      throw new RangeError(`${column.name}: expected a ${type}, got ${typeof value}`);
    return value;
  };
  switch (column.type) {
    case "date":
      return (value) => epochDay(expect("string", value) as string, column.name);
    case "timestamp":
      return (value) => BigInt(epochMillis(expect("string", value) as string, column.name));
    case "decimal":
      return (value) =>
        decimalUnscaled(expect("string", value) as string, column.scale ?? 0, column.name);
    case "double":
      return (value) => {
        const number = expect("number", value) as number;
        if (!Number.isFinite(number))
          throw new RangeError(`${column.name}: ${number} is not a finite number`);
        return number;
      };
    case "integer":
      return (value) => {
        if (typeof value !== "number" || !Number.isSafeInteger(value)) {
          throw new RangeError(`${column.name}: ${String(value)} is not a whole number`);
        }
        return BigInt(value);
      };
    case "boolean":
      return (value) => expect("boolean", value);
    case "string":
      return (value) => expect("string", value);
  }
}
