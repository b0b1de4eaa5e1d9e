// Which language a public page is rendered in (decision 024): the visitor's
// Accept-Language, read on the server with the /app's own rule (domain/i18n/locale.ts:
// the first language we speak, else English), as the unsubscribe page reads it too.
// Signed-out pages have no setting.
import { publicPages as en } from '#domain/i18n/en/publicPages.ts';
import { publicPages as nl } from '#domain/i18n/nl/publicPages.ts';
import { acceptedLanguages, requestLocale } from '#domain/i18n/locale.ts';
import { LOCALES, type InterfaceLanguage } from '#app/i18n/language.ts';
import type { PublicTexts } from '../../scripts/texts.ts';

export type { InterfaceLanguage };
export { acceptedLanguages };

/** The language of a public page for this request. */
export function requestLanguage(headers: Headers): InterfaceLanguage {
  return requestLocale(headers);
}

const TEXTS: Record<InterfaceLanguage, PublicTexts> = { en, nl };

export function publicTexts(language: InterfaceLanguage): PublicTexts {
  return TEXTS[language];
}

export { LOCALES };
