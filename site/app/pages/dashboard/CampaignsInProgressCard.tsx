// "Campaigns in progress": scheduled and sending campaigns with a progress
// bar; each opens the campaign in Communications.
import { Anchor, Group, Progress, Text } from '@mantine/core';
import type { Dashboard } from '#domain/dashboard/schemas.ts';
import { useT } from '#app/i18n/useT.ts';
import { appLinkProps } from '#app/router/Link.tsx';
import { CardList, DashboardCard } from './DashboardCard.tsx';
import { campaignHref, campaignsHref } from './dashboardLinks.ts';
import { formatCount, formatRate } from './format.ts';

export function CampaignsInProgressCard({ items }: { items: Dashboard['campaignsInProgress'] }) {
  const t = useT();
  return (
    <DashboardCard id="campaigns-in-progress" title={t('dashboard.campaignsInProgress')} link={{ href: campaignsHref(), label: t('dashboard.allCampaigns') }}>
      <CardList items={items} empty={t('dashboard.noCampaignsInProgress')}>
        {(campaign) => (
          <li key={campaign.id} data-testid="campaign-in-progress">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
              <Anchor size="sm" fw={600} {...appLinkProps(campaignHref(campaign.id))}>{campaign.name}</Anchor>
              <Text size="xs" c="dimmed" tt="capitalize">{campaign.status === 'scheduled' || campaign.status === 'sending' ? t(`dashboard.campaignStatuses.${campaign.status}`) : campaign.status}</Text>
            </Group>
            <Progress value={campaign.percent} size="sm" color="blue.8" mt={4}
              aria-label={t('dashboard.percentSent', { name: campaign.name, percent: formatRate(campaign.percent) })} />
            <Text size="xs" c="dimmed" mt={2}>{t('dashboard.sentOf', { sent: formatCount(campaign.sent), recipients: formatCount(campaign.recipients) })}</Text>
          </li>
        )}
      </CardList>
    </DashboardCard>
  );
}
