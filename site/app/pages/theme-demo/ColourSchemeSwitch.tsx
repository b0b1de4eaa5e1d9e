// Light or dark for the whole app: Mantine's colour scheme manager keeps the
// choice in this browser (App.tsx), so every page and every tab follows it.
import { SegmentedControl, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';

export function ColourSchemeSwitch() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  return (
    <SegmentedControl aria-label="Colour scheme" value={scheme}
      onChange={(value) => setColorScheme(value === 'dark' ? 'dark' : 'light')}
      data={[{ value: 'light', label: 'Light' }, { value: 'dark', label: 'Dark' }]} />
  );
}
