// One campaign with its progress and why recipients were skipped (GET /api/campaigns/{id}).
import { Alert, Center, Group, List, Loader, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { errorText } from '#app/api/ApiError.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { campaignTypeLabel } from '#app/messaging/campaignTypes.ts';
import { useCampaign } from '#app/messaging/queries.ts';
import { CampaignStatusBadge } from './CampaignStatusBadge.tsx';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xl" fw={700}>{value}</Text>
      <Text size="xs" c="dimmed">{label}</Text>
    </div>
  );
}

export function CampaignDetailCard({ id }: { id: number }) {
  const campaign = useCampaign(id);
  if (campaign.isError) return <Alert color="red" title="Could not load the campaign">{errorText(campaign.error)}</Alert>;
  if (!campaign.data) return <Center py="lg"><Loader aria-label="Loading campaign" /></Center>;
  const c = campaign.data;
  const p = c.progress;
  return (
    <Paper withBorder p="md" data-testid="campaign-detail">
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Title order={3}>{c.name}</Title>
            <Text size="sm" c="dimmed">
              {campaignTypeLabel(c.campaignType)}{c.talentPoolName ? ` · ${c.talentPoolName}` : ''} · {formatDateTime(c.scheduledAt)}
            </Text>
          </div>
          <CampaignStatusBadge status={c.status} />
        </Group>
        <Text size="sm"><Text span fw={500}>Subject:</Text> {c.emailSubject}</Text>
        <Progress value={p.percent} aria-label="Campaign progress" />
        <SimpleGrid cols={4}>
          <Figure label="Recipients" value={p.recipients} />
          <Figure label="Sent" value={p.sent} />
          <Figure label="Skipped" value={p.skipped} />
          <Figure label="Failed" value={p.failed} />
        </SimpleGrid>
        {c.status === 'scheduled' && <Text size="sm" c="dimmed">{p.eligibleNow} candidates in the pool can receive it now.</Text>}
        {p.skipReasons.length > 0 && (
          <div>
            <Text size="sm" fw={500}>Skipped because</Text>
            <List size="sm">{p.skipReasons.map((r) => <List.Item key={r.reason}>{r.reason}: {r.count}</List.Item>)}</List>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
