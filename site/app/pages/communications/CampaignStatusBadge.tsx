import { Badge } from '@mantine/core';
import type { CampaignStatus } from '#domain/campaigns/schemas.ts';

const STATUS_COLORS: Record<CampaignStatus, string> = {
  draft: 'gray', scheduled: 'blue', sending: 'yellow', paused: 'orange', sent: 'green', failed: 'red', cancelled: 'gray',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge color={STATUS_COLORS[status]} variant="light" data-testid="campaign-status">{status}</Badge>;
}
