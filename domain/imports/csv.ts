// A small streaming CSV reader and writer (RFC 4180 plus what spreadsheets
// produce): quoted fields, "" inside quotes, line breaks inside quotes, CRLF/LF/CR
// line ends, a byte-order mark, and `,` `;` or tab as the delimiter, detected
// from the header line (Dutch Excel writes `;`).
// Text is pushed in chunks of any size; complete records come out, each with the
// line number it starts on, so an import can name the line of a bad row.
// A file that cannot be read as the writer meant it (a quote never closed, a
// stray quote after a quoted value) is refused with a CsvError naming the line,
// never read on into a value that swallows the rows after it.
import { CsvDecoder, CsvError, countLineBreaks, type TextEncoding } from './csv-decoder.ts';

export { CsvError, type TextEncoding };

export interface CsvRecord {
  /** 1-based line in the file where this record starts (the header is line 1). */
  line: number;
  fields: string[];
}

export type Delimiter = ',' | ';' | '\t';

const QUOTE = 34, CR = 13, LF = 10, SPACE = 32, TAB = 9;
/** Longer than any spreadsheet cell (32,767 characters): a value this long is a quote gone wrong. */
export const MAX_VALUE_LENGTH = 100_000;

/** The delimiter that occurs most often outside quotes in the first line; `,` when none does. */
export function detectDelimiter(firstLine: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch]++;
  }
  const best = (Object.keys(counts) as Delimiter[]).sort((a, b) => counts[b] - counts[a])[0];
  return counts[best] > 0 ? best : ',';
}

export class CsvParser {
  delimiter: Delimiter | null;
  private delimiterCode = 0;
  private started = false;
  /** Text held back until the first line is complete and the delimiter known. */
  private pending = '';
  private field = '';
  private fields: string[] = [];
  /** The current field began with a quote and has not been closed yet. */
  private quoted = false;
  /** Inside a quoted field a quote was seen: either "" (a literal quote) or the field's end. */
  private quotePending = false;
  /** The current field's closing quote was read: only spaces, a delimiter or a line end may follow. */
  private closed = false;
  /** The current field has content or was opened by a quote. */
  private fieldStarted = false;
  /** The last character was CR: a following LF is part of the same line break. */
  private afterCr = false;
  private line = 1;
  private recordLine = 1;
  /** The line where the current quoted field opened. */
  private quoteLine = 1;

  constructor(options: { delimiter?: Delimiter } = {}) {
    this.delimiter = options.delimiter ?? null;
    if (this.delimiter) this.delimiterCode = this.delimiter.charCodeAt(0);
  }

  /** Feeds a chunk of text; returns the records completed by it. Throws CsvError. */
  push(chunk: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    if (!this.started) {
      this.pending += chunk;
      if (this.pending.charCodeAt(0) === 0xfeff) this.pending = this.pending.slice(1);
      if (!this.delimiter) {
        const end = this.pending.search(/[\r\n]/);
        if (end < 0) {
          if (this.pending.length > MAX_VALUE_LENGTH) throw new CsvError({ code: 'csv_first_line_too_long', params: { max: MAX_VALUE_LENGTH } }, 1);
          return out;
        }
        this.setDelimiter(detectDelimiter(this.pending.slice(0, end)));
      }
      this.started = true;
      chunk = this.pending;
      this.pending = '';
    }
    this.scan(chunk, out);
    return out;
  }

  /**
   * Ends the input; returns the last record if the text did not end with a line
   * break. A quoted value still open is an error, unless `partial` (only the
   * start of the file was read): then that unfinished record is left out.
   */
  end(options: { partial?: boolean } = {}): CsvRecord[] {
    const out: CsvRecord[] = [];
    if (!this.started) {
      if (!this.delimiter) this.setDelimiter(detectDelimiter(this.pending));
      this.started = true;
      this.scan(this.pending, out);
      this.pending = '';
    }
    if (this.quoted && !this.quotePending) {
      if (options.partial) return out;
      throw new CsvError({ code: 'csv_quote_never_closed', params: { line: this.quoteLine } }, this.quoteLine);
    }
    this.quoted = false;
    this.quotePending = false;
    if (this.fieldStarted || this.fields.length) this.finishRecord(out);
    return out;
  }

  private setDelimiter(delimiter: Delimiter) {
    this.delimiter = delimiter;
    this.delimiterCode = delimiter.charCodeAt(0);
  }

  private finishField() {
    this.fields.push(this.field);
    this.field = '';
    this.fieldStarted = false;
    this.closed = false;
  }

  private finishRecord(out: CsvRecord[]) {
    this.finishField();
    // A blank line is no record (it still counts as a line).
    if (!(this.fields.length === 1 && this.fields[0] === '')) out.push({ line: this.recordLine, fields: this.fields });
    this.fields = [];
  }

  /** Counts line breaks (CR, LF or CRLF) inside quoted text, across chunk borders. */
  private countBreaks(part: string) {
    const counted = countLineBreaks(part, this.afterCr);
    this.line += counted.breaks;
    this.afterCr = counted.afterCr;
  }

  private tooLong() {
    if (this.field.length <= MAX_VALUE_LENGTH) return;
    const max = MAX_VALUE_LENGTH;
    throw this.quoted
      ? new CsvError({ code: 'csv_quote_runs_on', params: { line: this.quoteLine, max } }, this.quoteLine)
      : new CsvError({ code: 'csv_value_too_long', params: { line: this.line, max } }, this.line);
  }

  /** Text after a quoted value's closing quote: the quote was not meant to close it. */
  private strayQuote(): CsvError {
    return new CsvError(this.quoteLine === this.line
      ? { code: 'csv_quote_not_doubled', params: { line: this.line } }
      : { code: 'csv_quote_closes_early', params: { line: this.line, opened: this.quoteLine } }, this.line);
  }

  private scan(text: string, out: CsvRecord[]) {
    const delimiter = this.delimiterCode;
    const n = text.length;
    let i = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (this.quoted) {
        if (this.quotePending) {
          this.quotePending = false;
          if (c === QUOTE) { this.field += '"'; i++; continue; }
          this.quoted = false; // that quote closed the field; read c as unquoted text
          this.closed = true;
          continue;
        }
        // Everything up to the next quote belongs to the field.
        const q = text.indexOf('"', i);
        const stop = q < 0 ? n : q;
        const part = text.slice(i, stop);
        this.field += part;
        this.countBreaks(part);
        this.tooLong();
        if (q < 0) return;
        this.quotePending = true;
        this.afterCr = false;
        i = q + 1;
        continue;
      }
      if (c === LF && this.afterCr) {
        // The LF of a CRLF whose CR ended the previous record (maybe in the previous chunk).
        this.afterCr = false;
        i++;
        continue;
      }
      this.afterCr = false;
      if (c === delimiter) {
        this.finishField();
        i++;
      } else if (c === LF || c === CR) {
        this.finishRecord(out);
        this.line++;
        this.recordLine = this.line;
        this.afterCr = c === CR;
        i++;
      } else if (this.closed) {
        // Spaces may pad a quoted value; anything else means its quote was not meant to close it.
        if (c !== SPACE && c !== TAB) throw this.strayQuote();
        i++;
      } else if (c === QUOTE && !this.fieldStarted) {
        this.quoted = true;
        this.fieldStarted = true;
        this.quoteLine = this.line;
        i++;
      } else {
        // Plain text up to the next delimiter or line end.
        let j = i + 1;
        while (j < n) {
          const d = text.charCodeAt(j);
          if (d === delimiter || d === LF || d === CR) break;
          j++;
        }
        this.field += text.slice(i, j);
        this.fieldStarted = true;
        this.tooLong();
        i = j;
      }
    }
  }
}

/** Parses a whole (small) CSV text at once. `partial`: the text is only the start of a file. */
export function parseCsv(text: string, options: { delimiter?: Delimiter; partial?: boolean } = {}): { delimiter: Delimiter; records: CsvRecord[] } {
  const parser = new CsvParser(options);
  const records = [...parser.push(text), ...parser.end({ partial: options.partial })];
  return { delimiter: parser.delimiter ?? ',', records };
}

/** The text of a file's bytes, checked (see csv-decoder.ts), and the encoding it was read in. */
export function decodeCsvBytes(bytes: Uint8Array, options: { encoding?: TextEncoding; partial?: boolean } = {}): { text: string; encoding: TextEncoding } {
  const decoder = new CsvDecoder({ encoding: options.encoding });
  const text = decoder.push(bytes) + decoder.end({ partial: options.partial });
  return { text, encoding: decoder.encoding ?? 'utf-8' };
}

/**
 * Reads a byte stream as CSV records, in batches as they complete. Memory stays
 * bounded by one chunk (and one value). Throws CsvError for a file that cannot
 * be read as CSV; the records before it have been yielded by then.
 */
export async function* readCsv(
  body: ReadableStream<Uint8Array>,
  options: { delimiter?: Delimiter; encoding?: TextEncoding; onBytes?: (bytes: number) => void } = {},
): AsyncGenerator<CsvRecord[], Delimiter> {
  const parser = new CsvParser({ delimiter: options.delimiter });
  const decoder = new CsvDecoder({ encoding: options.encoding });
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      options.onBytes?.(value.byteLength);
      const records = parser.push(decoder.push(value));
      if (records.length) yield records;
    }
    const tail = [...parser.push(decoder.end()), ...parser.end()];
    if (tail.length) yield tail;
    return parser.delimiter ?? ',';
  } finally {
    reader.releaseLock();
  }
}

/** Spreadsheets run cells starting with these as formulas; such cells get a leading apostrophe. */
const FORMULA_START = /^[=@\t\r]|^[+-](?![\d\s().]*$)/;

/** One CSV line (with CRLF), quoting where needed. Guards against formula injection when asked. */
export function csvLine(values: ReadonlyArray<string | number | boolean | null | undefined>,
  options: { delimiter?: Delimiter; guardFormulas?: boolean } = {}): string {
  const delimiter = options.delimiter ?? ',';
  return values.map((value) => {
    let text = value === null || value === undefined ? '' : String(value);
    if (options.guardFormulas && FORMULA_START.test(text)) text = `'${text}`;
    return /["\r\n]/.test(text) || text.includes(delimiter) ? `"${text.replaceAll('"', '""')}"` : text;
  }).join(delimiter) + '\r\n';
}
