// /app/theme-demo: the design system on one page (issue 13): colours with their
// contrast, type, buttons, inputs, badges, toasts, drawers, and the light/dark switch.
import { Divider, Group, Stack } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { PageHeader } from './PageHeader.tsx';
import { ColourContrast } from './theme-demo/ColourContrast.tsx';
import { ColourSchemeSwitch } from './theme-demo/ColourSchemeSwitch.tsx';
import { Badges, Buttons, Inputs } from './theme-demo/Controls.tsx';
import { Drawers, Toasts } from './theme-demo/ToastsAndDrawers.tsx';
import { TypeScale } from './theme-demo/TypeScale.tsx';

export function ThemeDemoPage() {
  const t = useT();
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-start">
        <PageHeader title={t('themeDemo.title')} description={t('themeDemo.description')} />
        <ColourSchemeSwitch />
      </Group>
      <ColourContrast />
      <Divider />
      <TypeScale />
      <Divider />
      <Buttons />
      <Inputs />
      <Badges />
      <Divider />
      <Toasts />
      <Drawers />
    </Stack>
  );
}
