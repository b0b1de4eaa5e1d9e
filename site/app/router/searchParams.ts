// How the router reads and writes the query string: flat `key=value` pairs,
// values encoded with encodeURIComponent (spec §2: the Advanced Editor's values
// are URI-encoded), nothing JSON-encoded, empty values left out. Every value
// arrives as text; each route's zod schema (validateSearch) turns it into the
// typed value, or drops it when it is not valid.
//
// The schemas use zod/mini: they are in the first chunk (the routes need them
// before any page loads), and zod's full API would add about 25 KB gzip to it.
import * as z from 'zod/mini';

export type RawSearch = Record<string, string>;

/** '?a=1&b=x' → { a: '1', b: 'x' }; a repeated key keeps its first value. */
export function parseSearch(searchStr: string): RawSearch {
  const search = Object.create(null) as RawSearch;
  for (const [key, value] of new URLSearchParams(searchStr)) {
    if (!(key in search)) search[key] = value;
  }
  return search;
}

/** { a: 1, b: 'x y', c: undefined } → '?a=1&b=x%20y' (order kept; undefined, null and '' left out). */
export function stringifySearch(search: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    const text = typeof value === 'string' ? value
      : typeof value === 'number' || typeof value === 'boolean' ? String(value)
        : JSON.stringify(value);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

// Building blocks for the routes' search schemas: a value that is missing or
// not valid becomes undefined (the page's default) instead of an error, so a
// hand-edited or outdated link still opens the page.

export const lenient = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

/** A whole number from `min` to `max` (ids, page numbers); '12' and 12 both read as 12. */
export const optionalInt = (min = 1, max = Number.MAX_SAFE_INTEGER) =>
  lenient(z.pipe(z.coerce.number(), z.int().check(z.minimum(min), z.maximum(max))));

/** Free text up to `max` characters, as typed (not trimmed: the field shows it). */
export const optionalText = (max: number) => lenient(z.string().check(z.maxLength(max)));

export const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) => lenient(z.enum(values));

/**
 * Several of `values`, comma-separated ('confirmed,no_show'), kept as that text so
 * the URL stays flat: unknown and repeated values are dropped, none left = undefined.
 */
export const optionalEnumList = (values: readonly string[]) => lenient(z.pipe(z.string(), z.transform((text) => {
  const known = [...new Set(text.split(','))].filter((value) => values.includes(value));
  return known.length ? known.join(',') : undefined;
})));

/** A calendar date 'YYYY-MM-DD' (not 2026-02-30). */
export const optionalDate = () => lenient(z.string().check(z.refine((text) => {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : NaN;
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
})));

/**
 * The values of a union type as a list, checked by the compiler against the
 * type (none missing, none extra): a URL schema can name the API's values
 * (a type import, free at run time) without loading the API's zod schemas.
 */
export const everyValue = <T extends string>() =>
  <const L extends readonly [T, ...T[]]>(list: L & ([T] extends [L[number]] ? unknown : 'a value is missing')) => list;
