/**
 * A streaming CSV reader (RFC 4180): fields separated by commas, optionally quoted with `"`;
 * inside quotes a doubled `""` is a quote and commas and line breaks are data. Records are
 * numbered by the physical line they start on, so that errors point at the line an operator sees.
 */
export type CsvRecord = { line: number; fields: string[] } | { line: number; error: string };

/**
 * Turns physical lines into CSV records, synchronously (the caller owns the I/O): `push` each
 * line in order and it returns the record that line completes, if any; `end` reports a quoted
 * field still open at the end of the file.
 */
export class CsvRecordAssembler {
  private lineNumber = 0;
  private pending: { line: number; text: string } | undefined;

  push(raw: string): CsvRecord | undefined {
    this.lineNumber += 1;
    const text = this.lineNumber === 1 ? raw.replace(/^\uFEFF/, "") : raw;
    const record =
      this.pending === undefined
        ? { line: this.lineNumber, text }
        : { line: this.pending.line, text: `${this.pending.text}\n${text}` };
    this.pending = undefined;
    if (record.text === "") return undefined; // blank lines carry no record
    const parsed = parseCsvRecord(record.text);
    if (parsed === UNTERMINATED) {
      this.pending = record;
      return undefined;
    }
    return typeof parsed === "string"
      ? { line: record.line, error: parsed }
      : { line: record.line, fields: parsed };
  }

  end(): CsvRecord | undefined {
    return this.pending === undefined
      ? undefined
      : { line: this.pending.line, error: "a quoted field is never closed" };
  }
}

/** What `parseCsvRecord` answers when a quoted field runs past the line: the record goes on. */
export const UNTERMINATED: unique symbol = Symbol("unterminated");

/** The fields of one record, an error message, or UNTERMINATED when a quoted field runs past the line. */
export function parseCsvRecord(text: string): string[] | string | typeof UNTERMINATED {
  // Most lines have no quotes at all: split without a character loop.
  if (!text.includes('"')) return text.split(",");
  const fields: string[] = [];
  let position = 0;
  while (true) {
    if (text[position] === '"') {
      let value = "";
      let cursor = position + 1;
      while (true) {
        const quote = text.indexOf('"', cursor);
        if (quote === -1) return UNTERMINATED;
        value += text.slice(cursor, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          cursor = quote + 2;
          continue;
        }
        cursor = quote + 1;
        break;
      }
      fields.push(value);
      if (cursor === text.length) return fields;
      if (text[cursor] !== ",")
        return `unexpected character after a closing quote at column ${cursor + 1}`;
      position = cursor + 1;
    } else {
      const comma = text.indexOf(",", position);
      const value = comma === -1 ? text.slice(position) : text.slice(position, comma);
      if (value.includes('"')) return `a quote inside an unquoted field at column ${position + 1}`;
      fields.push(value);
      if (comma === -1) return fields;
      position = comma + 1;
    }
  }
}
