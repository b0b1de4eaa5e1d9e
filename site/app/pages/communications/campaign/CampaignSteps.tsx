// A sequence's steps (GET /api/campaigns/{id} `steps`): when each goes out,
// its subject, and how many got it, wait for it or left before it; then the
// send window and whether late joiners come in.
import { List, Stack, Text } from '@mantine/core';
import type { CampaignDetail } from '#domain/campaigns/schemas.ts';

type Step = CampaignDetail['steps'][number];

function when(step: Step): string {
  if (step.position === 1) return 'First email';
  const days = `${step.delayDays} ${step.businessDaysOnly ? 'business ' : ''}day${step.delayDays === 1 ? '' : 's'}`;
  return `${days} after step ${step.position - 1}`;
}

function windowText(window: NonNullable<CampaignDetail['sendWindow']>): string {
  const days = window.weekdaysOnly ? ' on weekdays' : '';
  const zone = window.candidateTimeZone ? ", in each candidate's time zone" : '';
  return `Sends between ${window.start} and ${window.end}${days}${zone}.`;
}

export function CampaignSteps({ campaign }: { campaign: Pick<CampaignDetail, 'steps' | 'sendWindow' | 'joinLate'> }) {
  return (
    <Stack gap={4} data-testid="campaign-steps">
      <List type="ordered" size="sm" spacing={4}>
        {campaign.steps.map((step) => (
          <List.Item key={step.position} data-testid={`campaign-step-${step.position}`}>
            <Text size="sm" span fw={500}>{when(step)}</Text>
            <Text size="sm" span c="dimmed"> · {step.subject}</Text>
            <Text size="xs" c="dimmed">
              {step.counts.sent} sent · {step.counts.waiting} waiting · {step.counts.failed} failed · {step.counts.exited} left before it
            </Text>
          </List.Item>
        ))}
      </List>
      {campaign.sendWindow && <Text size="xs" c="dimmed">{windowText(campaign.sendWindow)}</Text>}
      {campaign.joinLate && <Text size="xs" c="dimmed">Candidates added to the pool later join this campaign.</Text>}
    </Stack>
  );
}
