// The server's translator: one engine (translator.ts) with both catalogues, for every text a
// candidate gets from the server (their emails, the unsubscribe page, the public and booking
// pages rendered by Astro). Browser-safe, but it holds every text of both languages: an
// island takes its part from the page instead (translator.ts textsTranslator).
import { en, type Resources } from './en.ts';
import { nl } from './nl.ts';
import type { Locale } from './locale.ts';
import { createI18n, translateWith, type TextKey, type TextValues, type Translate } from './translator.ts';
import { asSentence, renderCode, type Params } from './codes.ts';

export type { Locale, TextValues, Translate };

/** Any text of the catalogue: 'emails.message.unsubscribe'. */
export type CatalogueKey = TextKey<Resources>;

/** The dotted paths of the catalogue's branches (not its texts): 'emails', 'emails.meeting'. */
type Branch<T> = { [K in keyof T & string]: T[K] extends string ? never : K | `${K}.${Branch<T[K]>}` }[keyof T & string];
/** The texts under a branch's path. */
type At<T, P extends string> = P extends `${infer Head}.${infer Rest}` ? Head extends keyof T ? At<T[Head], Rest> : never
  : P extends keyof T ? T[P] : never;

const i18n = createI18n({ en, nl }, 'en');

/** The text of `key` in `locale`, with its {{values}} filled in (plain text: escape it for HTML). */
export function text(locale: Locale, key: CatalogueKey, values?: TextValues): string {
  return translateWith<Resources>((k, options) => i18n.t(k, options), locale)(key, values);
}

/**
 * An error's code (a key of the catalogue's errors) in `locale`, its params filled in as the browser's serverText
 * fills them: for the pages the server renders (the privacy page's "not saved: …").
 */
export function codeText(locale: Locale, code: string, params?: Params): string {
  const lookup = {
    t: (key: string, options: { replace?: Params }) => i18n.t(key, { ...options, lng: locale }),
    exists: (key: string) => i18n.exists(key, { lng: locale }),
  };
  return asSentence(renderCode(lookup, code, params), locale);
}

const fixed = new Map<string, unknown>();

/** The texts under one branch in one language: translator('nl', 'emails.meeting')('greeting', { name }). */
export function translator<P extends Branch<Resources>>(locale: Locale, branch: P): Translate<At<Resources, P>> {
  const id = `${locale}:${branch}`;
  let found = fixed.get(id) as Translate<At<Resources, P>> | undefined;
  if (!found) fixed.set(id, found = translateWith<At<Resources, P>>(i18n.fixedT(locale, branch), locale));
  return found;
}

/** One language's whole catalogue, for plain lookups (publicTexts) and for an island's data-texts. */
export function catalogue(locale: Locale): Resources {
  return locale === 'nl' ? nl : en;
}
