// "Hottest candidates this week": the highest engagement scores with activity
// in the last 7 days; each opens the candidate drawer.
import { Anchor, Badge, Group } from '@mantine/core';
import type { Dashboard } from '#domain/dashboard/schemas.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import { BAND_COLORS, BAND_LABELS } from './bands.ts';
import { CardList, DashboardCard } from './DashboardCard.tsx';
import { candidateHref, engagedPeopleHref } from './dashboardLinks.ts';

export function HottestCard({ items }: { items: Dashboard['hottest'] }) {
  return (
    <DashboardCard id="hottest-candidates" title="Hottest candidates this week" link={{ href: engagedPeopleHref(), label: 'All by engagement' }}>
      <CardList items={items} empty="No candidate activity in the last 7 days." ordered gap={6}>
        {(candidate) => (
          <Group key={candidate.id} component="li" justify="space-between" gap="xs" wrap="nowrap" data-testid="hottest-item">
            <Anchor size="sm" truncate {...appLinkProps(candidateHref(candidate.id))}>{candidate.name}</Anchor>
            <Badge variant="filled" color={BAND_COLORS[candidate.band]} aria-label={`Score ${candidate.score}%, ${BAND_LABELS[candidate.band]}`}>
              {candidate.score}% · {BAND_LABELS[candidate.band]}
            </Badge>
          </Group>
        )}
      </CardList>
    </DashboardCard>
  );
}
