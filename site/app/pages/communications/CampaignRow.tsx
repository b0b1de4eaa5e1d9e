// One campaign in the list: name, type, pool, status, when, progress
// (recipients / sent / skipped / failed) and results (human open rate, reply
// rate, meetings booked).
import { Anchor, Progress, Table, Text } from '@mantine/core';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { campaignTypeLabel } from '#app/messaging/campaignTypes.ts';
import type { CampaignSummary } from '#domain/campaigns/schemas.ts';
import { progressPercent } from '#domain/campaigns/progress.ts';
import { CampaignStatusBadge } from './CampaignStatusBadge.tsx';

export function CampaignRow({ campaign, selected, onOpen }: { campaign: CampaignSummary; selected: boolean; onOpen: () => void }) {
  const percent = progressPercent(campaign);
  return (
    <Table.Tr data-testid={`campaign-row-${campaign.id}`} bg={selected ? 'var(--mantine-color-blue-light)' : undefined}>
      <Table.Td>
        <Anchor component="button" type="button" onClick={onOpen} fw={500} size="sm">{campaign.name}</Anchor>
        <Text size="xs" c="dimmed">{campaignTypeLabel(campaign.campaignType)}{campaign.talentPoolName ? ` · ${campaign.talentPoolName}` : ''}</Text>
      </Table.Td>
      <Table.Td><CampaignStatusBadge status={campaign.status} /></Table.Td>
      <Table.Td><Text size="xs">{formatDateTime(campaign.scheduledAt)}</Text></Table.Td>
      <Table.Td miw={140}>
        <Progress value={percent} size="sm" aria-label={`${campaign.name} progress`} />
        <Text size="xs" c="dimmed" data-testid="campaign-counts">
          {campaign.recipients} recipients · {campaign.sent} sent · {campaign.skipped} skipped · {campaign.failed} failed
        </Text>
      </Table.Td>
      <Table.Td data-testid="campaign-results">
        <Text size="xs"><Text span fw={600}>{campaign.sent}</Text> sent</Text>
        <Text size="xs"><Text span fw={600}>{campaign.humanOpenRate}%</Text> opened by a person</Text>
        <Text size="xs"><Text span fw={600}>{campaign.replyRate}%</Text> replied</Text>
        <Text size="xs"><Text span fw={600}>{campaign.meetingsBooked}</Text> {campaign.meetingsBooked === 1 ? 'meeting' : 'meetings'} booked</Text>
      </Table.Td>
    </Table.Tr>
  );
}
