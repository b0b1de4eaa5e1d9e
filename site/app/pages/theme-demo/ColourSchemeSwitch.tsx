// Light or dark for the whole app: Mantine's colour scheme manager keeps the
// choice in this browser (App.tsx), so every page and every tab follows it.
import { useT } from '#app/i18n/useT.ts';
import { SegmentedControl, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';

export function ColourSchemeSwitch() {
  const t = useT();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  return (
    <SegmentedControl aria-label={t('themeDemo.scheme')} value={scheme}
      onChange={(value) => setColorScheme(value === 'dark' ? 'dark' : 'light')}
      data={[{ value: 'light', label: t('themeDemo.schemes.light') }, { value: 'dark', label: t('themeDemo.schemes.dark') }]} />
  );
}
