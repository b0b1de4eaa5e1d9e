// Which language a public page is rendered in (decision 024): the visitor's
// Accept-Language, read on the server with the /app's own rule (browserLanguage:
// the first language we speak, else English). Signed-out pages have no setting.
import { publicPages as en } from '#domain/i18n/en/publicPages.ts';
import { publicPages as nl } from '#domain/i18n/nl/publicPages.ts';
import { browserLanguage, LOCALES, type InterfaceLanguage } from '#app/i18n/language.ts';
import type { PublicTexts } from '../../scripts/texts.ts';

export type { InterfaceLanguage };

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

/** The language of a public page for this request. */
export function requestLanguage(headers: Headers): InterfaceLanguage {
  return browserLanguage(acceptedLanguages(headers.get('accept-language')));
}

const TEXTS: Record<InterfaceLanguage, PublicTexts> = { en, nl };

export function publicTexts(language: InterfaceLanguage): PublicTexts {
  return TEXTS[language];
}

export { LOCALES };
