import { Badge } from '@mantine/core';
import { STATUS_COLORS } from './campaignProgress.ts';

export function CampaignStatusBadge({ status }: { status: string }) {
  return <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" data-testid="campaign-status">{status}</Badge>;
}
