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
    const key = fc.string({ maxLength: 4, unit: fc.constantFrom('a', 'b', '"', '\\', 'é', '\n') });
    const value: fc.Arbitrary<string> = fc.letrec((tie) => ({
      any: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 0 }).map((v) => JSON.stringify(v)), tie('object'), tie('array')),
      object: fc.array(fc.tuple(key, tie('any') as fc.Arbitrary<string>), { maxLength: 4 })
        .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
      array: fc.array(tie('any') as fc.Arbitrary<string>, { maxLength: 3 }).map((items) => `[${items.join(',')}]`),
    })).any as fc.Arbitrary<string>;
    fc.assert(fc.property(value, (text) => {
      expect(duplicateKey(text) !== null).toBe(hasDuplicate(text));
    }), { numRuns: 500 });
  });
});

/**
 * The reference: each object of `text` read twice, as JSON.parse keeps it (a repeated key collapses) and as the
 * list of its raw entries (the text's braces and colons turned into brackets and commas, strings left whole).
 */
function hasDuplicate(text: string): boolean {
  const asLists = text.replace(/"(?:[^"\\]|\\.)*"|[{}:]/g, (token) => ({ '{': '[', '}': ']', ':': ',' } as Record<string, string>)[token] ?? token);
  const walk = (value: unknown, list: unknown): boolean => {
    if (Array.isArray(value)) return value.some((item, i) => walk(item, (list as unknown[])[i]));
    if (!value || typeof value !== 'object') return false;
    const entries = list as unknown[];
    if (Object.keys(value).length * 2 !== entries.length) return true;
    // Each key once: the value under the i-th key is the object form of the i-th entry's value.
    return entries.some((entry, i) => i % 2 === 1 && walk((value as Record<string, unknown>)[entries[i - 1] as string], entry));
  };
  return walk(JSON.parse(text), JSON.parse(asLists));
}
