// Which language the /app interface speaks: the user's setting (Settings → Profile),
// else the first of the browser's languages we speak, else English. No React, no
// catalogue engine: the rule is a pure function the tests and the setup share.
import type { InterfaceLanguage } from '#domain/settings/schemas.ts';
import { browserLocale } from '#domain/i18n/locale.ts';

export type { InterfaceLanguage };

/** The locale for dates and numbers. English keeps 'en-US', the format the spec's texts and dates were written in. */
export const LOCALES: Record<InterfaceLanguage, string> = { en: 'en-US', nl: 'nl-NL' };

/** 'nl' when the first of `languages` that we speak is Dutch (nl, nl-NL, nl-BE), else 'en' (the public pages' rule too). */
export function browserLanguage(languages: readonly string[] | undefined): InterfaceLanguage {
  return browserLocale(languages);
}

export function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** The setting wins; null (or not loaded) follows the browser. */
export function resolveLanguage(setting: InterfaceLanguage | null | undefined, languages = navigatorLanguages()): InterfaceLanguage {
  return setting ?? browserLanguage(languages);
}
