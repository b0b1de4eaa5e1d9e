// Which of the catalogue's languages a text is in (decision 024). Browser-safe, no packages:
// the /app's rule for a browser's languages, the public pages' and the unsubscribe page's
// Accept-Language, a draft's or campaign's language ('english' | 'dutch') as a locale, and
// what the candidate reads in (candidateLocale: their own language when known).
import type { Language } from '../schemas/language.ts';

/** The catalogue's languages (en.ts, nl.ts), as the engine and Intl name them. */
export const LOCALES = ['en', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];

/** A draft's, campaign's or candidate's language as the catalogue's locale. */
export function localeOf(language: Language): Locale {
  return language === 'dutch' ? 'nl' : 'en';
}

/**
 * The language of what a candidate reads (the booking page, the meeting emails and their ICS, the
 * reminders, the Outlook event, the unsubscribe page): their own (candidates.language, set by hand,
 * by CSV or read from their replies) when known, else `fallback` (the visitor's browser on a page,
 * English in an email).
 */
export function candidateLocale(language: Language | null | undefined, fallback: Locale): Locale {
  return language ? localeOf(language) : fallback;
}

/** 'nl' when the first of `languages` that we speak is Dutch (nl, nl-NL, nl-BE), else 'en'. */
export function browserLocale(languages: readonly string[] | undefined): Locale {
  for (const tag of languages ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'nl' || base === 'en') return base;
  }
  return 'en';
}

/** 'nl-NL;q=0.8, en;q=0.9, *' → ['en', 'nl-NL', '*']: by quality, ties in the order given; q=0 is left out. */
export function acceptedLanguages(header: string | null | undefined): string[] {
  return (header ?? '').split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}

/** The language of a page rendered for this request: the visitor's Accept-Language, else English. */
export function requestLocale(headers: Headers): Locale {
  return browserLocale(acceptedLanguages(headers.get('accept-language')));
}
