// i18next over the catalogue (decision 024), without the catalogue itself: the server's
// translator (translate.ts, both languages) and a page's island (the part of the catalogue
// the page handed it in data-texts) fill in {{values}} the same way. Browser-safe.
import i18next, { type i18n, type InitOptions } from 'i18next';
import type { Locale } from './locale.ts';

/** What a text's {{name}}s are filled with. */
export type TextValues = Record<string, string | number>;

/** The dotted keys of a tree of texts: 'problems.expired.title'. */
export type TextKey<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${TextKey<T[K]>}` }[keyof T & string];

/** A text of the tree by its key, with its {{values}} filled in. */
export type Translate<T> = (key: TextKey<T>, values?: TextValues) => string;

/**
 * Every instance: ready at once (no async init), English where a text is missing (the type check
 * keeps Dutch complete), and plain text: a caller writing HTML escapes the result.
 */
const OPTIONS = { fallbackLng: 'en', initAsync: false, returnNull: false, interpolation: { escapeValue: false } } satisfies InitOptions;

/** An i18next instance over these texts per language (each under the default namespace), initialised. */
export function createI18n(texts: Partial<Record<Locale, object>>, lng: Locale): i18n {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(Object.entries(texts).map(([locale, tree]) => [locale, { translation: tree }]));
  void instance.init({ ...OPTIONS, resources, lng });
  return instance;
}

/** Plain keys and values: a value is only ever a value (`replace`), never an option such as `lng` or `count`. */
type Lookup = (key: string, options: { lng?: string; replace?: TextValues }) => string;

/** `t` of an instance (or of getFixedT) as a function of a tree's keys. */
export function translateWith<T>(t: unknown, lng?: Locale): Translate<T> {
  const lookup = t as Lookup;
  return (key, values) => lookup(key, { lng, replace: values });
}

const translators = new WeakMap<object, Map<Locale, unknown>>();

/**
 * A translator over one language's texts: the part of the catalogue a page hands its island
 * (and the same part on the server, so both fill in the same way). One instance per texts object.
 */
export function textsTranslator<T extends object>(texts: T, locale: Locale = 'en'): Translate<T> {
  let byLocale = translators.get(texts);
  if (!byLocale) translators.set(texts, byLocale = new Map<Locale, unknown>());
  let found = byLocale.get(locale) as Translate<T> | undefined;
  if (!found) {
    const instance = createI18n({ [locale]: texts }, locale);
    found = translateWith<T>(instance.t.bind(instance), locale);
    byLocale.set(locale, found);
  }
  return found;
}
