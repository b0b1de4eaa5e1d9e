import { describe, expect, it } from 'vitest';
import { CsvParser, csvLine, detectDelimiter, detectEncoding, parseCsv, readCsv } from '../../domain/csv.ts';

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
    expect(detectEncoding(new TextEncoder().encode('naam\nZoë Müller\n'))).toBe('utf-8');
    expect(detectEncoding(Uint8Array.from([0x6e, 0x61, 0x61, 0x6d, 0x0a, 0x5a, 0x6f, 0xeb, 0x0a, 0x41, 0x0a, 0x42, 0x0a]))).toBe('windows-1252');
  });
});

describe('CSV writer', () => {
  it('quotes only where needed and round-trips through the parser', () => {
    const values = ['plain', 'with,comma', 'with "quote"', 'two\nlines', '', null, 42, true];
    const line = csvLine(values);
    expect(line).toBe('plain,"with,comma","with ""quote""","two\nlines",,,42,true\r\n');
    expect(parseCsv(line).records[0].fields).toEqual(['plain', 'with,comma', 'with "quote"', 'two\nlines', '', '', '42', 'true']);
  });

  it('defuses spreadsheet formulas but leaves phone numbers alone', () => {
    expect(csvLine(['=HYPERLINK("x")', '@SUM(A1)', '+31 6 12345678', '-12', '+cmd'], { guardFormulas: true }))
      .toBe(`"'=HYPERLINK(""x"")",'@SUM(A1),+31 6 12345678,-12,'+cmd\r\n`);
  });

  it('writes ; for Dutch Excel', () => {
    expect(csvLine(['a;b', 'c'], { delimiter: ';' })).toBe('"a;b";c\r\n');
  });
});
