// The "All" view's campaign sends that nobody answered: one row per campaign
// instead of one thread per recipient, each opening the campaign's detail.
import { Alert, Anchor, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { errorText } from '#app/api/ApiError.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { useCampaignGroups } from '#app/messaging/queries.ts';

export function CampaignGroups() {
  const groups = useCampaignGroups(true);
  if (groups.isError) return <Alert color="red" title="Could not load campaign sends">{errorText(groups.error)}</Alert>;
  if (!groups.data?.length) return null;
  return (
    <Stack gap="xs" data-testid="campaign-groups">
      {groups.data.map((group) => (
        <Paper key={group.campaignId} withBorder p="sm" bg="var(--mantine-color-gray-light)" data-testid={`campaign-group-${group.campaignId}`}>
          <Anchor component={Link} to={`/app/communications?campaign=${group.campaignId}`} size="sm" fw={600}>
            Campaign {group.name}: {group.unanswered} sent, no reply yet
          </Anchor>
          <Text size="xs" c="dimmed">Last sent {formatDateTime(group.lastSentAt)}</Text>
        </Paper>
      ))}
    </Stack>
  );
}
