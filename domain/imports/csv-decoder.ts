// The bytes of an uploaded CSV file to text, checked on the way: a file is read
// in one encoding from start to end, or refused with the line where it stops
// being valid in it (never stored as mojibake), and a NUL character (which
// PostgreSQL cannot store) is refused with its line.
//
// Without a given encoding: a byte-order mark decides (UTF-8, UTF-16 LE/BE);
// else zero bytes in every other position mean UTF-16 without a mark; else the
// first non-ASCII character decides between UTF-8 and Windows-1252 (what Excel on
// Windows saves as "CSV"). Everything before it is ASCII, the same in both.
import { coded, type ErrorCode, type Params, type Said } from '../i18n/codes.ts';
import { englishText } from '../i18n/english.ts';

export const TEXT_ENCODINGS = ['utf-8', 'windows-1252', 'utf-16le', 'utf-16be'] as const;
export type TextEncoding = typeof TEXT_ENCODINGS[number];

/** A file that cannot be read as CSV, said as a code (decision 032). `line` is where the problem is (1-based), when there is one. */
export class CsvError extends Error {
  line: number | null;
  code: ErrorCode;
  params?: Params;
  constructor(said: Said, line: number | null = null) {
    super(englishText(said));
    ({ code: this.code, params: this.params } = coded(said));
    this.name = 'CsvError';
    this.line = line;
  }
}

const CR = 13, LF = 10;

/** Line breaks (CR, LF or CRLF each count once) in `text` up to `end`, continuing after a CR or not. */
export function countLineBreaks(text: string, afterCr: boolean, end = text.length): { breaks: number; afterCr: boolean } {
  let breaks = 0;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === CR || (c === LF && !afterCr)) breaks++;
    afterCr = c === CR;
  }
  return { breaks, afterCr };
}

/** How many bytes are looked at before the encoding is chosen (a byte-order mark, UTF-16's zero bytes). */
const SNIFF_BYTES = 4096;

const NOT_UTF8 = (line: number): Said => ({ code: 'csv_not_utf8', params: { line } });
const MIXED_1252 = (line: number): Said => ({ code: 'csv_mixed_1252', params: { line } });
const NOT_UTF16 = (line: number, encoding: string): Said =>
  ({ code: 'csv_not_utf16', params: { line, encoding: encoding === 'utf-16le' ? 'UTF-16 LE' : 'UTF-16 BE' } });
const HAS_NUL = (line: number): Said => ({ code: 'csv_nul', params: { line } });

export class CsvDecoder {
  /** null while only ASCII has been read (then every encoding reads the same). */
  encoding: TextEncoding | null;
  private readonly given: boolean;
  /** Bytes held until the encoding can be sniffed; null once it has been. */
  private head: Uint8Array | null = new Uint8Array(0);
  /** The start of a character cut off at the end of the last chunk. */
  private carry: Uint8Array = new Uint8Array(0);
  /** A UTF-16 high surrogate cut off from its low half at the end of the last chunk. */
  private heldUnit = '';
  private utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
  private cp1252 = new TextDecoder('windows-1252');
  private line = 1;
  private afterCr = false;

  constructor(options: { encoding?: TextEncoding } = {}) {
    this.encoding = options.encoding ?? null;
    this.given = options.encoding !== undefined;
  }

  /** Text of the bytes so far (a character cut at the end waits for the next chunk). Throws CsvError. */
  push(bytes: Uint8Array): string {
    if (this.head) {
      this.head = concat(this.head, bytes);
      if (this.head.length < SNIFF_BYTES) return '';
      bytes = this.sniff();
    }
    return this.decode(bytes, false);
  }

  /**
   * The rest of the text at the end of the file. `partial`: the bytes were only
   * the start of the file, so a character cut off at the end is no error.
   */
  end(options: { partial?: boolean } = {}): string {
    const bytes = this.head ? this.sniff() : new Uint8Array(0);
    const text = this.decode(bytes, false);
    if (options.partial) return text;
    return text + this.decode(new Uint8Array(0), true);
  }

  private sniff(): Uint8Array {
    const head = this.head!;
    this.head = null;
    if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4) {
      throw new CsvError('csv_xlsx');
    }
    if (head[0] === 0xd0 && head[1] === 0xcf && head[2] === 0x11 && head[3] === 0xe0) {
      throw new CsvError('csv_xls');
    }
    if (this.given) return head;
    if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) this.encoding = 'utf-8';
    else if (head[0] === 0xff && head[1] === 0xfe) this.encoding = 'utf-16le';
    else if (head[0] === 0xfe && head[1] === 0xff) this.encoding = 'utf-16be';
    else this.encoding = utf16WithoutMark(head);
    return head;
  }

  private decode(bytes: Uint8Array, final: boolean): string {
    if (this.encoding === 'utf-16le' || this.encoding === 'utf-16be') return this.checked(this.utf16(bytes, final));
    if (this.carry.length) bytes = concat(this.carry, bytes);
    this.carry = new Uint8Array(0);
    let start = 0;
    let text = '';
    if (this.encoding === null) {
      // ASCII so far: the first other byte decides the encoding for the whole file.
      start = bytes.findIndex((b) => b >= 0x80);
      if (start < 0) return this.checked(this.utf8.decode(bytes));
      text = this.utf8.decode(bytes.subarray(0, start));
      const first = utf8Check(bytes, start, start + 4);
      if (first.bad < 0 && first.complete === start && !final) {
        this.carry = bytes.slice(start);
        return this.checked(text);
      }
      this.encoding = first.bad === start || (final && first.complete === start) ? 'windows-1252' : 'utf-8';
    }
    if (this.encoding === 'windows-1252') {
      const rest = bytes.subarray(start);
      const mixed = this.given ? -1 : utf8LookingSequence(rest);
      if (mixed >= 0) this.fail(text + this.cp1252.decode(rest.subarray(0, mixed)), MIXED_1252);
      return this.checked(text + this.cp1252.decode(rest));
    }
    // UTF-8: every byte must be valid; the first bad one names its line.
    const { bad, complete } = utf8Check(bytes, start, bytes.length);
    const end = bad >= 0 ? bad : complete;
    text += this.utf8.decode(bytes.subarray(start, end));
    // A bad byte, or the file ends in the middle of a character.
    if (bad >= 0 || (final && complete < bytes.length)) this.fail(text, NOT_UTF8);
    if (complete < bytes.length) this.carry = bytes.slice(complete);
    return this.checked(text);
  }

  private utf16(bytes: Uint8Array, final: boolean): string {
    if (this.carry.length) bytes = concat(this.carry, bytes);
    const usable = bytes.length - (bytes.length % 2);
    this.carry = bytes.slice(usable);
    const high = this.encoding === 'utf-16be' ? 0 : 1;
    const units = new Uint16Array(usable / 2);
    for (let i = 0, j = 0; j < units.length; i += 2, j++) units[j] = (bytes[i + high] << 8) | bytes[i + 1 - high];
    let text = this.heldUnit;
    for (let k = 0; k < units.length; k += 8192) text += String.fromCharCode(...units.subarray(k, k + 8192));
    this.heldUnit = '';
    if (!final && text.length && isHighSurrogate(text.charCodeAt(text.length - 1))) {
      this.heldUnit = text.slice(-1);
      text = text.slice(0, -1);
    }
    const lone = text.search(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    const oddEnd = final && this.carry.length > 0;
    if (lone >= 0 || oddEnd) this.fail(text.slice(0, lone >= 0 ? lone : text.length), (line) => NOT_UTF16(line, this.encoding!));
    return text;
  }

  /** Refuses a NUL character with its line; counts the lines of text that passed. */
  private checked(text: string): string {
    const nul = text.indexOf('\0');
    if (nul >= 0) {
      const line = this.lineAt(text, nul);
      throw new CsvError(HAS_NUL(line), line);
    }
    const counted = countLineBreaks(text, this.afterCr);
    this.line += counted.breaks;
    this.afterCr = counted.afterCr;
    return text;
  }

  /** Refuses the file at the end of `valid`, the text that could still be read. */
  private fail(valid: string, message: (line: number) => Said): never {
    this.checked(valid);
    throw new CsvError(message(this.line), this.line);
  }

  /** The line of `text[index]`, where `text` follows what was read so far. */
  private lineAt(text: string, index: number): number {
    return this.line + countLineBreaks(text, this.afterCr, index).breaks;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (!a.length) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

/** UTF-16 without a byte-order mark: CSV text is mostly ASCII, so every other byte is zero. */
function utf16WithoutMark(head: Uint8Array): TextEncoding | null {
  const pairs = Math.floor(head.length / 2);
  if (!pairs) return null;
  let evenZeros = 0, oddZeros = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (head[i] === 0) evenZeros++;
    if (head[i + 1] === 0) oddZeros++;
  }
  if (oddZeros >= pairs * 0.3 && evenZeros <= oddZeros * 0.05) return 'utf-16le';
  if (evenZeros >= pairs * 0.3 && oddZeros <= evenZeros * 0.05) return 'utf-16be';
  return null;
}

/**
 * Checks UTF-8 from `start` to `end`: `bad` is the first byte that cannot be
 * valid (-1 if none), `complete` where the last whole character ends (a
 * character cut off at `end` may still be completed by the next bytes).
 */
export function utf8Check(bytes: Uint8Array, start: number, end: number): { bad: number; complete: number } {
  end = Math.min(end, bytes.length);
  let i = start;
  while (i < end) {
    const b = bytes[i];
    if (b < 0x80) { i++; continue; }
    let need: number, low = 0x80, high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b === 0xe0) { need = 2; low = 0xa0; }
    else if (b === 0xed) { need = 2; high = 0x9f; }
    else if (b >= 0xe1 && b <= 0xef) need = 2;
    else if (b === 0xf0) { need = 3; low = 0x90; }
    else if (b >= 0xf1 && b <= 0xf3) need = 3;
    else if (b === 0xf4) { need = 3; high = 0x8f; }
    else return { bad: i, complete: i };
    for (let k = 1; k <= need; k++) {
      if (i + k >= end) return { bad: -1, complete: i };
      const c = bytes[i + k];
      if (k === 1 ? c < low || c > high : c < 0x80 || c > 0xbf) return { bad: i, complete: i };
    }
    i += need + 1;
  }
  return { bad: -1, complete: i };
}

/**
 * Where UTF-8 shows up in Windows-1252 bytes: Â or Ã followed by a symbol
 * (UTF-8 for nbsp..ÿ, read as Windows-1252: "Ã©"), or a valid 3- or 4-byte
 * sequence ("â€™"). Real Windows-1252 text almost never has these; 2-byte
 * sequences with other leads (e.g. "ß”") are left alone. -1 if none.
 */
function utf8LookingSequence(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0xc2) continue;
    if (b <= 0xc3 || b >= 0xe0) {
      const { bad, complete } = utf8Check(bytes, i, i + 4);
      if (bad !== i && complete > i) return i;
    }
  }
  return -1;
}
