// What components use: the translate function and the active language; both re-render
// the component when the language changes or a page's texts arrive.
import { useSyncExternalStore } from 'react';
import type { Resources } from '../../../domain/i18n/en.ts';
import type { TKey, TOptions } from '../../../domain/i18n/translator.ts';
import { i18n } from './i18n.ts';
import type { InterfaceLanguage } from './language.ts';

/** The interface's translate function: any key of the catalogue (a plural text by its key without `_one`/`_other`). */
export type AppT = (key: TKey<Resources>, options?: TOptions) => string;

const translate = () => i18n.translate;
const language = () => i18n.language;

/** A new function after each change, so that memos which depend on it recompute. */
export function useT(): AppT {
  return useSyncExternalStore(i18n.subscribe, translate, translate);
}

export function useInterfaceLanguage(): InterfaceLanguage {
  return useSyncExternalStore(i18n.subscribe, language, language) === 'nl' ? 'nl' : 'en';
}
