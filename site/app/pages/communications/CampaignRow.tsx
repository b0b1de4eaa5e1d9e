// One campaign in the list: name, type, pool, status, when, progress
// (recipients / sent / skipped / failed) and results (human open rate, reply
// rate, meetings booked). A table row on a wide screen; on a phone a card with
// the same parts stacked, so that progress and results stay in view.
import { Anchor, Card, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import { formatPercent } from '#app/i18n/format.ts';
import type { CampaignSummary } from '#domain/campaigns/schemas.ts';
import { progressPercent } from '#domain/campaigns/progress.ts';
import { CampaignStatusBadge } from './CampaignStatusBadge.tsx';
import { campaignPath } from '#domain/campaigns/paths.ts';
import { appLinkProps } from '#app/router/Link.tsx';

interface CampaignProps { campaign: CampaignSummary }

function CampaignName({ campaign }: CampaignProps) {
  const t = useT();
  return (
    <div>
      <Anchor {...appLinkProps(campaignPath(campaign.id))} fw={500} size="sm">{campaign.name}</Anchor>
      <Text size="xs" c="dimmed">{t(`panels.campaignTypes.${campaign.campaignType}.label`)}{campaign.talentPoolName ? ` · ${campaign.talentPoolName}` : ''}</Text>
    </div>
  );
}

function CampaignProgress({ campaign }: { campaign: CampaignSummary }) {
  const t = useT();
  return (
    <>
      <Progress value={progressPercent(campaign)} size="sm" aria-label={t('communications.campaigns.progressLabel', { name: campaign.name })} />
      <Text size="xs" c="dimmed" data-testid="campaign-counts">
        {t('communications.campaigns.counts', { recipients: campaign.recipients, sent: campaign.sent, skipped: campaign.skipped, failed: campaign.failed })}
      </Text>
    </>
  );
}

function CampaignResults({ campaign }: { campaign: CampaignSummary }) {
  const t = useT();
  return (
    <>
      <Text size="xs"><Text span fw={600}>{campaign.sent}</Text> {t('communications.campaigns.sent')}</Text>
      <Text size="xs"><Text span fw={600}>{formatPercent(campaign.humanOpenRate)}</Text> {t('communications.campaigns.openedByPerson')}</Text>
      <Text size="xs"><Text span fw={600}>{formatPercent(campaign.replyRate)}</Text> {t('communications.campaigns.replied')}</Text>
      <Text size="xs"><Text span fw={600}>{campaign.meetingsBooked}</Text> {campaign.meetingsBooked === 1 ? t('communications.campaigns.meetingBooked') : t('communications.campaigns.meetingsBooked')}</Text>
    </>
  );
}

export function CampaignRow({ campaign }: CampaignProps) {
  return (
    <Table.Tr data-testid={`campaign-row-${campaign.id}`}>
      <Table.Td><CampaignName campaign={campaign} /></Table.Td>
      <Table.Td><CampaignStatusBadge status={campaign.status} /></Table.Td>
      <Table.Td><Text size="xs">{formatDateTime(campaign.scheduledAt)}</Text></Table.Td>
      <Table.Td miw={140}><CampaignProgress campaign={campaign} /></Table.Td>
      <Table.Td data-testid="campaign-results"><CampaignResults campaign={campaign} /></Table.Td>
    </Table.Tr>
  );
}

export function CampaignCard({ campaign }: CampaignProps) {
  return (
    <Card withBorder padding="sm" data-testid={`campaign-row-${campaign.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <CampaignName campaign={campaign} />
          <CampaignStatusBadge status={campaign.status} />
        </Group>
        <Text size="xs">{formatDateTime(campaign.scheduledAt)}</Text>
        <div><CampaignProgress campaign={campaign} /></div>
        <Group gap="md" data-testid="campaign-results"><CampaignResults campaign={campaign} /></Group>
      </Stack>
    </Card>
  );
}
