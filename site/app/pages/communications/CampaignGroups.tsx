// The "All" view's campaign sends that nobody answered: one row per campaign
// instead of one thread per recipient, each opening the campaign's detail.
import { Alert, Anchor, Paper, Stack, Text } from '@mantine/core';
import { Link } from '#app/router/Link.tsx';
import { campaignPath } from '#domain/campaigns/paths.ts';
import { errorText } from '#app/api/ApiError.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useT } from '#app/i18n/useT.ts';
import { useCampaignGroups } from '#app/messaging/queries.ts';

export function CampaignGroups() {
  const groups = useCampaignGroups(true);
  const t = useT();
  if (groups.isError) return <Alert color="red" title={t('communications.groups.loadFailed')}>{errorText(groups.error)}</Alert>;
  if (!groups.data?.length) return null;
  return (
    <Stack gap="xs" data-testid="campaign-groups">
      {groups.data.map((group) => (
        <Paper key={group.campaignId} withBorder p="sm" bg="var(--mantine-color-gray-light)" data-testid={`campaign-group-${group.campaignId}`}>
          <Anchor component={Link} to={campaignPath(group.campaignId)} size="sm" fw={600}>
            {t('communications.groups.campaign', { name: group.name, count: group.unanswered })}
          </Anchor>
          <Text size="xs" c="dimmed">{t('communications.groups.lastSent', { date: formatDateTime(group.lastSentAt) })}</Text>
        </Paper>
      ))}
    </Stack>
  );
}
