// The palette as the app uses it, each pair with its contrast ratio computed from
// the theme's own colours (site/app/theme.ts) for the scheme on screen.
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title, useComputedColorScheme } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import { contrastLabel, contrastRatio, DIMMED, schemeColours } from '#app/theme.ts';

const BODY = { light: '#ffffff', dark: '#242424' } as const;
const TEXT = { light: '#000000', dark: '#c9c9c9' } as const;
/** The colours the app gives meaning to (status, sentiment, bands, the primary). */
const SHOWN = ['indigo', 'blue', 'green', 'teal', 'yellow', 'orange', 'red', 'grape', 'gray'] as const;

function Pair({ label, foreground, background }: { label: string; foreground: string; background: string }) {
  const ratio = contrastRatio(foreground, background);
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" px="xs" py={4} style={{ background, color: foreground, borderRadius: 4 }}>
      <Text size="sm" inherit>{label}</Text>
      <Text size="xs" inherit fw={600} data-testid="contrast-ratio">{contrastLabel(ratio)}</Text>
    </Group>
  );
}

export function ColourContrast() {
  const t = useT();
  const scheme = useComputedColorScheme('light');
  const body = BODY[scheme];
  return (
    <Stack gap="sm">
      <Title order={2}>{t('themeDemo.colours')}</Title>
      <Text size="sm" c="dimmed">{t('themeDemo.coloursIntro', { scheme: t(`themeDemo.schemeNames.${scheme}`) })}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <Paper withBorder p="sm">
          <Stack gap={6}>
            <Text fw={600}>{t('themeDemo.text')}</Text>
            <Pair label={t('themeDemo.bodyText')} foreground={TEXT[scheme]} background={body} />
            <Pair label={t('themeDemo.dimmedText')} foreground={DIMMED[scheme]} background={body} />
          </Stack>
        </Paper>
        {SHOWN.map((name) => {
          const colour = schemeColours[name][scheme];
          return (
            <Paper withBorder p="sm" key={name}>
              <Stack gap={6}>
                <Group justify="space-between">
                  <Text fw={600} tt="capitalize">{name}</Text>
                  <Badge color={name} variant="light">{name}</Badge>
                </Group>
                <Pair label={t('themeDemo.text')} foreground={colour.text} background={body} />
                <Pair label={t('themeDemo.whiteOnFilled')} foreground="#ffffff" background={colour.filled} />
                <Pair label={t('themeDemo.lightVariant')} foreground={colour.lightColor} background={colour.light} />
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
