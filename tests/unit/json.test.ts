// parseJson (platform/json.ts): JSON.parse with every key as written, also after V8's escaped-key bug has been
// primed by an object with the key `\` (nodejs/node#63785).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '#platform/json.ts';

/** What primes the bug: an object with a key `\` read natively. */
function readBackslashKey() {
  JSON.parse('{"h":[],"\\\\":0}');
  JSON.parse('{"\\n\\n":true,"\\\\":true}');
}

describe('parseJson', () => {
  it('reads an escaped quote key as a quote after an object with a backslash key', () => {
    readBackslashKey();
    expect(Object.keys(parseJson('{"h":1,"\\"":2}') as object)).toEqual(['h', '"']);
  });

  it('reads an escaped new line key as a new line after an object with a backslash key', () => {
    JSON.parse('{"g":[],"\\\\":0}');
    expect(parseJson('{"g":1,"\\n":2}')).toEqual({ g: 1, '\n': 2 });
  });

  it('reads back what JSON.stringify wrote, for any JSON with keys and strings of quotes, backslashes and escapes', () => {
    // Short keys of few characters, so that objects often share their first keys, as the bug needs.
    const key = fc.string({ maxLength: 2, unit: fc.constantFrom('a', '"', '\\', '\n') });
    const tricky = fc.string({ maxLength: 4, unit: fc.constantFrom('a', 'b', '"', '\\', 'é', '\n', '\u0001', '😀') });
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, tricky, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(),
        fc.constant(null), tie('object'), tie('array')),
      object: fc.dictionary(key, tie('value'), { maxKeys: 4 }),
      array: fc.array(tie('value'), { maxLength: 3 }),
    })).value;
    readBackslashKey();
    fc.assert(fc.property(json, (value) => {
      const text = JSON.stringify(value);
      expect(JSON.stringify(parseJson(text))).toBe(text);
    }), { numRuns: 1000 });
  });

  it('reads as JSON.parse does: "__proto__" an own key, a repeated key in its first place with its last value, numbers, white space', () => {
    const text = ' {\n "__proto__" : {"x":1}, "a\\t": [ 1.5e3 , -0.25, true , false, null, "\\u00e9" ], "b":"", "a\\t" : {} } ';
    const value = parseJson(text) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'a\t', 'b']);
    expect(JSON.stringify(value)).toBe('{"__proto__":{"x":1},"a\\t":{},"b":""}');
    expect(parseJson('[{"a":1500,"b":[-0.25,"é\\n"]}]')).toEqual([{ a: 1500, b: [-0.25, 'é\n'] }]);
  });

  it('reads a body nested 100,000 deep', () => {
    const text = `${'['.repeat(100_000)}"\\n"${']'.repeat(100_000)}`;
    let value = parseJson(text);
    let depth = 0;
    while (Array.isArray(value)) [value, depth] = [value[0], depth + 1];
    expect([depth, value]).toEqual([100_000, '\n']);
  });

  it('refuses what is not JSON as JSON.parse does', () => {
    expect(() => parseJson('{"a\\n":1,}')).toThrow(SyntaxError);
    expect(() => parseJson('')).toThrow(SyntaxError);
  });
});
