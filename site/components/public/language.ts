// Which language a public page is rendered in (decision 024): the visitor's
// Accept-Language, read on the server with the /app's own rule (domain/i18n/locale.ts:
// the first language we speak, else English), as the unsubscribe page reads it too.
// Signed-out pages have no setting.
import { publicPages as en } from '#domain/i18n/en/publicPages.ts';
import { publicPages as nl } from '#domain/i18n/nl/publicPages.ts';
import { acceptedLanguages, candidateLocale, LOCALES as LOCALE_NAMES, requestLocale } from '#domain/i18n/locale.ts';
import type { Language } from '#domain/schemas/language.ts';
import { LOCALES, type InterfaceLanguage } from '#app/i18n/language.ts';
import type { PublicTexts } from '../../scripts/texts.ts';

export type { InterfaceLanguage };
export { acceptedLanguages };

/** The language of a public page for this request. */
export function requestLanguage(headers: Headers): InterfaceLanguage {
  return requestLocale(headers);
}

/** The language the visitor chose with the booking page's switch (`?lang=nl`); null when none. */
export function chosenLanguage(url: URL): InterfaceLanguage | null {
  const lang = url.searchParams.get('lang');
  return LOCALE_NAMES.find((locale) => locale === lang) ?? null;
}

/**
 * The booking page's language: the one the visitor chose on it, else the candidate's own
 * (candidates.language), else the browser's (Accept-Language).
 */
export function bookingLanguage(url: URL, headers: Headers, candidate: Language | null | undefined): InterfaceLanguage {
  return chosenLanguage(url) ?? candidateLocale(candidate, requestLanguage(headers));
}

const TEXTS: Record<InterfaceLanguage, PublicTexts> = { en, nl };

export function publicTexts(language: InterfaceLanguage): PublicTexts {
  return TEXTS[language];
}

export { LOCALES };
