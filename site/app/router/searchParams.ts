// How the router reads and writes the query string: flat `key=value` pairs,
// values encoded with encodeURIComponent (spec §2: the Advanced Editor's values
// are URI-encoded), nothing JSON-encoded, empty values left out. Every value
// arrives as text; each route's search schema (validateSearch) turns it into the
// typed value, or drops it when it is not valid.
//
// The schemas are small hand-written parsers, not zod: they are in the first chunk
// (the routes need them before any page loads), and zod's core would add about
// 15 KB gzip to it (decision 052). They accept exactly what decision 014's zod/mini
// schemas accepted; tests/unit/app/search-parsers.test.ts compares both over many inputs.

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

/** One search parameter: its typed value, or undefined when it is missing or not valid. */
export type SearchField<T> = (value: unknown) => T | undefined;

/** A schema's fields: each reads one parameter. */
export type SearchFields = Record<string, SearchField<unknown>>;

/** What a schema makes of a search: every field optional. */
export type SearchOf<F extends SearchFields> = { [K in keyof F]?: ReturnType<F[K]> };

/** A route's validateSearch, with its fields for reading one value alone. */
export interface SearchSchema<F extends SearchFields> {
  (search: Record<string, unknown>): SearchOf<F>;
  readonly fields: F;
}

/**
 * The route's validateSearch: the known parameters, each read by its field (a parameter
 * present but not valid stays as undefined, one absent stays absent); the others are dropped.
 */
export function searchSchema<F extends SearchFields>(fields: F): SearchSchema<F> {
  // In the order of the search (the address bar's), so that a page's change keeps the others where they were.
  const validate = (search: Record<string, unknown>) => {
    const result: Record<string, unknown> = {};
    for (const key of Object.keys(search)) {
      if (Object.hasOwn(fields, key)) result[key] = fields[key](search[key]);
    }
    return result as SearchOf<F>;
  };
  return Object.assign(validate, { fields });
}

/** The number a value reads as ('12' and 12 both read as 12), or NaN. */
function toNumber(value: unknown): number {
  try {
    return Number(value);
  } catch {
    return NaN;
  }
}

/** A whole number from `min` to `max` (ids, page numbers); '12' and 12 both read as 12. */
export const optionalInt = (min = 1, max = Number.MAX_SAFE_INTEGER): SearchField<number> => (value) => {
  const number = toNumber(value);
  return Number.isSafeInteger(number) && number >= min && number <= max ? number : undefined;
};

/** Free text up to `max` characters, as typed (not trimmed: the field shows it). */
export const optionalText = (max: number): SearchField<string> => (value) =>
  (typeof value === 'string' && value.length <= max ? value : undefined);

export const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T): SearchField<T[number]> => (value) =>
  ((values as readonly unknown[]).includes(value) ? value as T[number] : undefined);

/**
 * Several of `values`, comma-separated ('confirmed,no_show'), kept as that text so
 * the URL stays flat: unknown and repeated values are dropped, none left = undefined.
 */
export const optionalEnumList = (values: readonly string[]): SearchField<string> => (value) => {
  if (typeof value !== 'string') return undefined;
  const known = [...new Set(value.split(','))].filter((one) => values.includes(one));
  return known.length ? known.join(',') : undefined;
};

/** A calendar date 'YYYY-MM-DD' (not 2026-02-30). */
export const optionalDate = (): SearchField<string> => (value) => {
  if (typeof value !== 'string') return undefined;
  const time = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value) ? value : undefined;
};

// zod 4's z.uuid(): RFC 9562 versions 1-8 with the variant bits, or the nil and max UUIDs.
const UUID = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** A UUID (a user's id), as zod's z.uuid() accepts it. */
export const optionalUuid = (): SearchField<string> => (value) =>
  (typeof value === 'string' && UUID.test(value) ? value : undefined);

/**
 * The values of a union type as a list, checked by the compiler against the
 * type (none missing, none extra): a URL schema can name the API's values
 * (a type import, free at run time) without loading the API's zod schemas.
 */
export const everyValue = <T extends string>() =>
  <const L extends readonly [T, ...T[]]>(list: L & ([T] extends [L[number]] ? unknown : 'a value is missing')) => list;
