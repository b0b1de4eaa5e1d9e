// One campaign in the list: name, type, pool, status, when, progress
// (recipients / sent / skipped / failed) and results (human open rate, reply
// rate, meetings booked).
import { Anchor, Progress, Table, Text } from '@mantine/core';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import { formatPercent } from '#app/i18n/format.ts';
import type { CampaignSummary } from '#domain/campaigns/schemas.ts';
import { progressPercent } from '#domain/campaigns/progress.ts';
import { CampaignStatusBadge } from './CampaignStatusBadge.tsx';

export function CampaignRow({ campaign, selected, onOpen }: { campaign: CampaignSummary; selected: boolean; onOpen: () => void }) {
  const percent = progressPercent(campaign);
  const t = useT();
  return (
    <Table.Tr data-testid={`campaign-row-${campaign.id}`} bg={selected ? 'var(--mantine-color-blue-light)' : undefined}>
      <Table.Td>
        <Anchor component="button" type="button" onClick={onOpen} fw={500} size="sm">{campaign.name}</Anchor>
        <Text size="xs" c="dimmed">{t(`panels.campaignTypes.${campaign.campaignType}.label`)}{campaign.talentPoolName ? ` · ${campaign.talentPoolName}` : ''}</Text>
      </Table.Td>
      <Table.Td><CampaignStatusBadge status={campaign.status} /></Table.Td>
      <Table.Td><Text size="xs">{formatDateTime(campaign.scheduledAt)}</Text></Table.Td>
      <Table.Td miw={140}>
        <Progress value={percent} size="sm" aria-label={t('communications.campaigns.progressLabel', { name: campaign.name })} />
        <Text size="xs" c="dimmed" data-testid="campaign-counts">
          {t('communications.campaigns.counts', { recipients: campaign.recipients, sent: campaign.sent, skipped: campaign.skipped, failed: campaign.failed })}
        </Text>
      </Table.Td>
      <Table.Td data-testid="campaign-results">
        <Text size="xs"><Text span fw={600}>{campaign.sent}</Text> {t('communications.campaigns.sent')}</Text>
        <Text size="xs"><Text span fw={600}>{formatPercent(campaign.humanOpenRate)}</Text> {t('communications.campaigns.openedByPerson')}</Text>
        <Text size="xs"><Text span fw={600}>{formatPercent(campaign.replyRate)}</Text> {t('communications.campaigns.replied')}</Text>
        <Text size="xs"><Text span fw={600}>{campaign.meetingsBooked}</Text> {campaign.meetingsBooked === 1 ? t('communications.campaigns.meetingBooked') : t('communications.campaigns.meetingsBooked')}</Text>
      </Table.Td>
    </Table.Tr>
  );
}
