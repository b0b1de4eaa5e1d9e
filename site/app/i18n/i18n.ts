// The /app interface's i18next instance. English is bundled and ready synchronously
// (so every component renders English without a provider, as the unit tests do);
// Dutch is its own chunk, fetched only when someone needs it.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, type Resources } from '../../../domain/i18n/en.ts';
import { LANGUAGE_KEY } from '../prePaint.ts';
import { navigatorLanguages, resolveLanguage, type InterfaceLanguage } from './language.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Resources };
  }
}

function remembered(): InterfaceLanguage | null {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    return value === 'en' || value === 'nl' ? value : null;
  } catch {
    return null;
  }
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'nl'],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

let pending: Promise<void> | null = null;

/** Loads the Dutch texts once (a dynamic import: English users never download them). */
function loadDutch(): Promise<void> {
  pending ??= import('../../../domain/i18n/nl.ts').then(({ nl }) => { i18n.addResourceBundle('nl', 'translation', nl); });
  return pending;
}

/** Switches the interface (loading Dutch first when needed) and remembers the choice. */
export async function setInterfaceLanguage(language: InterfaceLanguage): Promise<void> {
  if (language === 'nl') await loadDutch();
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode: only the next reload starts in English.
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
  // Screen readers and the browser's own spelling and hyphenation read the page's language.
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The language the interface is in now. */
export function activeLanguage(): InterfaceLanguage {
  return i18n.language === 'nl' ? 'nl' : 'en';
}

// First paint: the language this browser last showed, else the browser's own.
const initial = remembered() ?? resolveLanguage(null, navigatorLanguages());
if (initial !== 'en') void setInterfaceLanguage(initial);
