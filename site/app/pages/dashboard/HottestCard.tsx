// "Hottest candidates this week": the highest engagement scores with activity
// in the last 7 days; each opens the candidate drawer.
import { Anchor, Badge, Group } from '@mantine/core';
import type { Dashboard } from '#domain/dashboard/schemas.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import { useT } from '#app/i18n/useT.ts';
import { BAND_COLOURS } from '#app/lib/engagementBands.ts';
import { CardList, DashboardCard } from './DashboardCard.tsx';
import { candidateHref, engagedPeopleHref } from './dashboardLinks.ts';

export function HottestCard({ items }: { items: Dashboard['hottest'] }) {
  const t = useT();
  return (
    <DashboardCard id="hottest-candidates" title={t('dashboard.hottest')} link={{ href: engagedPeopleHref(), label: t('dashboard.allByEngagement') }}>
      <CardList items={items} empty={t('dashboard.noHottest')} ordered gap={6}>
        {(candidate) => (
          <Group key={candidate.id} component="li" justify="space-between" gap="xs" wrap="nowrap" data-testid="hottest-item">
            <Anchor size="sm" truncate {...appLinkProps(candidateHref(candidate.id))}>{candidate.name}</Anchor>
            <Badge color={BAND_COLOURS[candidate.band].background} styles={{ label: { color: BAND_COLOURS[candidate.band].text } }} aria-label={t('dashboard.scoreLabel', { score: candidate.score, band: t(`dashboard.bands.${candidate.band}`) })}>
              {candidate.score}% · {t(`dashboard.bands.${candidate.band}`)}
            </Badge>
          </Group>
        )}
      </CardList>
    </DashboardCard>
  );
}
