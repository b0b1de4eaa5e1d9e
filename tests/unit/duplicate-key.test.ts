// duplicateKey (edge-functions/http.ts): a key given twice in one object of a JSON body, which JSON.parse would
// settle silently by keeping the last. It skips strings by searching for their closing quote, so escapes matter.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateKey } from '../../edge-functions/http.ts';

describe('duplicateKey', () => {
  it.each([
    ['{"a":1,"b":2}', null],
    ['{"a":1,"a":2}', 'a'],
    ['{"a":{"b":1,"c":[{"d":1,"d":2}]}}', 'a.c.0.d'],
    ['[{"x":1},{"x":2}]', null],
    // A quote or a backslash inside a string does not end it early, and a key's text is compared once decoded.
    ['{"a\\"b":1,"c":"\\"a\\"b\\":","a\\"b":2}', 'a"b'],
    ['{"a":"ends in a backslash\\\\","b":1,"b":2}', 'b'],
    ['{"a":"\\\\\\"still a string\\\\\\\\","a":0}', 'a'],
    ['{"\\u0061":1,"a":2}', 'a'],
    ['{"a":"{\\"a\\":1,\\"a\\":2}"}', null],
  ])('%s → %s', (text, expected) => {
    expect(duplicateKey(text)).toBe(expected);
  });

  it('finds a duplicate exactly when an object holds a decoded key twice, for any JSON', () => {
    // Objects built as entry lists, so that keys may repeat; strings of any characters (quotes, backslashes, escapes).
    // Each text comes with whether it holds a repeated key, known as it is built (JSON.parse could not tell).
    interface Built { text: string; duplicate: boolean }
    const key = fc.string({ maxLength: 4, unit: fc.constantFrom('a', 'b', '"', '\\', 'é', '\n') });
    const value: fc.Arbitrary<Built> = fc.letrec((tie) => ({
      any: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 0 }).map((v) => ({ text: JSON.stringify(v), duplicate: false })),
        tie('object'), tie('array')),
      object: fc.array(fc.tuple(key, tie('any') as fc.Arbitrary<Built>), { maxLength: 4 }).map((entries) => ({
        text: `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v.text}`).join(',')}}`,
        duplicate: new Set(entries.map(([k]) => k)).size < entries.length || entries.some(([, v]) => v.duplicate),
      })),
      array: fc.array(tie('any') as fc.Arbitrary<Built>, { maxLength: 3 })
        .map((items) => ({ text: `[${items.map((item) => item.text).join(',')}]`, duplicate: items.some((item) => item.duplicate) })),
    })).any as fc.Arbitrary<Built>;
    fc.assert(fc.property(value, ({ text, duplicate }) => {
      expect(duplicateKey(text) !== null).toBe(duplicate);
    }), { numRuns: 500 });
  });
});
