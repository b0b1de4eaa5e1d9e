// The /app interface's catalogue engine (domain/i18n/translator.ts). The shell's English is bundled and ready
// synchronously (so the shell renders without a provider, as the unit tests do); each
// page brings its own English (decision 044): the start page (the dashboard) in its
// chunk (addEnglish), the others with the rest of the catalogue, a chunk fetched beside
// the page's (loadEnglish, routes.ts). The texts of the server's codes (`errors`,
// `errorTerms`) are a chunk of their own, fetched right after the shell's first paint and
// awaited before an API error reaches the interface (loadErrorTexts, decision 052). Dutch
// is its own chunk, fetched only when someone needs it.
import type { Resources } from '../../../domain/i18n/en.ts';
import { pages } from '../../../domain/i18n/en/pages.ts';
import { palette } from '../../../domain/i18n/en/palette.ts';
import { common, sentiment, shell } from '../../../domain/i18n/en/shell.ts';
import { createI18n } from '../../../domain/i18n/translator.ts';
import { LANGUAGE_KEY } from '../prePaint.ts';
import { navigatorLanguages, resolveLanguage, type InterfaceLanguage } from './language.ts';

function remembered(): InterfaceLanguage | null {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    return value === 'en' || value === 'nl' ? value : null;
  } catch {
    return null;
  }
}

let englishPending: Promise<void> | null = null;

/** Adds English texts (a page's branches) to what the interface can say; components re-render with them. */
export function addEnglish(texts: Partial<Resources>) {
  i18n.addTexts('en', texts);
}

/** Loads the rest of the English catalogue once: every page but the start page, and the deferred dialogs, wait for it. */
export function loadEnglish(): Promise<void> {
  englishPending ??= import('../../../domain/i18n/en.ts').then(({ en }) => addEnglish(en));
  return englishPending;
}

let errorTextsPending: Promise<void> | null = null;

/**
 * Loads the English texts of the server's codes once (serverText.ts shows them). App.tsx starts it right after
 * the first paint; apiClient.ts toError awaits it before an API error goes on, so a toast, an alert or a field
 * never shows an error without its words. A failed load is tried again by the next caller.
 */
export function loadErrorTexts(): Promise<void> {
  errorTextsPending ??= Promise.all([import('../../../domain/i18n/en/errors.ts'), import('../../../domain/i18n/en/errorTerms.ts')])
    .then(([{ errors }, { errorTerms }]) => addEnglish({ errors, errorTerms }))
    .catch((error: unknown) => {
      errorTextsPending = null;
      throw error;
    });
  return errorTextsPending;
}

/**
 * The shell's words show on every screen; errors (serverText.ts) come with loadErrorTexts. A key whose page
 * did not bring it: the rest of the catalogue follows, and the text re-renders (useT subscribes).
 */
export const i18n = createI18n({ en: { common, shell, sentiment, pages, palette } }, 'en', () => { void loadEnglish(); });

let pending: Promise<void> | null = null;

/** Loads the Dutch texts once (a dynamic import: English users never download them). */
function loadDutch(): Promise<void> {
  pending ??= import('../../../domain/i18n/nl.ts').then(({ nl }) => { i18n.addTexts('nl', nl); });
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
  i18n.changeLanguage(language);
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
