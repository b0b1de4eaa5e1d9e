// What components use: the translate function and the active language; both re-render
// the component when the language changes.
import { useTranslation } from 'react-i18next';
import { i18n } from './i18n.ts';
import type { InterfaceLanguage } from './language.ts';

export function useT() {
  return useTranslation(undefined, { i18n }).t;
}

export function useInterfaceLanguage(): InterfaceLanguage {
  return useTranslation(undefined, { i18n }).i18n.language === 'nl' ? 'nl' : 'en';
}
