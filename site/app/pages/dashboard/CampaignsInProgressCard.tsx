// "Campaigns in progress": scheduled and sending campaigns with a progress
// bar; each opens the campaign in Communications.
import { Anchor, Group, Progress, Text } from '@mantine/core';
import type { Dashboard } from '#domain/dashboard/schemas.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import { CardList, DashboardCard } from './DashboardCard.tsx';
import { campaignHref, campaignsHref } from './dashboardLinks.ts';
import { formatCount, formatRate } from './format.ts';

export function CampaignsInProgressCard({ items }: { items: Dashboard['campaignsInProgress'] }) {
  return (
    <DashboardCard id="campaigns-in-progress" title="Campaigns in progress" link={{ href: campaignsHref(), label: 'All campaigns' }}>
      <CardList items={items} empty="No campaign is scheduled or sending.">
        {(campaign) => (
          <li key={campaign.id} data-testid="campaign-in-progress">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
              <Anchor size="sm" fw={600} {...appLinkProps(campaignHref(campaign.id))}>{campaign.name}</Anchor>
              <Text size="xs" c="dimmed" tt="capitalize">{campaign.status}</Text>
            </Group>
            <Progress value={campaign.percent} size="sm" color="blue.8" mt={4}
              aria-label={`${campaign.name}: ${formatRate(campaign.percent)} sent`} />
            <Text size="xs" c="dimmed" mt={2}>{formatCount(campaign.sent)} of {formatCount(campaign.recipients)} sent</Text>
          </li>
        )}
      </CardList>
    </DashboardCard>
  );
}
