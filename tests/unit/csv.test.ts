import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvDecoder, type TextEncoding } from '#domain/imports/csv-decoder.ts';
import { CsvError, CsvParser, csvLine, decodeCsvBytes, detectDelimiter, parseCsv, readCsv, type Delimiter } from '#domain/imports/csv.ts';
import { utf16Bytes } from '../support/utf16.ts';

const fields = (text: string) => parseCsv(text).records.map((r) => r.fields);

/** Feeds the text in pieces of `size` characters, as a stream would. */
function inPieces(text: string, size: number) {
  const parser = new CsvParser();
  const records = [];
  for (let i = 0; i < text.length; i += size) records.push(...parser.push(text.slice(i, i + size)));
  records.push(...parser.end());
  return records;
}

describe('CSV parser', () => {
  it('reads plain rows, with or without a final line break', () => {
    expect(fields('name,email\nJan,jan@example.com\n')).toEqual([['name', 'email'], ['Jan', 'jan@example.com']]);
    expect(fields('name,email\r\nJan,jan@example.com')).toEqual([['name', 'email'], ['Jan', 'jan@example.com']]);
  });

  it('handles quotes, escaped quotes, delimiters and line breaks inside quotes', () => {
    const text = 'name,notes\n"Jansen, Jan","said ""hi""\nand left"\nPiet,"a\r\nb"\n';
    expect(fields(text)).toEqual([['name', 'notes'], ['Jansen, Jan', 'said "hi"\nand left'], ['Piet', 'a\r\nb']]);
  });

  it('keeps empty fields and trailing delimiters, and skips blank lines', () => {
    expect(fields('a,b,c\n1,,3\n\n4,5,\n')).toEqual([['a', 'b', 'c'], ['1', '', '3'], ['4', '5', '']]);
  });

  it('numbers each record by the line it starts on, counting line breaks inside quotes', () => {
    const { records } = parseCsv('h1,h2\n"multi\nline",x\n\nlast,y\r\nend,z');
    expect(records.map((r) => r.line)).toEqual([1, 2, 5, 6]);
  });

  it('strips a UTF-8 byte-order mark', () => {
    expect(fields('\ufeffnaam;email\nJan;j@x.nl\n')).toEqual([['naam', 'email'], ['Jan', 'j@x.nl']]);
  });

  it('detects ; (Dutch Excel), tab and , from the header line', () => {
    expect(detectDelimiter('Voornaam;Achternaam;E-mailadres')).toBe(';');
    expect(detectDelimiter('name\temail')).toBe('\t');
    expect(detectDelimiter('"Naam; volledig",email')).toBe(',');
    expect(detectDelimiter('name')).toBe(',');
    expect(parseCsv('a;b\n"x;y";z\n').records[1].fields).toEqual(['x;y', 'z']);
  });

  it('gives the same records however the text is cut into chunks', () => {
    const text = '\ufeffname;notes;tags\r\n"Müller, Anna";"line 1\r\nline ""2""";go,java\r\nPiet;;\r\n"";x;"y"\r\nlast;row;here';
    const whole = inPieces(text, text.length);
    for (const size of [1, 2, 3, 5, 7, 13]) expect(inPieces(text, size)).toEqual(whole);
    expect(whole.map((r) => r.line)).toEqual([1, 2, 4, 5, 6]);
    expect(whole[1].fields).toEqual(['Müller, Anna', 'line 1\r\nline "2"', 'go,java']);
  });

  it('reads a byte stream, multi-byte characters split across chunks included', async () => {
    const bytes = new TextEncoder().encode('naam;plaats\nZoë;Düsseldorf\nJoël;Gent\n');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
        controller.close();
      },
    });
    const records = [];
    for await (const batch of readCsv(stream)) records.push(...batch);
    expect(records.map((r) => r.fields)).toEqual([['naam', 'plaats'], ['Zoë', 'Düsseldorf'], ['Joël', 'Gent']]);
  });

  it('tells UTF-8 from Windows-1252 (Excel on Windows)', () => {
    expect(decodeCsvBytes(new TextEncoder().encode('naam\nZoë Müller\n'))).toEqual({ text: 'naam\nZoë Müller\n', encoding: 'utf-8' });
    expect(decodeCsvBytes(Uint8Array.from([0x6e, 0x61, 0x61, 0x6d, 0x0a, 0x5a, 0x6f, 0xeb, 0x0a, 0x41, 0x0a, 0x42, 0x0a])))
      .toEqual({ text: 'naam\nZoë\nA\nB\n', encoding: 'windows-1252' });
  });
});

/** The error a function throws (a CsvError expected). */
function csvError(work: () => unknown): CsvError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(CsvError);
    return error as CsvError;
  }
  throw new Error('expected a CsvError');
}

/** Decodes bytes fed in pieces of `size`, as a stream would. */
function decodeInPieces(bytes: Uint8Array, size: number, encoding?: TextEncoding) {
  const decoder = new CsvDecoder({ encoding });
  let text = '';
  for (let i = 0; i < bytes.length; i += size) text += decoder.push(bytes.subarray(i, i + size));
  return { text: text + decoder.end(), encoding: decoder.encoding };
}

describe('CSV reader refusals (a file is read as its writer meant it, or refused with the line)', () => {
  it('names the line where a quote opened that is never closed', () => {
    const error = csvError(() => parseCsv('name,email\n"Jan Jansen,jan@example.com\nPiet,piet@example.com\nKlaas,k@example.com\n'));
    expect(error.line).toBe(2);
    expect(error.message).toMatch(/^Line 2: a quoted value opened here is never closed/);
    // Only the start of a file: the cut-off record is left out instead.
    expect(parseCsv('name,notes\nJan,x\nPiet,"line one\nline', { partial: true }).records.map((r) => r.line)).toEqual([1, 2]);
  });

  it('refuses text after a closing quote, naming where the quote opened', () => {
    expect(csvError(() => parseCsv('name,notes\nJan,"said "hi" twice"\n')).message)
      .toMatch(/^Line 2: a quoted value has a quote inside it that is not doubled/);
    const swallowed = csvError(() => parseCsv('name,email\n"Jan,jan@x.nl\nPiet,"piet@x.nl"\n'));
    expect(swallowed.line).toBe(3);
    expect(swallowed.message).toMatch(/closes the value opened on line 2, but text follows it/);
    // Spaces after a closing quote are padding, and a quote inside an unquoted value is text.
    expect(fields('a,b\n"x" ,5\'11"\n')).toEqual([['a', 'b'], ['x', '5\'11"']]);
  });

  it('stops a quoted value that runs on past any spreadsheet cell, without holding the file', () => {
    const parser = new CsvParser();
    parser.push('name,notes\nJan,"never closed\n');
    const error = csvError(() => { for (let i = 0; i < 2000; i++) parser.push(`Row ${i},${'x'.repeat(100)}\n`); });
    expect(error.message).toMatch(/^Line 2: a quoted value opened here runs on for more than 100,000 characters/);
  });

  it('refuses a NUL character with its line, also in a later chunk', () => {
    const bytes = new TextEncoder().encode('name\r\nJan\r\n"two\r\nlines"\r\nPi\0et\r\n');
    for (const size of [1, 3, 4096]) {
      const error = csvError(() => decodeInPieces(bytes, size));
      expect(error.line).toBe(5);
      expect(error.message).toMatch(/^Line 5 contains a NUL character/);
    }
  });

  it('reads UTF-16 LE and BE, with and without a byte-order mark, in any chunks', () => {
    const text = 'naam;plaats\r\nZoë;Düsseldorf\r\n"Ω ∑";😀 ok\r\n';
    for (const order of ['le', 'be'] as const) {
      for (const bom of [true, false]) {
        for (const size of [1, 3, 4096]) {
          const read = decodeInPieces(utf16Bytes(text, order, bom), size);
          expect(read.encoding, `${order} ${bom} ${size}`).toBe(`utf-16${order}`);
          expect(parseCsv(read.text).records.map((r) => r.fields)).toEqual([['naam', 'plaats'], ['Zoë', 'Düsseldorf'], ['Ω ∑', '😀 ok']]);
        }
      }
    }
    const lone = utf16Bytes('a\nb\nc\ud800d\n', 'le', true);
    expect(csvError(() => decodeInPieces(lone, 5)).message).toMatch(/^Line 3 is not valid UTF-16 LE/);
  });

  it('refuses UTF-8 with Windows-1252 bytes further on, naming the first bad line, in any chunks', () => {
    const head = new TextEncoder().encode('naam;plaats\nZoë;Düsseldorf\nJan;Gent\n');
    const bytes = new Uint8Array([...head, ...Buffer.from('Jos\xe9;Li\xe8ge\n', 'latin1')]);
    for (const size of [1, 2, 7, 4096]) {
      const error = csvError(() => decodeInPieces(bytes, size));
      expect(error.line).toBe(4);
      expect(error.message).toBe('Line 4 is not valid UTF-8 (it has characters in another encoding, such as Windows-1252): save the file as UTF-8 and import again');
    }
    // A character cut off by the end of the file.
    expect(csvError(() => decodeCsvBytes(new Uint8Array([0x61, 0x0a, 0x62, 0xc3, 0xa9, 0x0a, 0xe2, 0x82]))).line).toBe(3);
  });

  it('reads a wholly Windows-1252 file whose first accent comes late, and refuses UTF-8 mixed into one', () => {
    const ascii = 'naam;plaats\n' + 'Jan;Gent\n'.repeat(1000);
    const late = Buffer.from(ascii + 'Zo\xeb;D\xfcsseldorf\nStra\xdfe\x94;x\n', 'latin1');
    for (const size of [1000, 65536]) {
      expect(decodeInPieces(new Uint8Array(late), size)).toMatchObject({ encoding: 'windows-1252', text: ascii + 'Zoë;Düsseldorf\nStraße”;x\n' });
    }
    const mixed = new Uint8Array([...Buffer.from('naam\nZo\xeb\nJan\n', 'latin1'), ...new TextEncoder().encode('Jos\u00e9\n')]);
    const error = csvError(() => decodeCsvBytes(mixed));
    expect(error.line).toBe(4);
    expect(error.message).toMatch(/^Line 4 has UTF-8 characters in a file that is otherwise Windows-1252/);
    // A given encoding is taken as given.
    expect(decodeCsvBytes(mixed, { encoding: 'windows-1252' }).text).toBe('naam\nZoë\nJan\nJosÃ©\n');
    expect(csvError(() => decodeCsvBytes(new Uint8Array(late), { encoding: 'utf-8' })).line).toBe(1002);
  });

  it('names an Excel workbook sent instead of a CSV file', () => {
    expect(csvError(() => decodeCsvBytes(new Uint8Array([0x50, 0x4b, 3, 4, 20, 0, 6, 0]))).message).toMatch(/Excel workbook \(\.xlsx\)/);
  });

  it('stops reading a stream at the first refusal', async () => {
    const bytes = new TextEncoder().encode('name\nA\nB\0\nC\n');
    const stream = new ReadableStream<Uint8Array>({ start(controller) { controller.enqueue(bytes); controller.close(); } });
    const read = async () => { for await (const batch of readCsv(stream)) void batch; };
    await expect(read()).rejects.toThrow(/^Line 3 contains a NUL character/);
  });
});

describe('CSV writer', () => {
  it('quotes only where needed and round-trips through the parser', () => {
    const values = ['plain', 'with,comma', 'with "quote"', 'two\nlines', '', null, 42, true];
    const line = csvLine(values);
    expect(line).toBe('plain,"with,comma","with ""quote""","two\nlines",,,42,true\r\n');
    expect(parseCsv(line).records[0].fields).toEqual(['plain', 'with,comma', 'with "quote"', 'two\nlines', '', '', '42', 'true']);
  });

  it('reads back any values it wrote, with each delimiter detected from the header, in chunks of any size', () => {
    const cell = fc.string({ maxLength: 5, unit: fc.constantFrom('a', ',', ';', '\t', '"', '\n', '\r', ' ', 'é', '😀', "'", '=') });
    // A row of one empty value is a blank line, which the reader skips.
    const row = fc.array(cell, { minLength: 1, maxLength: 4 }).filter((values) => values.length > 1 || values[0] !== '');
    fc.assert(fc.property(fc.array(row, { minLength: 1, maxLength: 5 }), fc.constantFrom<Delimiter>(',', ';', '\t'), fc.integer({ min: 1, max: 7 }),
      (rows, delimiter, size) => {
        const written = [['name', 'email'], ...rows];
        const text = written.map((values) => csvLine(values, { delimiter })).join('');
        expect(parseCsv(text).records.map((record) => record.fields)).toEqual(written);
        const parser = new CsvParser();
        const records = [];
        for (let i = 0; i < text.length; i += size) records.push(...parser.push(text.slice(i, i + size)));
        records.push(...parser.end());
        expect(records.map((record) => record.fields)).toEqual(written);
      }), { numRuns: 1000 });
  });

  it('defuses spreadsheet formulas but leaves phone numbers alone', () => {
    expect(csvLine(['=HYPERLINK("x")', '@SUM(A1)', '+31 6 12345678', '-12', '+cmd'], { guardFormulas: true }))
      .toBe(`"'=HYPERLINK(""x"")",'@SUM(A1),+31 6 12345678,-12,'+cmd\r\n`);
  });

  it('writes ; for Dutch Excel', () => {
    expect(csvLine(['a;b', 'c'], { delimiter: ';' })).toBe('"a;b";c\r\n');
  });
});
