import { Stack, Text, Title } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';

const SIZES = ['xl', 'lg', 'md', 'sm', 'xs'] as const;
const HEADINGS = [2, 3, 4, 5, 6] as const;

/** Headings h2 to h6 (the page keeps its one h1) and the text sizes. */
export function TypeScale() {
  const t = useT();
  return (
    <Stack gap="xs">
      <Title order={2}>{t('themeDemo.typeScale')}</Title>
      {HEADINGS.map((order) => <Title key={order} order={order}>{t('themeDemo.heading', { order })}</Title>)}
      {SIZES.map((size) => <Text key={size} size={size}>{t('themeDemo.textSize', { size })}</Text>)}
      <Text size="sm" c="dimmed">{t('themeDemo.dimmed')}</Text>
    </Stack>
  );
}
