import { Badge } from '@mantine/core';
import { useT } from '#app/i18n/useT.ts';
import type { CampaignStatus } from '#domain/campaigns/schemas.ts';

const STATUS_COLORS: Record<CampaignStatus, string> = {
  draft: 'gray', scheduled: 'blue', sending: 'yellow', paused: 'orange', sent: 'green', failed: 'red', cancelled: 'gray',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const t = useT();
  return <Badge color={STATUS_COLORS[status]} variant="light" data-testid="campaign-status">{t(`communications.campaignStatuses.${status}`)}</Badge>;
}
