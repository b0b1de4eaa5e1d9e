// An engagement score 0-100% as a thin bar with its number and band (spec §1,
// decision 016), in the bands' colours (#app/lib/engagementBands.ts).
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { bandOf, type EngagementBand } from '#domain/engagement/score.ts';
import { useT } from '#app/i18n/useT.ts';
import { BAND_COLOURS } from '#app/lib/engagementBands.ts';

export const clampScore = (score: number) => Math.min(Math.max(Math.round(score), 0), 100);

/** The bar or ring colour of a score: its band's. */
export function engagementColor(score: number): string {
  return BAND_COLOURS[bandOf(clampScore(score))].bar;
}

export function EngagementBandBadge({ score, band = bandOf(clampScore(score)) }: { score: number; band?: EngagementBand }) {
  const t = useT();
  const colours = BAND_COLOURS[band];
  return (
    <Badge size="sm" radius="sm" color={colours.background} styles={{ label: { color: colours.text } }} data-testid="engagement-band" data-band={band}>
      {t(`people.engagement.bands.${band}`)}
    </Badge>
  );
}

/** `stacked`: the band under the bar, for a narrow table column. */
export function EngagementBar({ score, stacked = false }: { score: number; stacked?: boolean }) {
  const t = useT();
  const value = clampScore(score);
  const bar = <>
    <Progress value={value} color={engagementColor(value)} size="sm" w={48} aria-label={t('people.engagement.bar', { value })} />
    <Text size="xs">{value}%</Text>
  </>;
  if (stacked) {
    return <Stack gap={2} align="flex-start"><Group gap={6} wrap="nowrap">{bar}</Group><EngagementBandBadge score={value} /></Stack>;
  }
  return <Group gap={6} wrap="nowrap" miw={130}>{bar}<EngagementBandBadge score={value} /></Group>;
}
