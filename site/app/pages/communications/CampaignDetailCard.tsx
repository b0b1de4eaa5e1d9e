// One campaign (GET /api/campaigns/{id}, ?campaign={id}): status with a live
// progress bar while sending, why recipients were skipped, a sequence's steps,
// the funnel, the recipients, and pause / resume / cancel.
import { Alert, Center, Divider, Group, List, Loader, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { errorText } from '#app/api/ApiError.ts';
import type { CampaignDetail } from '#domain/campaigns/schemas.ts';
import { formatDateTime } from '#app/lib/formatDate.ts';
import { campaignTypeLabel } from '#app/messaging/campaignTypes.ts';
import { CampaignStatusBadge } from './CampaignStatusBadge.tsx';
import { CampaignControls } from './campaign/CampaignControls.tsx';
import { CampaignFunnel } from './campaign/CampaignFunnel.tsx';
import { CampaignSteps } from './campaign/CampaignSteps.tsx';
import { RecipientTable } from './campaign/RecipientTable.tsx';
import { useLiveCampaign } from './campaign/queries.ts';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xl" fw={700}>{value}</Text>
      <Text size="xs" c="dimmed">{label}</Text>
    </div>
  );
}

/** What waits for a later moment, and why: the sender's daily limit, the per-minute rate, a send window or a step's delay. */
function WaitingText({ waiting: w }: { waiting: CampaignDetail['waiting'] }) {
  const lines = [
    w.waitingForDailyCap > 0 && `${w.waitingForDailyCap} waiting for tomorrow's window (the sender's daily limit was reached)`,
    w.waitingForLimit - w.waitingForDailyCap > 0 && `${w.waitingForLimit - w.waitingForDailyCap} waiting for the sender's per-minute limit`,
    w.waitingForWindow > 0 && `${w.waitingForWindow} waiting for their send time`,
  ].filter(Boolean);
  if (!lines.length) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="campaign-waiting">
      {lines.join(' · ')}{w.nextSendAt ? `; the next goes out ${formatDateTime(w.nextSendAt)}.` : '.'}
    </Text>
  );
}

export function CampaignDetailCard({ id }: { id: number }) {
  const campaign = useLiveCampaign(id);
  if (campaign.isError) return <Alert color="red" title="Could not load the campaign">{errorText(campaign.error)}</Alert>;
  if (!campaign.data) return <Center py="lg"><Loader aria-label="Loading campaign" /></Center>;
  const c = campaign.data;
  const p = c.progress;
  const sending = c.status === 'sending';
  const dispatched = c.startedAt !== null;
  return (
    <Paper withBorder p="md" data-testid="campaign-detail">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3}>{c.name}</Title>
            <Text size="sm" c="dimmed">
              {campaignTypeLabel(c.campaignType)}{c.talentPoolName ? ` · ${c.talentPoolName}` : ''} · {formatDateTime(c.scheduledAt)}
            </Text>
          </div>
          <Group gap="xs">
            <CampaignStatusBadge status={c.status} />
            <CampaignControls id={c.id} status={c.status} />
          </Group>
        </Group>
        <Text size="sm"><Text span fw={500}>Subject:</Text> {c.emailSubject}</Text>
        <Progress value={p.percent} animated={sending} striped={sending} aria-label="Campaign progress" aria-valuetext={`${p.percent}% done`} />
        <Text size="xs" c="dimmed" data-testid="campaign-progress-text" aria-live="polite">
          {sending ? `Sending: ${p.percent}% done, ${p.pending} still to send` : `${p.percent}% done`}
        </Text>
        <SimpleGrid cols={{ base: 2, xs: 4 }}>
          <Figure label="Recipients" value={p.recipients} />
          <Figure label="Sent" value={p.sent} />
          <Figure label="Skipped" value={p.skipped} />
          <Figure label="Failed" value={p.failed} />
        </SimpleGrid>
        {c.status === 'scheduled' && p.eligibleNow !== null && <Text size="sm" c="dimmed">{p.eligibleNow} candidates in the pool can receive it now.</Text>}
        {c.status === 'paused' && (c.pausedReason
          ? <Alert color="orange" p="xs" data-testid="campaign-paused-reason">{c.pausedReason}. Nothing more is sent until you resume it.</Alert>
          : <Text size="sm" c="dimmed">Paused: nothing more is sent until you resume it.</Text>)}
        <WaitingText waiting={c.waiting} />
        {p.cancelled > 0 && <Text size="sm" c="dimmed">{p.cancelled} messages were not sent because the campaign was cancelled.</Text>}
        {p.skipReasons.length > 0 && (
          <div>
            <Text size="sm" fw={500}>Skipped because</Text>
            <List size="sm">{p.skipReasons.map((r) => <List.Item key={r.reason}>{r.reason}: {r.count}</List.Item>)}</List>
          </div>
        )}
        {c.steps.length > 1 && (
          <>
            <Divider label="Sequence" labelPosition="left" />
            <CampaignSteps campaign={c} />
          </>
        )}
        {dispatched && (
          <>
            <Divider label="Results" labelPosition="left" />
            <CampaignFunnel funnel={c.funnel} />
            <Divider label="Recipients" labelPosition="left" />
            <RecipientTable campaignId={c.id} live={sending} steps={Math.max(1, c.steps.length)}
              running={c.status === 'sending' || c.status === 'paused'} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
