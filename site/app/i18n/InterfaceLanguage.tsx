// Keeps the interface in the signed-in user's language: their setting (Settings →
// Profile; saving it updates this query, so the switch is immediate), else the
// browser's. Renders nothing; mounted once inside the session gate (App.tsx).
import { useEffect } from 'react';
import { useProfileSettings } from '#app/pages/settings/settingsQueries.ts';
import { setInterfaceLanguage } from './i18n.ts';
import { resolveLanguage } from './language.ts';

export function InterfaceLanguage() {
  const profile = useProfileSettings();
  const setting = profile.data?.language;
  const loaded = profile.isSuccess;
  useEffect(() => {
    if (loaded) void setInterfaceLanguage(resolveLanguage(setting));
  }, [loaded, setting]);
  return null;
}
